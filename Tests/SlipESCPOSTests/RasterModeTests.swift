import SlipESCPOS
import SlipIR
import SlipRaster
import Testing

private let esc: UInt8 = 0x1B
private let gs: UInt8 = 0x1D

/// Raster mode (the whole receipt as images of the preview's pages) and text mode's images of
/// lines no code page has.
@Suite struct RasterModeTests {
  static let rasterizer = Rasterizer()

  static func writer(_ profile: PrinterProfile = .generic58, mode: PrintMode = .raster) -> ESCPOSWriter {
    ESCPOSWriter(profile: profile, rasterizer: rasterizer, mode: mode)
  }

  static func profile(raster: Bool = true, graphics: Bool = false, column: Bool = false, bandRows: Int = 960)
    -> PrinterProfile
  {
    var profile = PrinterProfile.generic58
    profile.images = ImageSupport(raster: raster, column: column, graphics: graphics, bandRows: bandRows)
    return profile
  }

  /// The commands of a stream as its disassembly's first column.
  static func commands(_ bytes: [UInt8]) -> [String] {
    ESCPOSDisassembler().listing(bytes).split(separator: "\n").map {
      String($0.split(separator: "|").first ?? "").trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func theBandsAreThePreviewsRows() throws {
    let document = Sample.document([Sample.line("Kopi"), Sample.line("Senja")])
    let writer = Self.writer()
    let page = try writer.preview(document).pages[0].bitmap
    let bytes = try writer.emit(document).bytes
    #expect(Array(bytes.prefix(2)) == [esc, 0x40])
    // One band from the first ink down to the page's last row (the blank rows between the two
    // lines are short, so they stay in the band).
    let header = [gs, 0x76, 0x30, 0, 48, 0]
    #expect(bytes.contains(header))
    var rows: [UInt8] = []
    var index = 2
    while index < bytes.count {
      if bytes[index] == esc, bytes[index + 1] == 0x4A {
        rows += [UInt8](repeating: 0, count: Int(bytes[index + 2]) * 48)
        index += 3
      } else if Array(bytes[index..<index + 4]) == [gs, 0x76, 0x30, 0] {
        let height = Int(bytes[index + 6]) | Int(bytes[index + 7]) << 8
        rows += bytes[index + 8..<index + 8 + height * 48]
        index += 8 + height * 48
      } else {
        Issue.record("unexpected byte \(bytes[index]) at \(index)")
        break
      }
    }
    #expect(rows == page.bits)
  }

  @Test func longBlankStretchesAreFedNotSent() throws {
    let document = Sample.document([Sample.line("A"), .feed(Feed(lines: 3, source: nil)), Sample.line("B")])
    let listing = Self.commands(try Self.writer().emit(document).bytes)
    // Line A (24 rows of glyph), its 6 blank rows and the 90 of the feed are fed; then line B,
    // whose last row is printed so the paper is as long as the preview.
    #expect(listing.filter { $0.hasPrefix("GS v 0") }.count == 2)
    let fed = listing.compactMap { $0.hasPrefix("ESC J ") ? Int($0.dropFirst(6)) : nil }
    #expect(fed.contains { $0 > 90 })
  }

  @Test func bandsAreAtMostTheProfilesHeight() throws {
    let tall = Bitmap(width: 8, height: 100, bits: [UInt8](repeating: 0xFF, count: 100))
    let image = Block.image(ImageBlock(bitmap: tall, x: 0, alignment: .left, name: "t.png", source: nil))
    let listing = Self.commands(
      try Self.writer(Self.profile(bandRows: 40)).emit(Sample.document([image])).bytes)
    #expect(
      listing.filter { $0.hasPrefix("GS v 0") } == ["GS v 0 0 48 40", "GS v 0 0 48 40", "GS v 0 0 48 20"])
  }

  @Test func graphicsAndColumnsForPrintersWithoutRaster() throws {
    let document = Sample.document([Sample.line("A")])
    let graphics = Self.commands(
      try Self.writer(Self.profile(raster: false, graphics: true)).emit(document).bytes)
    #expect(graphics.contains { $0.hasPrefix("GS ( L") })
    #expect(!graphics.contains { $0.hasPrefix("GS v 0") })
    let columns = try Self.writer(Self.profile(raster: false, column: true)).emit(document).bytes
    // ESC 3 24 so the 24-dot lines meet, ESC * 33 384 columns, LF; ESC 2 at the end.
    #expect(columns.contains([esc, 0x33, 24, esc, 0x2A, 33, 0x80, 1]))
    #expect(Array(columns.suffix(2)) == [esc, 0x32])
    // The page is whole 24-dot lines: 30 rows of line become 48.
    let page = try Self.writer(Self.profile(raster: false, column: true)).preview(document).pages[0]
    #expect(page.bitmap.height == 48)
  }

  @Test func aPrinterWithoutImageCommandsCannotPrintRaster() {
    let profile = Self.profile(raster: false)
    #expect(throws: ESCPOSError.self) { try Self.writer(profile).emit(Sample.document([Sample.line("A")])) }
  }

  @Test func drawerKicksAndCutsKeepTheirPlaces() throws {
    var profile = PrinterProfile.generic80
    profile.cutter = Cutter(kinds: [.partial], feedLines: 2)
    let document = Sample.document(
      [
        Sample.line("A"), .drawer(DrawerKick(pin: 2, onMilliseconds: 100, offMilliseconds: 200, source: nil)),
        Sample.line("B"), .cut(Cut(kind: .full, source: nil)),
      ], media: Sample.media80)
    let listing = Self.commands(try Self.writer(profile).emit(document).bytes)
    let kick = try #require(listing.firstIndex { $0.hasPrefix("ESC p") })
    let bands = listing.indices.filter { listing[$0].hasPrefix("GS v 0") }
    // Line A, the kick, line B, the feed before the cut ending in one printed row, the cut.
    #expect(bands.count == 3 && bands[0] < kick && kick < bands[1], "\(listing)")
    #expect(listing.suffix(2) == ["GS v 0 0 72 1", "GS V 1"])
  }

  @Test func theProfileCanAskForRaster() throws {
    var profile = PrinterProfile.generic58
    profile.images.rasterReceipts = true
    let output = try ESCPOSWriter(profile: profile, rasterizer: Self.rasterizer).emit(
      Sample.document([Sample.line("A")]))
    #expect(Self.commands(output.bytes).contains { $0.hasPrefix("GS v 0") })
  }

  @Test func aNarrowTemplateIsCentredInThePage() throws {
    let document = Sample.document([Sample.line("|")])
    let page = try Self.writer(.epsonTMT20III).preview(document).pages[0].bitmap
    #expect(page.width == 576)
    // Epson centres 384 dots of template on 576: the bar is 96 dots in, no GS L needed.
    let inked = (0..<576).filter { x in (0..<24).contains { page[x, $0] } }
    #expect(inked.allSatisfy { (96..<108).contains($0) } && !inked.isEmpty)
    #expect(
      !Self.commands(try Self.writer(.epsonTMT20III).emit(document).bytes).contains { $0.hasPrefix("GS L") })
  }
}

