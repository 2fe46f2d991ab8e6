import SlipIR
import SlipRaster
import Testing

@Suite struct GeometryTests {
  @Test func linesMoveThePaperByTheLineSpacingNotTheGlyphHeight() throws {
    // Three font A lines: 24-dot glyphs, but 30 dots of paper each, as ESC/POS's default spacing.
    let page = try Sample.bitmap([Sample.line("A"), Sample.line("B"), Sample.line("C")])
    #expect(page.height == 90)
    #expect(!Sample.dots(page, x: 0, y: 30, width: 12, height: 24).isEmpty)
    #expect(Sample.dots(page, x: 0, y: 24, width: 384, height: 6).isEmpty)
  }

  @Test func tallLinesTakeTheirOwnHeight() throws {
    let double = try Sample.bitmap([Sample.line("A", scale: Scale(width: 2, height: 2))])
    #expect(double.height == 48)
    let fontB = try Sample.bitmap([Sample.line("A", font: .b, scale: Scale(width: 1, height: 2))])
    #expect(fontB.height == 34)
    // An empty line is a bare line feed: the line spacing whatever its scale.
    let empty = TextLine(
      font: .a, scale: Scale(width: 2, height: 2), alignment: .left, columns: 16, runs: [], source: nil)
    #expect(try Sample.bitmap([.text(empty)]).height == 30)
  }

  @Test func feedsRulesCutsAndDrawers() throws {
    var page = Sample.paper
    page.cutFeedLines = 3
    let output = try Sample.pages(
      [
        Sample.line("A"), .feed(Feed(lines: 2, source: nil)),
        .rule(RuleLine(character: "-", font: .b, columns: 42, style: .plain, source: nil)),
        .drawer(DrawerKick(pin: 2, onMilliseconds: 100, offMilliseconds: 100, source: nil)),
        .cut(Cut(kind: .partial, source: nil)), Sample.line("B"), .cut(Cut(kind: .full, source: nil)),
      ], on: page)
    #expect(output.pages.count == 2)
    // 30 (line) + 60 (feed 2) + 30 (rule) + 0 (drawer) + 90 (three lines before the cut).
    #expect(output.pages[0].bitmap.height == 210)
    #expect(output.pages[0].blocks.map(\.top) == [0, 30, 90, 120, 120])
    #expect(output.pages[0].cut?.kind == .partial)
    #expect(output.pages[1].bitmap.height == 120)
    #expect(output.pages[1].blocks.map(\.index) == [5, 6])
  }

  @Test func nothingAfterTheLastCutMakesNoPage() throws {
    let output = try Sample.pages([Sample.line("A"), .cut(Cut(kind: .full, source: nil))])
    #expect(output.pages.count == 1)
    let open = try Sample.pages([Sample.line("A"), .cut(Cut(kind: .full, source: nil)), Sample.line("B")])
    #expect(open.pages.count == 2 && open.pages[1].cut == nil)
  }

  @Test func imagesSitAtTheirPlaceAndTakeTheirRows() throws {
    var picture = Bitmap(width: 10, height: 7)
    for y in 0..<7 { picture[0, y] = true }
    let image = Block.image(ImageBlock(bitmap: picture, x: 13, alignment: .left, name: "p.png", source: nil))
    var page = PageSettings(width: 576, dpi: 203, leftMargin: 96)
    let drawn = try Sample.bitmap([image], on: page)
    #expect(drawn.height == 7 && drawn.width == 576)
    #expect(Sample.dots(drawn, x: 0, y: 0, width: 576, height: 7) == Set((0..<7).map { [109, $0] }))
    // `ESC *` printers print images in 24-dot lines.
    page.imageRowMultiple = 24
    #expect(try Sample.bitmap([image], on: page).height == 24)
    page.printsImages = false
    #expect(try Sample.pages([image], on: page).pages.isEmpty)
  }

