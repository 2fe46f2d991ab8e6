import SlipCore
import SlipIR

/// A decoder for binary greymaps (PGM, `P5`), so ZPL golden cases can hold pictures without the
/// CLI's libpng: the compiler takes any ``ImageDecoder``.
struct NetpbmDecoder: ImageDecoder {
  func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage {
    var index = 0
    func token() -> Int? {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D {
        index += 1
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
        digits += 1
      }
      return digits > 0 ? value : nil
    }
    guard bytes.starts(with: Array("P5".utf8)) else { throw ImageDecodeError("not a binary PGM file") }
    index = 2
    guard let width = token(), let height = token(), let maximum = token(), maximum == 255,
      width > 0, height > 0, bytes.count - (index + 1) == width * height
    else { throw ImageDecodeError("a malformed PGM header") }
    return GreyImage(width: width, height: height, pixels: Array(bytes[(index + 1)...]))
  }
}
