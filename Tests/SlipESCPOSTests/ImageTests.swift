import SlipESCPOS
import SlipIR
import Testing

private let esc: UInt8 = 0x1B
private let gs: UInt8 = 0x1D

@Suite struct ImageTests {
  /// An 8×2 picture: the top row inked, the bottom row blank.
  static let bar = Bitmap(width: 8, height: 2, bits: [0xFF, 0x00])

  static func image(x: Int, bitmap: Bitmap = bar) -> Block {
    .image(ImageBlock(bitmap: bitmap, x: x, alignment: .left, name: "bar.png", source: Sample.span(2)))
  }

  static func profile(raster: Bool, graphics: Bool, column: Bool) -> PrinterProfile {
    var profile = PrinterProfile.generic58
    profile.images = ImageSupport(raster: raster, column: column, graphics: graphics)
    return profile
  }

  @Test func rasterImagesAreShiftedToTheirPlace() throws {
    let output = try Sample.emit([Self.image(x: 4)])
    // 4 + 8 dots take two bytes a row; the ink moves 4 dots right across the byte boundary.
    #expect(Sample.body(output) == [gs, 0x76, 0x30, 0, 2, 0, 2, 0, 0x0F, 0xF0, 0x00, 0x00])
  }

  @Test func graphicsWhenThePrinterHasNoRaster() throws {
    let profile = Self.profile(raster: false, graphics: true, column: false)
    let output = try Sample.emit([Self.image(x: 0)], profile: profile)
    let store: [UInt8] = [gs, 0x28, 0x4C, 12, 0, 48, 112, 48, 1, 1, 49, 8, 0, 2, 0, 0xFF, 0x00]
    #expect(Sample.body(output) == store + [gs, 0x28, 0x4C, 2, 0, 48, 50])
  }

  @Test func columnsWithLinesThatMeet() throws {
    let profile = Self.profile(raster: false, graphics: false, column: true)
    let output = try Sample.emit([Self.image(x: 0)], profile: profile)
    // Each of the 8 columns has its top dot inked: 0x80 in the first of its three bytes.
    let columns = (0..<8).flatMap { _ in [0x80, 0x00, 0x00] as [UInt8] }
    #expect(Sample.body(output) == [esc, 0x33, 24, esc, 0x2A, 33, 8, 0] + columns + [0x0A, esc, 0x32])
  }

  @Test func aPrinterWithoutImageCommandsWarns() throws {
    let profile = Self.profile(raster: false, graphics: false, column: false)
    let output = try Sample.emit([Self.image(x: 0)], profile: profile)
    #expect(Sample.body(output).isEmpty)
    #expect(output.warnings.map(\.id) == ["W0604"])
  }

  @Test func tallImagesGoInBands() throws {
    let tall = Bitmap(width: 8, height: 2000)
    let output = try Sample.emit([Self.image(x: 0, bitmap: tall)])
    let listing = ESCPOSDisassembler().listing(output.bytes)
    #expect(listing.components(separatedBy: "GS v 0 0 1 960").count == 3)
    #expect(listing.contains("GS v 0 0 1 80 "))
  }

  @Test func anImageWiderThanThePrinterIsAnError() throws {
    let wide = Bitmap(width: 400, height: 1)
    #expect(throws: ESCPOSError.self) { try Sample.emit([Self.image(x: 0, bitmap: wide)]) }
  }

  @Test func aNarrowImageIsCentredWithTheTemplate() throws {
    let output = try Sample.emit(
      [Self.image(x: 0, bitmap: Bitmap(width: 384, height: 1))], profile: .epsonTMT20III)
    #expect(output.bytes.starts(with: [esc, 0x40, gs, 0x4C, 96, 0]))
  }
}
