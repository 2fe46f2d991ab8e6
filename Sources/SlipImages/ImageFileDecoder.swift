import SlipCore
import SlipIR
import SlipPNG

/// The image decoder the CLI gives the compiler (and tests use, to decode as it does): PNG through libpng, and binary greymaps (PGM, `P5`), which need no
/// library and which the bundled templates and golden cases use. The file's first bytes decide.
public final class ImageFileDecoder: ImageDecoder {
  /// A decoder.
  public init() {}

  /// The picture in `bytes` as grey levels.
  public func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage {
    if bytes.starts(with: [0x50, 0x35]) { return try Self.greymap(bytes) }
    return try PNGImageDecoder().decode(bytes, name: name)
  }

  /// A binary PGM with 8-bit samples: `P5`, width, height and maximum 255, then the pixels.
  static func greymap(_ bytes: [UInt8]) throws(ImageDecodeError) -> GreyImage {
    var index = 2
    func skipSpaceAndComments() {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
          index += 1
        } else {
          return
        }
      }
    }
    func number() -> Int? {
      skipSpaceAndComments()
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
        digits += 1
      }
      return digits > 0 ? value : nil
    }
    guard let width = number(), let height = number(), let maximum = number(), width > 0, height > 0
    else { throw ImageDecodeError.pgmHeader }
    guard maximum == 255 else { throw ImageDecodeError.pgmMaximum(maximum) }
    // The same limits as PNG's, checked before anything is allocated for the pixels.
    let limits = PNGDecoder.Limits.standard
    guard width <= limits.maximumSide, height <= limits.maximumSide, width * height <= limits.maximumPixels
    else {
      throw ImageDecodeError(
        "the image is \(width)×\(height) pixels; images may be at most \(limits.maximumSide) pixels a side "
          + "and \(limits.maximumPixels) pixels in all")
    }
    // One whitespace byte ends the header.
    index += 1
    guard bytes.count - index == width * height else {
      throw ImageDecodeError.pgmSize(width: width, height: height)
    }
    return GreyImage(width: width, height: height, pixels: Array(bytes[index...]))
  }
}
