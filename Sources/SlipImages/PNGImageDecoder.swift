import SlipCore
import SlipIR
import SlipPNG

/// The compiler's image decoder in the CLI: PNG through libpng (SlipPNG). The compiler itself
/// decodes nothing, so it stays free of C libraries.
public final class PNGImageDecoder: ImageDecoder {
  /// A decoder.
  public init() {}

  /// The picture in `bytes` as grey levels.
  public func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage {
    do throws(PNGError) {
      return try PNGDecoder().decode(bytes)
    } catch {
      throw ImageDecodeError(error.message)
    }
  }
}
