import SlipCore
import SlipIR

/// A stand-in encoder for golden layout cases: deterministic modules of a plausible size (not
/// scannable symbols; zint draws those, checked by zbarimg elsewhere), and the digit rules of
/// EAN-13 so data errors have something to report.
struct PatternSymbolEncoder: SymbolEncoder {
  func encode(_ symbology: Symbol.Symbology, data: String, errorCorrection: String?) throws(SymbolEncodeError)
    -> Bitmap
  {
    let bytes = Array(data.utf8)
    if symbology == .ean13 {
      guard bytes.allSatisfy({ (0x30...0x39).contains($0) }), bytes.count == 12 || bytes.count == 13 else {
        throw SymbolEncodeError("EAN-13 takes 12 or 13 digits")
      }
      return linear(bytes, modulesPerByte: 7)
    }
    if symbology.isLinear { return linear(bytes, modulesPerByte: 11) }
    // A square of the QR version that would hold the data: 21 modules plus 4 per version.
    let side = 21 + 4 * min(39, bytes.count / 14)
    var modules = Bitmap(width: side, height: side)
    var state: UInt32 = 2_166_136_261
    for byte in bytes { state = (state ^ UInt32(byte)) &* 16_777_619 }
    for y in 0..<side {
      for x in 0..<side {
        state = state &* 1_103_515_245 &+ 12_345
        modules[x, y] = (state >> 16) & 1 == 1
      }
    }
    return modules
  }

  private func linear(_ bytes: [UInt8], modulesPerByte: Int) -> Bitmap {
    var modules = Bitmap(width: 22 + bytes.count * modulesPerByte, height: 1)
    for x in [0, 2, modules.width - 3, modules.width - 1] { modules[x, 0] = true }
    for (index, byte) in bytes.enumerated() {
      for bit in 0..<min(8, modulesPerByte) where byte & (1 << UInt8(bit)) != 0 {
        modules[11 + index * modulesPerByte + bit, 0] = true
      }
    }
    return modules
  }
}
