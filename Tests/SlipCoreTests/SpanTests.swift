import SlipIR
import Testing

@testable import SlipCore

/// Inline spans (`<b>`, `<u>`, `<inv>`, `<size WxH>`), wrap modes, hard spaces and the `join`
/// and `pad` filters (issue 21), checked on the IR the backends read.
@Suite struct SpanTests {
  static func compile(_ template: String, json: String = "{}") -> Compiler.Result {
    Compiler().compile(
      SourceFile(path: "t.slip", text: "receipt paper=58mm\n" + template),
      data: SourceFile(path: "d.json", text: json))
  }

  /// Each diagnostic as `ID line:column`, then its help lines.
  static func reported(_ template: String, json: String = "{}") -> [String] {
    located(compile(template, json: json))
  }

  /// Each diagnostic of `result` as `ID line:column`, then (`withHelp`) its help lines.
  static func located(_ result: Compiler.Result, withHelp: Bool = true) -> [String] {
    result.diagnostics.map { diagnostic in
      let place = diagnostic.range.map { range -> String in
        let location = result.sources[range.file].location(at: range.start)
        return "\(location.line):\(location.column)"
      }
      return ([diagnostic.id + " " + (place ?? "?")] + (withHelp ? diagnostic.help : []))
        .joined(separator: " | ")
    }
  }

  /// Each text line's runs as `column+width:text` with `*` bold, `_` underline, `!` invert and
  /// `@WxH` an own scale.
  static func runs(_ template: String, json: String = "{}") -> [String] {
    let result = compile(template, json: json)
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return (result.document?.blocks ?? []).compactMap { block in
      guard case .text(let line) = block else { return nil }
      return line.runs.map { run in
        var marks = run.style.bold ? "*" : ""
        if run.style.underline { marks += "_" }
        if run.style.invert { marks += "!" }
        if let scale = run.scale { marks += "@\(scale)" }
        return "\(run.column)+\(run.width)\(marks):\(run.text)"
      }.joined(separator: " ")
    }
  }

  @Test func boldInsideALineIsARunOfItsOwn() {
    #expect(
      Self.runs(#"text "Total <b>{{ t }}</b> lunas""#, json: #"{"t": "Rp 45.000"}"#)
        == ["0+6:Total  6+9*:Rp 45.000 15+6: lunas"])
  }

  @Test func spansNestAndAddToTheStatementsStyle() {
    #expect(
      Self.runs(#"text "a<b>b<u>c<inv>d</inv></u></b>" underline"#)
        == ["0+1_:a 1+1*_:b 2+1*_:c 3+1*_!:d"])
  }

  @Test func dataIsNeverMarkup() {
    #expect(
      Self.runs(#"text "<b>{{ name }}</b> {{ name }}""#, json: #"{"name": "<u>x</u>"}"#)
        == ["0+8*:<u>x</u> 8+9: <u>x</u>"])
    // Inside `{{ }}`, `<` compares, and a string there is a value.
    #expect(Self.runs(#"text "{{ 1 < 2 }} {{ '<b>' }}""#) == ["0+8:true <b>"])
  }

  @Test func escapedAndLoneAngleBracketsAreCharacters() {
    #expect(Self.runs(#"text "\<b>x\</b> 1 < 2 <3""#) == ["0+17:<b>x</b> 1 < 2 <3"])
  }

