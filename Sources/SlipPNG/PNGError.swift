/// Why a PNG could not be read or written, in words for a template's author.
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong: lower-case, no final period.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

// The module's messages, alphabetical; nothing else in SlipPNG words an error.
extension PNGError {
  static func damaged(_ libpng: String) -> Self {
    Self("the PNG data is damaged (libpng: \(libpng))")
  }

  static func emptyImage() -> Self {
    Self("an image needs at least one row and one column")
  }

  static func encodeFailed(_ libpng: String) -> Self {
    Self("cannot write the PNG (libpng: \(libpng))")
  }

  static func notPNG() -> Self {
    Self("not a PNG file (it does not start with the PNG signature)")
  }

  static func outOfMemory() -> Self {
    Self("out of memory")
  }

  static func tooLarge(width: Int, height: Int, limits: PNGDecoder.Limits) -> Self {
    Self(
      "the image is \(width)×\(height) pixels; images may be at most \(limits.maximumSide) pixels a side "
        + "and \(limits.maximumPixels) pixels in all")
  }

  static func truncated() -> Self {
    Self("the file ends early (truncated)")
  }
}
