import SlipIR

/// Encodes barcode and QR data into modules. The compiler draws no symbols itself (no
/// hand-written encoders): the CLI passes one over libzint, an app may pass its platform's.
public protocol SymbolEncoder: AnyObject, Sendable {
  /// The modules of `data` as `symbology`, one pixel each, without quiet zones; linear
  /// barcodes are one row high. Text in QR codes is encoded the standard way (ISO-8859-1 when
  /// it fits, UTF-8 with ECI 26 otherwise).
  func encode(_ symbology: Symbol.Symbology, data: String, errorCorrection: String?) throws(SymbolEncodeError)
    -> Bitmap
}

/// Why data cannot be encoded as a symbol, in words for the template's author.
public struct SymbolEncodeError: Error, Sendable, Equatable {
  /// What is wrong: lower-case, no final period (the encoder's own reason, made readable).
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }
}
