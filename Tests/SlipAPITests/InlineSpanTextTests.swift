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

  @Test func aSizedRunPrintsItsCharactersOnceAsThePrinterReceivesThem() throws {
    // "3" at 2x2 covers columns 20–21 on paper; its bytes hold one character, and the gap after
    // it one space: so the text (and a printer's text dump) reads "3 Rp 15.000".
    #expect(
      try Self.text(#"row "Es Teh" | "<size 2x2>3</size>" | "Rp 15.000""#)
        == "Es Teh              3 Rp 15.000\n")
  }

  @Test func dataTagsAreCharacters() throws {
    #expect(try Self.text(#"text "{{ n }}""#, #"{"n": "<size 8x8>X</size>"}"#) == "<size 8x8>X</size>\n")
  }
}
