import SlipIR

/// Turns an image file's bytes into grey pixels. The compiler has no decoder of its own (it uses
/// no C libraries): the CLI passes one over libpng, an app may pass its platform's.
public protocol ImageDecoder: AnyObject, Sendable {
  /// The picture in `bytes`, composited over white; `name` is for messages.
  func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage
}

/// Why an image file could not be decoded, in words for the template's author.
public struct ImageDecodeError: Error, Sendable, Equatable {
  /// What is wrong: lower-case, no final period.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }
}
