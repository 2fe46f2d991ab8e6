import SlipIR
import Testing

@testable import SlipCore

/// Inline spans in label text (issue 21): the runs each laid-out line gets, what data can and
/// cannot do to them, and the mixes ZPL cannot draw as the preview does, refused.
@Suite struct LabelSpanTests {
  static let header = "label width=4in height=2in dpi=203\n"

  static func compile(_ template: String, json: String = "{}") -> Compiler.Result {
    Compiler().compile(
      SourceFile(path: "t.slip", text: header + template), data: SourceFile(path: "d.json", text: json))
  }

  /// Each line's runs as `x+width:text` with `*` bold, `_` underline and `!` invert; a line
  /// without runs as its text in brackets.
  static func runs(_ template: String, json: String = "{}") -> [String] {
    let result = compile(template, json: json)
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return (result.document?.page?.elements ?? []).flatMap { element -> [String] in
      guard case .text(let text) = element else { return [] }
      return text.lines.map { line in
        guard !line.runs.isEmpty else { return "[\(line.text)]" }
        return line.runs.map { run in
          let marks =
            (run.style.bold ? "*" : "") + (run.style.underline ? "_" : "") + (run.style.invert ? "!" : "")
          return "\(run.x)+\(run.width)\(marks):\(run.text)"
        }.joined(separator: " ")
      }
    }
  }

  /// The IDs reported, with each one's line and column.
  static func reported(_ template: String, json: String = "{}") -> [String] {
    SpanTests.located(compile(template, json: json), withHelp: false)
  }

  @Test func runsFollowTheWrappedLines() {
    // Font D's cells are 12 dots apart at this size: each run starts where its characters do.
    let lines = Self.runs(
      #"text "Gate <inv>B7</inv> seat <b>12A</b> <u>long words here</u>" x=10 y=0 w=240 font=D size=18 lines=3"#
    )
    #expect(
      lines == [
        "10+60:Gate  70+24!:B7 94+72: seat  166+36*:12A",
        "10+180_:long words here",
      ])
    // A plain line keeps no runs, whatever the rest of the text has.
    #expect(
      Self.runs(#"text "plain words\n<u>x</u>" x=0 y=0 w=200 lines=2 font=D"#) == [
        "[plain words]", "0+12_:x",
      ])
  }

  @Test func aCutLineEndsInTheStyleOfWhatItFollows() {
    let lines = Self.runs(#"text "<b>aaaa bbbb cccc</b>" x=0 y=0 w=96 font=D size=18"#)
    #expect(lines == ["0+84*:aaaa..."])
  }

  @Test func valuesFromDataAreNeverMarkup() {
    let lines = Self.runs(
      #"text "Name <b>{{ name }}</b> {{ role }}" x=0 y=0 font=D size=18"#,
      json: #"{"name": "<u>x</u>", "role": "</b><inv>y"}"#)
    #expect(lines == ["0+60:Name  60+96*:<u>x</u> 156+132: </b><inv>y"])
  }

  @Test func sizeIsRefusedInLabelText() {
    #expect(Self.reported(#"text "a <size 2x2>b</size>" x=0 y=0"#) == ["E0354 2:9"])
  }

  @Test func boldOnWhiteOnBlackIsRefused() {
    #expect(Self.reported(#"text "<inv>a <b>b</b></inv>" x=0 y=0"#) == ["E0355 2:14"])
    #expect(Self.reported(#"text "<b>a <inv>b</inv></b>" x=0 y=0"#) == ["E0355 2:12"])
    #expect(Self.reported(#"text "a <b>b</b>" x=0 y=0 reverse"#) == ["E0355 2:9"])
    // Underlined reverse text prints: each strike is one `^FR` field.
    #expect(Self.reported(#"text "a <u>b</u>" x=0 y=0 reverse"#).isEmpty)
  }

  @Test func invertInReverseTextIsRefused() {
    #expect(Self.reported(#"text "a <inv>b</inv>" x=0 y=0 reverse"#) == ["E0356 2:9"])
  }

  @Test func spansInTurnedTextAreRefusedOnce() {
    #expect(Self.reported(#"text "<b>a</b> <u>b</u>" x=0 y=0 rotate=90"#) == ["E0349 2:7"])
  }

  @Test func spansInShapedTextAreRefused() {
    // The shaped line is sent as one picture, which has no styles.
    #expect(
      Self.reported(#"text "<b>{{ name }}</b>" x=0 y=0"#, json: #"{"name": "مرحبا"}"#) == ["E0357 2:1"])
  }

  @Test func tagMistakesAreTheReceiptsOnes() {
    #expect(Self.reported(#"text "<bold>a" x=0 y=0"#) == ["E0348 2:7"])
    #expect(Self.reported(#"text "<b>a" x=0 y=0"#) == ["E0347 2:7"])
  }
}
