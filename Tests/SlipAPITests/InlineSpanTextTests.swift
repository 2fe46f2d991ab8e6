import SlipCore
import SlipIR
import SlipText
import Testing

/// `--target text` of inline spans through the public API: the characters, never the tags, and
/// data's tags as characters (issue 21).
@Suite struct InlineSpanTextTests {
  static func text(_ template: String, _ json: String = "{}") throws -> String {
    let result = Compiler().compile(
      SourceFile(path: "t.slip", text: "receipt paper=58mm\n" + template),
      data: SourceFile(path: "d.json", text: json))
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return PlainTextWriter().write(try #require(result.document))
  }

  @Test func spansShowTheirCharacters() throws {
    #expect(
      try Self.text(#"text "Total <b>{{ t }}</b> <inv> LUNAS </inv>""#, #"{"t": "Rp 5.000"}"#)
        == "Total Rp 5.000  LUNAS\n")
  }

  @Test func aSizedRunIsFollowedByTheColumnsItCoversOnPaper() throws {
    // "3" at 2x2 covers columns 20–21 on paper: the text shows it once, then a space for the
    // column it covers beyond its own, so "Rp 15.000" starts at column 23 as on paper.
    let text = try Self.text(#"row "Es Teh" | "<size 2x2>3</size>" | "Rp 15.000""#)
    #expect(text == "Es Teh              3  Rp 15.000\n")
    #expect(text.dropLast().count == 32)
  }

  @Test func aBorderedTableWithASizedCellKeepsItsRulesInLine() throws {
    let text = try Self.text(
      """
      table widths="* 4 10" align="left right right" border=line
        row "Item" | "Qty" | "Total" header
        row "Es Teh" | "<size 2x2>12</size>" | "Rp 15.000"
        row "Kopi" | "<size 3x3>1</size>" | "<size 2x1>Rp 5</size>"
      end
      """)
    let lines = text.split(separator: "\n")
    // Every line, framed or not, has its vertical rules at the paper's columns: the frame's
    // top line gives them.
    let rules = Set(["│", "┌", "┬", "┐", "├", "┼", "┤", "└", "┴", "┘"].map(Character.init))
    let expected = lines[0].enumerated().filter { rules.contains($0.element) }.map { $0.offset }
    #expect(expected.count == 4)
    for line in lines {
      #expect(line.count == 32, "\(line)")
      let found = line.enumerated().filter { rules.contains($0.element) }.map { $0.offset }
      #expect(found == expected, "\(line)")
    }
    // "12" at 2x2 fills its 4-column cell; "Rp 5" at 2x1 takes 8 of its cell's 10.
    #expect(lines[3] == "│Es Teh        │12  │ Rp 15.000│")
    #expect(lines[4] == "│Kopi          │ 1  │  Rp 5    │")
  }

  @Test func dataTagsAreCharacters() throws {
    #expect(try Self.text(#"text "{{ n }}""#, #"{"n": "<size 8x8>X</size>"}"#) == "<size 8x8>X</size>\n")
  }
}
