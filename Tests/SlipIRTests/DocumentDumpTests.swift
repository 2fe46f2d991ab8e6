import SlipIR
import Testing

/// The IR on its own: values a backend receives, and their stable text dump.
@Suite struct DocumentDumpTests {
  static let document = Document(
    sources: ["receipt.slip", "footer.slip"],
    media: ReceiptMedia(paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42),
    blocks: [
      .text(
        TextLine(
          font: .a, scale: Scale(width: 2, height: 2), alignment: .center, columns: 16,
          runs: [
            TextRun(
              column: 3, text: "Kopi \"Senja\"", width: 12, style: TextStyle(bold: true),
              source: SourceSpan(file: 0, line: 3, column: 1, endLine: 3, endColumn: 40))
          ],
          source: SourceSpan(file: 0, line: 3, column: 1, endLine: 3, endColumn: 40))),
      .rule(RuleLine(character: "=", font: .b, columns: 42, style: .plain, source: nil)),
      .feed(Feed(lines: 2, source: SourceSpan(file: 1, line: 1, column: 1, endLine: 1, endColumn: 7))),
      .drawer(DrawerKick(pin: 5, onMilliseconds: 120, offMilliseconds: 240, source: nil)),
      .cut(Cut(kind: .partial, source: nil)),
    ])

  @Test func dumpIsStableAndReadable() {
    #expect(
      Self.document.dump() == """
        receipt paper=58mm width=384 dpi=203 font=A columns=32
        source file1="footer.slip"
        text font=A scale=2x2 align=center columns=16 @3:1-3:40
          run col=3 width=12 bold "Kopi \\"Senja\\"" @3:1-3:40
        rule char="=" font=B columns=42
        feed lines=2 @file1:1:1-1:7
        drawer pin=5 on=120ms off=240ms
        cut partial

        """)
  }

  @Test func fontsKnowTheirCells() {
    #expect((Font.a.cellWidth, Font.a.cellHeight) == (12, 24))
    #expect((Font.b.cellWidth, Font.b.cellHeight) == (9, 17))
    #expect(Self.document.media.columns(for: .b) == 42)
    guard case .text(let line) = Self.document.blocks[0] else {
      Issue.record("expected a text line")
      return
    }
    #expect(line.glyphHeight == 48)
  }
}
