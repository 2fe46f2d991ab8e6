import SlipESCPOS
import SlipIR
import Testing

private let esc: UInt8 = 0x1B
private let gs: UInt8 = 0x1D

@Suite struct SymbolTests {
  /// A version 2 QR code's size (25 modules a side) at 3 dots a module; the modules' content
  /// does not matter to the writer's native path.
  static func qr(_ data: String, module: Int = 3, alignment: Alignment = .center) -> Block {
    let symbol = Symbol(
      symbology: .qr, data: data, module: module, height: 25 * module, humanReadable: .none,
      errorCorrection: "M", modules: Bitmap(width: 25, height: 25))
    let x = alignment == .center ? (384 - 75) / 2 : 0
    return .symbol(SymbolBlock(symbol: symbol, x: x, alignment: alignment, source: nil))
  }

  @Test func aPrinterWithNativeQRDrawsItWithinTheTemplatesWidth() throws {
    let output = try Sample.emit(
      [Self.qr("https://kopi.id/r/42"), Sample.line("x")], profile: .epsonTMT20III)
    let data = Array("https://kopi.id/r/42".utf8)
    let expected: [UInt8] =
      [esc, 0x40, gs, 0x4C, 96, 0, gs, 0x57, 128, 1, esc, 0x61, 1]
      + [
        gs, 0x28, 0x6B, 4, 0, 49, 65, 50, 0, gs, 0x28, 0x6B, 3, 0, 49, 67, 3, gs, 0x28, 0x6B, 3, 0, 49, 69,
        49,
      ]
      + [gs, 0x28, 0x6B, UInt8(data.count + 3), 0, 49, 80, 48] + data + [gs, 0x28, 0x6B, 3, 0, 49, 81, 48]
      + [esc, 0x61, 0, 0x78, 0x0A, gs, 0x4C, 0, 0, gs, 0x57, 64, 2]
    #expect(output.bytes == expected)
  }

  @Test func withoutNativeQRTheModulesGoAsRaster() throws {
    let output = try Sample.emit([Self.qr("https://kopi.id/r/42")])
    #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
  }

  @Test func nonASCIIDataGoesAsRasterEvenWhereQRIsNative() throws {
    // Printers store bytes without an ECI: a scanner could read UTF-8 as another encoding.
    let output = try Sample.emit([Self.qr("Café")], profile: .epsonTMT20III)
    #expect(output.bytes.contains([gs, 0x76, 0x30, 0]))
    #expect(!output.bytes.contains([gs, 0x28, 0x6B]))
  }

  @Test func linearBarcodesGoAsRaster() throws {
    let symbol = Symbol(
      symbology: .code128, data: "INV-1", module: 2, height: 40, humanReadable: .none, errorCorrection: nil,
      modules: Bitmap(width: 60, height: 1))
    let block = Block.symbol(SymbolBlock(symbol: symbol, x: 0, alignment: .left, source: nil))
    let output = try Sample.emit([block], profile: .epsonTMT20III)
    #expect(output.bytes.contains([gs, 0x76, 0x30, 0]))
    #expect(!output.bytes.contains([gs, 0x6B]))
  }
}