  @Test func aSizeSpanCountsMagnifiedColumnsAndKeepsTheLinesBaseline() {
    let result = Self.compile(#"row "Es Teh" | "<size 2x2>3</size>" | "Rp 15.000""#)
    guard case .text(let line) = result.document?.blocks.first else {
      Issue.record("no line")
      return
    }
    #expect(line.scale == .normal)
    #expect(line.columns == 32)
    #expect(line.glyphHeight == 48)
    #expect(
      Self.runs(#"row "Es Teh" | "<size 2x2>3</size>" | "Rp 15.000""#)
        == ["0+6:Es Teh 20+2@2x2:3 23+9:Rp 15.000"])
  }

  @Test func aScaledStatementWithASizeSpanMovesToTheSingleWidthGrid() {
    // "AB" at 2x2 takes 4 columns, "c" at 1x1 one: centred in 32, from column 13.
    #expect(Self.runs(#"text "AB<size 1x1>c</size>" scale=2 align=center"#) == ["13+4@2x2:AB 17+1@1x1:c"])
  }

  @Test func sizeSpansWrapByTheirMagnifiedWidth() {
    // Ten 4-wide characters fill 40 columns: 8 on the first line of 32, 2 on the next.
    #expect(
      Self.runs(#"text "<size 4x1>0123456789</size>""#) == ["0+32@4x1:01234567", "0+8@4x1:89"])
  }

  @Test func aTableCellWithASizeSpanKeepsTheTablesColumns() {
    let runs = Self.runs(
      """
      table widths="* 4 10" align="left right right"
        row "Kopi" | "<size 2x2>2</size>" | "Rp 30.000"
        row "Teh" | "1" | "Rp 5.000"
      end
      """)
    #expect(runs == ["0+4:Kopi 19+2@2x2:2 23+9:Rp 30.000", "0+3:Teh 20+1:1 24+8:Rp 5.000"])
  }

  @Test func styledTrailingSpacesAreKeptAndPlainOnesDropped() {
    #expect(Self.runs(#"text "<inv> LUNAS </inv>   ""#) == ["0+7!: LUNAS "])
    #expect(Self.runs(#"text "<u>a </u>" align=right"#) == ["30+2_:a "])
    #expect(Self.runs(#"text "a  " align=right"#) == ["31+1:a"])
  }

  @Test func aHardSpaceJoinsWordsAndIsKeptAtTheEnd() {
    #expect(Self.runs(#"text "x\ " align=right"#) == ["30+2:x "])
    // "Lantai\ 2" does not break at its hard space.
    #expect(
      Self.runs(#"text "aaaaaaaaaaaaaaaaaaaaaaaaa Lantai\ 2""#)
        == ["0+25:aaaaaaaaaaaaaaaaaaaaaaaaa", "0+8:Lantai 2"])
  }

  @Test func wrapModes() {
    let text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh"
    #expect(Self.runs(#"text "\#(text)""#) == ["0+29:aaaa bbbb cccc dddd eeee ffff", "0+9:gggg hhhh"])
    #expect(
      Self.runs(#"text "\#(text)" wrap=char"#) == ["0+32:aaaa bbbb cccc dddd eeee ffff gg", "0+7:gg hhhh"])
    #expect(Self.runs(#"text "\#(text)" wrap=none"#) == ["0+32:aaaa bbbb cccc dddd eeee ffff gg"])
    // A line break still breaks under `none`; each line is clipped.
    #expect(
      Self.runs(#"text "\#(text)\nx" wrap=none"#) == ["0+32:aaaa bbbb cccc dddd eeee ffff gg", "0+1:x"])
    // A space the break falls on is not carried to the next line.
    #expect(Self.runs(#"text "\#(String(repeating: "a", count: 32)) b" wrap=char"#).last == "0+1:b")
  }

  @Test func wrapModesOnRowsAndTableCells() {
    #expect(
      Self.runs(#"row "Kopi Susu Gula Aren Ukuran Besar" | "Rp 28.000" wrap=none"#)
        == ["0+22:Kopi Susu Gula Aren Uk 23+9:Rp 28.000"])
    #expect(
      Self.runs(
        """
        table widths="6 *"
          row "abcdefghij" | "x" wrap=char
          row "abcdefghij" | "x" wrap=none
        end
        """) == ["0+6:abcdef 7+1:x", "0+4:ghij", "0+6:abcdef 7+1:x"])
  }

  @Test func plainTextUnderWordWrapIsLaidOutAsBefore() {
    // The styled path and the word wrapper agree on the same plain text.
    let text = "Nasi Goreng Kampung Spesial dengan Telur dan Kerupuk Udang"
    let plain = Self.runs(#"text "\#(text)""#)
    let styled = Self.runs(#"text "<b>\#(text)</b>""#).map { $0.replacingOccurrences(of: "*", with: "") }
    #expect(plain == styled)
  }

  @Test func joinAndPad() {
    #expect(
      Self.runs(
        #"text "{{ tags | join(' / ') }}|{{ tags | join }}""#, json: #"{"tags": ["a", 2, null, true]}"#)
        == ["0+23:a / 2 / true|a, 2, true"])
    #expect(
      Self.runs(#"text "[{{ 'ab' | pad(5) }}][{{ 7 | pad(3, 'right') }}][{{ 'x' | pad(3, 'center') }}]""#)
        == ["0+17:[ab   ][  7][ x ]"])
    #expect(Self.runs(#"text "{{ 'abcdef' | pad(3) }}""#) == ["0+6:abcdef"])
    // A padded field at the line's end keeps its width.
    #expect(Self.runs(#"text "{{ 'ab' | pad(5) }}" align=right"#) == ["27+5:ab   "])
  }

  @Test func joinAndPadRefuseWhatTheyCannotUse() {
    #expect(
      Self.reported(#"text "{{ x | join }}""#, json: #"{"x": "a"}"#).map { String($0.prefix(5)) } == ["E0407"]
    )
    #expect(
      Self.reported(#"text "{{ x | join(1) }}""#, json: #"{"x": ["a"]}"#).map { String($0.prefix(5)) } == [
        "E0407"
      ])
    #expect(
      Self.reported(#"text "{{ x | join }}""#, json: #"{"x": [[1]]}"#).map { String($0.prefix(5)) } == [
        "E0407"
      ])
    #expect(Self.reported(#"text "{{ 'a' | pad(256) }}""#).map { String($0.prefix(5)) } == ["E0407"])
    #expect(Self.reported(#"text "{{ 'a' | pad(3, 'up') }}""#).map { String($0.prefix(5)) } == ["E0407"])
  }

  @Test func badTagsAreErrorsAtTheirColumns() {
    #expect(
      Self.reported(#"text "a <bold>x</bold>""#)
        == ["E0348 2:9 | did you mean '<b>'?"])
    #expect(
      Self.reported(#"text "<b>unclosed""#)
        == ["E0347 2:7 | add '</b>' where the span ends, before the closing quote"])
    #expect(
      Self.reported(#"text "<b><u>x</b></u>""#)
        == ["E0343 2:14 | close '<u>' first: spans nest like '<b><u>…</u></b>'"])
    #expect(Self.reported(#"text "x</inv>""#).map { String($0.prefix(10)) } == ["E0342 2:8 "])
    #expect(Self.reported(#"text "<size 9x2>x</size>""#).map { String($0.prefix(10)) } == ["E0345 2:7 "])
    #expect(Self.reported(#"text "<size>x</size>""#).map { String($0.prefix(10)) } == ["E0345 2:7 "])
    #expect(Self.reported(#"text "<u 2>x</u>""#) == ["E0346 2:7"])
    #expect(
      Self.reported(#"text "<b{{ x }}>""#, json: #"{"x": 1}"#).map { String($0.prefix(10)) } == ["E0344 2:7 "]
    )
    #expect(Self.reported(#"text "<siz 2x2>x</size>""#) == ["E0348 2:7 | did you mean '<size>'?"])
    // A tag split by an interpolation is no tag, and a tag in a cell is located in that cell.
    #expect(Self.reported(#"row "a" | "b</b>""#).map { String($0.prefix(11)) } == ["E0342 2:13 "])
    // The columns after an escape are the piece's start (escapes change the offsets).
    #expect(Self.reported(#"text "\u{e9}<x>""#).map { String($0.prefix(6)) } == ["E0348 "])
  }

  @Test func spansOnlyInPrintedText() {
    // A rule's character and a barcode's data are not printed text: no tags read there.
    #expect(Self.compile(#"rule "<""#).diagnostics.isEmpty)
    // Label text reads them as receipts do (LabelSpanTests has the rest).
    let label = Compiler().check(
      SourceFile(path: "t.slip", text: "label width=2in height=1in\ntext \"<b>a</b>\" x=0 y=0"))
    #expect(label.diagnostics.isEmpty)
    let attempt = Compiler().check(
      SourceFile(path: "t.slip", text: "label width=2in height=1in\ntext \"<bold>a\" x=0 y=0"))
    #expect(attempt.diagnostics.map(\.id) == ["E0348"])
    // A '<' that starts no tag is a character on labels too.
    let plain = Compiler().check(
      SourceFile(path: "t.slip", text: "label width=2in height=1in\ntext \"1 < 2\" x=0 y=0"))
    #expect(plain.diagnostics.isEmpty)
  }

  @Test func theASTDumpShowsSpans() {
    let source = SourceFile(path: "t.slip", text: "receipt\ntext \"<size 2x1>a</size>\"")
    var lexer = Lexer(source: source, file: 0)
    let tokens = lexer.tokenize().tokens
    var parser = Parser(tokens: tokens)
    guard case .text(let text)? = parser.parse().template.statements.last else {
      Issue.record("no text")
      return
    }
    var reader = SpanReader()
    let read = reader.read(text.content)
    #expect(reader.diagnostics.isEmpty)
    #expect(read.parts.count == 3)
    #expect(
      read.parts.first
        == .span(.open(.size(Scale(width: 2, height: 1))), SourceRange(file: 0, start: 14, end: 24)))
  }
}
