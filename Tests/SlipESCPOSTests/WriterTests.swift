import SlipESCPOS
import SlipIR
import Testing

private let esc: UInt8 = 0x1B
private let gs: UInt8 = 0x1D
private let lf: UInt8 = 0x0A

@Suite struct WriterTests {
  @Test func everyJobStartsWithInitAndPlainTextIsItsBytes() throws {
    let output = try Sample.emit([Sample.line("Hello")])
    #expect(output.bytes == [esc, 0x40] + Array("Hello".utf8) + [lf])
    #expect(output.warnings.isEmpty)
  }

  @Test func stylesAreSentOnlyWhenTheyChangeAndResetAtTheEnd() throws {
    let bold = TextStyle(bold: true)
    let output = try Sample.emit([
      Sample.line("A", style: bold), Sample.line("B", style: bold),
      Sample.line("C", style: TextStyle(underline: true)),
    ])
    #expect(
      Sample.body(output) == [
        esc, 0x45, 1, 0x41, lf, 0x42, lf, esc, 0x45, 0, esc, 0x2D, 1, 0x43, lf, esc, 0x2D, 0,
      ])
  }

  @Test func fontsAndSizesAreSelectedAndRestored() throws {
    let output = try Sample.emit([Sample.line("B", font: .b, scale: Scale(width: 2, height: 3))])
    #expect(Sample.body(output) == [esc, 0x4D, 1, gs, 0x21, 0x12, 0x42, lf, esc, 0x4D, 0, gs, 0x21, 0x00])
  }

  @Test func gapsArePaddedWithSpacesInThePapersColumns() throws {
    // "Kopi Senja" centred at double size on 32 columns: 3 cells of the line's grid are 6 of
    // the paper's, sent at normal width and the line's height.
    let output = try Sample.emit([
      Sample.line("Kopi Senja", column: 3, scale: Scale(width: 2, height: 2), style: TextStyle(bold: true))
    ])
    let expected: [UInt8] =
      [gs, 0x21, 0x01] + Array(repeating: 0x20, count: 6) + [gs, 0x21, 0x11, esc, 0x45, 1]
      + Array("Kopi Senja".utf8)
      + [lf, gs, 0x21, 0x00, esc, 0x45, 0]
    #expect(Sample.body(output) == expected)
    #expect(!output.bytes.contains([esc, 0x61]))  // placement is by spaces, never ESC a
  }

  @Test func anInvertedBarStaysWholeBetweenInvertedRunsButNotInTheMargin() throws {
    let inverted = TextStyle(invert: true)
    let runs = [
      TextRun(column: 2, text: "A", width: 1, style: inverted, source: nil),
      TextRun(column: 5, text: "B", width: 1, style: inverted, source: nil),
    ]
    let line = Block.text(
      TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: runs, source: nil))
    let output = try Sample.emit([line])
    #expect(Sample.body(output) == [0x20, 0x20, gs, 0x42, 1, 0x41, 0x20, 0x20, 0x42, lf, gs, 0x42, 0])
  }

  @Test func underlineDoesNotRunAcrossGaps() throws {
    let underlined = TextStyle(underline: true)
    let runs = [
      TextRun(column: 0, text: "A", width: 1, style: underlined, source: nil),
      TextRun(column: 3, text: "B", width: 1, style: underlined, source: nil),
    ]
    let line = Block.text(
      TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: runs, source: nil))
    let output = try Sample.emit([line])
    #expect(
      Sample.body(output) == [
        esc, 0x2D, 1, 0x41, esc, 0x2D, 0, 0x20, 0x20, esc, 0x2D, 1, 0x42, lf, esc, 0x2D, 0,
      ])
  }

  @Test func rulesRepeatTheirCharacterAcrossTheLine() throws {
    let rule = Block.rule(RuleLine(character: "═", font: .a, columns: 32, style: .plain, source: nil))
    let output = try Sample.emit([rule])
    // U+2550 is 0xCD in PC437, the lowest-numbered page that has it.
    #expect(Sample.body(output) == [esc, 0x74, 0] + Array(repeating: 0xCD, count: 32) + [lf])
  }

  @Test func feedsUseESCdAndSplitLongOnes() throws {
    let output = try Sample.emit([.feed(Feed(lines: 300, source: nil))])
    #expect(Sample.body(output) == [esc, 0x64, 255, esc, 0x64, 45])
  }

  @Test func aPrinterWithoutCutterOnlyFeeds() throws {
    let output = try Sample.emit([.cut(Cut(kind: .full, source: nil))])
    #expect(Sample.body(output) == [esc, 0x64, 3])
  }

  @Test func cutsFeedFirstAndUseWhatTheCutterMakes() throws {
    let full = try Sample.emit(
      [.cut(Cut(kind: .full, source: nil))], profile: .generic80, media: Sample.media80)
    #expect(Sample.body(full) == [esc, 0x64, 4, gs, 0x56, 0])
    let partial = try Sample.emit(
      [.cut(Cut(kind: .partial, source: nil))], profile: .generic80, media: Sample.media80)
    #expect(Sample.body(partial) == [esc, 0x64, 4, gs, 0x56, 1])
    // Epson TM printers cut partially whatever they are asked.
    let epson = try Sample.emit(
      [.cut(Cut(kind: .full, source: nil))], profile: .epsonTMT20III, media: Sample.media80)
    #expect(Sample.body(epson) == [esc, 0x64, 4, gs, 0x56, 1])
  }

  @Test func drawerKicksPulseTheRightPin() throws {
    let kick = Block.drawer(DrawerKick(pin: 5, onMilliseconds: 120, offMilliseconds: 240, source: nil))
    let output = try Sample.emit([kick], profile: .generic80, media: Sample.media80)
    #expect(Sample.body(output) == [esc, 0x70, 1, 60, 120])
  }

  @Test func aKickOnAPinThePrinterLacksIsLeftOutWithAWarning() throws {
    let kick = Block.drawer(
      DrawerKick(pin: 5, onMilliseconds: 120, offMilliseconds: 240, source: Sample.span(4)))
    let output = try Sample.emit([kick])
    #expect(Sample.body(output).isEmpty)
    #expect(output.warnings.map(\.id) == ["W0603"])
    #expect(
      output.warnings.first?.message
        == "printer 'generic-58' has drawer pin 2, not pin 5; the drawer kick is left out")
  }

  @Test func aNamedPrinterWithoutACutterSaysOnceThatItFeedsInstead() throws {
    var tearBar = PrinterProfile.generic58
    tearBar.id = "pos-5890-tear-bar"
    let cuts: [Block] = [
      Sample.line("A"), .cut(Cut(kind: .full, source: Sample.span(2))), Sample.line("B"),
      .cut(Cut(kind: .partial, source: Sample.span(4))),
    ]
    for mode in [PrintMode.text, .raster] {
      let output = try ESCPOSWriter(profile: tearBar, mode: mode).emit(Sample.document(cuts))
      if mode == .text {
        #expect(!zip(output.bytes, output.bytes.dropFirst()).contains { $0 == (gs, 0x56) }, "no GS V")
      }
      #expect(output.warnings.map(\.id) == ["W0605"], "\(mode)")
      #expect(output.warnings.first?.source == Sample.span(2))
      #expect(
        output.warnings.first?.message
          == "printer 'pos-5890-tear-bar' has no cutter; each cut feeds 3 lines for the paper to be torn off")
    }
    // The generic profile is the printer of a paper nobody named: its cutter is unknown.
    #expect(try Sample.emit(cuts).warnings.isEmpty)
    #expect(try Sample.emit(cuts, profile: .generic80, media: Sample.media80).warnings.isEmpty)
  }

  @Test func aNarrowTemplateIsCentredWhenTheProfileSaysSo() throws {
    let output = try Sample.emit([Sample.line("X")], profile: .epsonTMT20III)
    // (576 - 32 × 12) / 2 = 96 dots of left margin, given back at the end.
    #expect(output.bytes == [esc, 0x40, gs, 0x4C, 96, 0, 0x58, lf, gs, 0x4C, 0, 0])
    let left = try Sample.emit([Sample.line("X")], profile: .generic80)
    #expect(Sample.body(left) == [0x58, lf])
  }

  @Test func aTemplateWiderThanThePrinterIsAnError() throws {
    #expect(throws: ESCPOSError.self) {
      try Sample.emit([Sample.line("X")], profile: .generic58, media: Sample.media80)
    }
    do {
      _ = try Sample.emit([Sample.line("X")], profile: .epsonTMT88, media: Sample.media80)
      Issue.record("an 80 mm template at 48 columns fits no 42-column TM-T88")
    } catch {
      #expect(error.id == "E0601")
      #expect(error.message.contains("48 columns of font A; printer 'epson-tm-t88' prints 42"))
    }
  }

  @Test func aFontThePrinterLacksIsAnError() throws {
    var profile = PrinterProfile.generic58
    profile.fontB = nil
    #expect(throws: ESCPOSError.fontMissing) {
      try Sample.emit([Sample.line("X", font: .b)], profile: profile)
    }
  }

  @Test func batchesStartEveryReceiptWithInit() throws {
    let writer = ESCPOSWriter(profile: .generic58)
    let one = Sample.document([Sample.line("A", style: TextStyle(bold: true))])
    let output = try writer.emit([one, one])
    let job: [UInt8] = [esc, 0x40, esc, 0x45, 1, 0x41, lf, esc, 0x45, 0]
    #expect(output.bytes == job + job)
  }
}

extension ESCPOSError {
  fileprivate static let fontMissing = ESCPOSError(
    id: "E0602", message: "the template uses font B, which printer 'generic-58' does not have",
    help: "use font=A in the template, or a printer profile with font B")
}
