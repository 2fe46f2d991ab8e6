import SlipCore
import SlipIR
import SlipPNG

/// PNG through SlipPNG (libpng), as the CLI decodes it, and the golden cases' PGMs through
/// ``NetpbmDecoder``: the file's first bytes decide. The language reference's examples use it, so
/// their pictures are real PNGs.
struct PictureDecoder: ImageDecoder {
  func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage {
    if bytes.starts(with: Array("P5".utf8)) { return try NetpbmDecoder().decode(bytes, name: name) }
    do throws(PNGError) {
      return try PNGDecoder().decode(bytes)
    } catch {
      throw ImageDecodeError(error.message)
    }
  }
}