@Suite struct TextModeImageLineTests {
  @Test func aLineNoCodePageServesGoesAsAnImageOfItself() throws {
    let document = Sample.document([
      Sample.line("Kopi"), Sample.line("中文 ok", width: 7), Sample.line("Senja"),
    ])
    let output = try RasterModeTests.writer(mode: .text).emit(document)
    let listing = RasterModeTests.commands(output.bytes)
    #expect(listing.contains("GS v 0 0 48 30"))
    #expect(output.warnings.isEmpty)
    // The other lines stay text.
    #expect(listing.contains { $0.contains("\"Kopi\"") } && listing.contains { $0.contains("\"Senja\"") })
    let page = try RasterModeTests.writer(mode: .text).page(for: document)
    #expect(page.linesAsImages == [1])
  }

  @Test func withoutARasteriserTheyPrintAsQuestionMarks() throws {
    let output = try Sample.emit([Sample.line("中文", width: 4)])
    #expect(output.warnings.map(\.id) == ["W0601"])
    #expect(!RasterModeTests.commands(output.bytes).contains { $0.hasPrefix("GS v 0") })
  }

  @Test func accentsAndDecomposedLettersStayText() throws {
    let output = try RasterModeTests.writer(mode: .text).emit(
      Sample.document([Sample.line("Café e\u{301} Ж €", width: 10)]))
    #expect(!RasterModeTests.commands(output.bytes).contains { $0.hasPrefix("GS v 0") })
  }
}

@Suite struct RasterProfileTests {
  @Test func bandRowsAndRasterReceiptsRoundTripThroughJSON() throws {
    var profile = PrinterProfile.generic58
    profile.images.bandRows = 256
    profile.images.rasterReceipts = true
    let json = profile.json
    #expect(json.contains("\"bandRows\": 256, \"rasterReceipts\": true"))
    let read = try PrinterProfile(json: Array(json.utf8), source: "p.json")
    #expect(read.images == profile.images)
  }

  @Test func theDefaultsArePythonEscposBands() throws {
    #expect(PrinterProfile.generic58.images.bandRows == 960)
    #expect(!PrinterProfile.generic58.images.rasterReceipts)
  }
}