  @Test func marginsMoveTheTemplateOnWiderPaper() throws {
    let page = PageSettings(width: 576, dpi: 203, leftMargin: 96)
    let drawn = try Sample.bitmap([Sample.line("|")], on: page)
    #expect(Sample.dots(drawn, x: 0, y: 0, width: 96, height: 30).isEmpty)
    #expect(!Sample.dots(drawn, x: 96, y: 0, width: 12, height: 30).isEmpty)
  }

  @Test func runsStartAtTheirColumnsOfTheScaledGrid() throws {
    // Column 3 of a double-width line is 3 × 24 dots in.
    let drawn = try Sample.bitmap([Sample.line("|", column: 3, scale: Scale(width: 2, height: 1))])
    let dots = Sample.dots(drawn, x: 0, y: 0, width: 384, height: 30)
    #expect(dots.allSatisfy { (72..<96).contains($0[0]) })
    #expect(!dots.isEmpty)
  }
}

@Suite struct StyleTests {
  /// The dots of one font A cell at the top left of a one-line page.
  static func cell(_ style: TextStyle, _ text: String = "K") throws -> Set<[Int]> {
    Sample.dots(try Sample.bitmap([Sample.line(text, style: style)]), x: 0, y: 0, width: 12, height: 24)
  }

  @Test func boldStrikesAgainOneDotToTheRight() throws {
    let plain = try Self.cell(.plain)
    let bold = try Self.cell(TextStyle(bold: true))
    let expected = plain.union(plain.compactMap { $0[0] + 1 < 12 ? [$0[0] + 1, $0[1]] : nil })
    #expect(bold == expected)
    #expect(bold.count > plain.count)
  }

  @Test func underlineIsTheCellsBottomRow() throws {
    let plain = try Self.cell(.plain)
    let underlined = try Self.cell(TextStyle(underline: true))
    #expect(underlined == plain.union((0..<12).map { [$0, 23] }))
  }

  @Test func invertIsWhiteOnABlackCell() throws {
    let plain = try Self.cell(.plain)
    let inverted = try Self.cell(TextStyle(invert: true))
    var all: Set<[Int]> = []
    for y in 0..<24 { for x in 0..<12 { all.insert([x, y]) } }
    #expect(inverted == all.subtracting(plain))
  }

  @Test func doubleSizeIsEveryDotTwiceEachWay() throws {
    let plain = try Self.cell(.plain)
    let drawn = try Sample.bitmap([Sample.line("K", scale: Scale(width: 2, height: 2))])
    let big = Sample.dots(drawn, x: 0, y: 0, width: 24, height: 48)
    #expect(
      big
        == Set(
          plain.flatMap { dot in
            [[0, 0], [1, 0], [0, 1], [1, 1]].map { [dot[0] * 2 + $0[0], dot[1] * 2 + $0[1]] }
          }))
  }

  @Test func paddedRunsAreStyledAcrossTheirWidth() throws {
    // A run of one character the layout made 4 columns wide: underlined across all 4.
    let drawn = try Sample.bitmap([Sample.line("K", style: TextStyle(underline: true), width: 4)])
    #expect(Sample.dots(drawn, x: 0, y: 23, width: 384, height: 1) == Set((0..<48).map { [$0, 0] }))
  }

  @Test func gapsBetweenInvertedRunsStayBlack() throws {
    let inverted = TextStyle(invert: true)
    let runs = [
      TextRun(column: 0, text: "A", width: 1, style: inverted, source: nil),
      TextRun(column: 3, text: "B", width: 1, style: inverted, source: nil),
    ]
    let line = TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: runs, source: nil)
    let drawn = try Sample.bitmap([.text(line)])
    // The gap (columns 1 and 2) is solid black down the glyph height.
    #expect(Sample.dots(drawn, x: 12, y: 0, width: 24, height: 24).count == 24 * 24)
  }
}

@Suite struct FontTests {
  @Test func fontACellsAre12By24AndFontB9By17() throws {
    let a = try Sample.bitmap([Sample.line("MW")])
    #expect(
      Sample.dots(a, x: 0, y: 0, width: 12, height: 24) == Sample.dots(a, x: 0, y: 0, width: 12, height: 30))
    let printable = String((0x21..<0x7F).map { Character(Unicode.Scalar($0)!) })
    let b = try Sample.bitmap([Sample.line(String(printable.prefix(42)), font: .b)])
    // Font B glyphs stay inside their 17 rows.
    #expect(Sample.dots(b, x: 0, y: 17, width: 384, height: 13).isEmpty)
    let m = Sample.dots(b, x: 0, y: 0, width: 9, height: 17)
    #expect(!m.isEmpty)
  }

  @Test func accentedAndCyrillicLettersHaveGlyphs() throws {
    let output = try Sample.pages([Sample.line("é € Ж ß ñ")])
    #expect(output.warnings.isEmpty)
  }

  @Test func wideCharactersTakeTwoCellsFromUnifont() throws {
    let run = TextRun(column: 0, text: "中a", width: 3, style: .plain, source: nil)
    let line = TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: [run], source: nil)
    let output = try Sample.rasterizer.render(Sample.document([.text(line)]), on: Sample.paper)
    #expect(output.warnings.isEmpty)
    let page = output.pages[0].bitmap
    // '中' spreads over both cells, and 'a' starts after them.
    #expect(!Sample.dots(page, x: 0, y: 0, width: 12, height: 24).isEmpty)
    #expect(!Sample.dots(page, x: 12, y: 0, width: 12, height: 24).isEmpty)
    #expect(!Sample.dots(page, x: 24, y: 0, width: 12, height: 24).isEmpty)
    #expect(Sample.dots(page, x: 36, y: 0, width: 348, height: 30).isEmpty)
  }

  @Test func aCharacterNoFontHasIsABoxAndAWarning() throws {
    let source = SourceSpan(file: 0, line: 3, column: 7, endLine: 3, endColumn: 12)
    let run = TextRun(column: 0, text: "\u{F0000}", width: 1, style: .plain, source: source)
    let line = TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: [run], source: source)
    let output = try Sample.rasterizer.render(Sample.document([.text(line)]), on: Sample.paper)
    #expect(output.warnings.map(\.id) == ["W0701"])
    #expect(output.warnings.first?.source == source)
    #expect(
      output.warnings.first?.formatted(sources: ["r.slip"]).hasPrefix("r.slip:3:7: warning: no font has")
        == true)
    #expect(!Sample.dots(output.pages[0].bitmap, x: 0, y: 0, width: 12, height: 24).isEmpty)
  }

  @Test func aMissingFontFileIsAClearError() throws {
    var files = FontFiles.debian
    files.fontA.path = "/nonexistent/terminus-normal.otb"
    let rasterizer = Rasterizer(fonts: files)
    let error = #expect(throws: RasterError.self) {
      try rasterizer.render(Sample.document([Sample.line("A")]), on: Sample.paper)
    }
    #expect(error?.id == "E0701")
    #expect(error?.message == "the font file '/nonexistent/terminus-normal.otb' is missing")
    #expect(error?.help == "install the Debian package 'fonts-terminus-otb' (scripts/setup installs it)")
    // The same error before anything is drawn.
    #expect(throws: RasterError.self) { try rasterizer.prepare([.a]) }
  }

  @Test func rendersRunInParallelWithTheSameResult() async throws {
    let blocks = [Sample.line("Kopi Susu x2"), Sample.line("中文", font: .b, width: 4)]
    let expected = try Sample.bitmap(blocks)
    let results = try await withThrowingTaskGroup(of: Bitmap.self) { group in
      for _ in 0..<8 { group.addTask { try Sample.bitmap(blocks) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0 == expected })
  }
}
