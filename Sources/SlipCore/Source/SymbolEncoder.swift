import SlipIR

/// Encodes barcode and QR data into modules. The compiler draws no symbols itself (no
/// hand-written encoders): the CLI passes one over libzint, an app may pass its platform's.
public protocol SymbolEncoder: AnyObject, Sendable {
  /// The modules of `data` as `symbology`, one pixel each, without quiet zones; linear
  /// barcodes are one row high. Text in QR codes is encoded the standard way (ISO-8859-1 when
  /// it fits, UTF-8 with ECI 26 otherwise).
  func encode(_ symbology: Symbol.Symbology, data: String, errorCorrection: String?) throws(SymbolEncodeError)
    -> Bitmap

  /// The modules of `data` as `symbology` drawn with `options` (PDF417's columns, rows and
  /// security level as well as the error correction).
  func encode(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions) throws(SymbolEncodeError)
    -> Bitmap

  /// Modules of the size `encode` would draw, for the same data and options, drawn with the
  /// least work: for a printer that draws the symbol from its data, where only its size counts.
  /// A QR code may take any of its eight masks rather than the best one, or be blank when its
  /// size is known without drawing it. The same data fails alike.
  func encodeForSize(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions)
    throws(SymbolEncodeError) -> Bitmap
}

extension SymbolEncoder {
  /// An encoder that takes no options but the error correction draws with that alone.
  public func encode(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions)
    throws(SymbolEncodeError) -> Bitmap
  {
    try encode(symbology, data: data, errorCorrection: options.errorCorrection)
  }

  /// An encoder with no quicker way draws the symbol as ``encode(_:data:options:)`` does.
  public func encodeForSize(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions)
    throws(SymbolEncodeError) -> Bitmap
  {
    try encode(symbology, data: data, options: options)
  }
}

/// How a symbol is drawn, beyond its data: what `qr` and `barcode` options set.
public struct SymbolOptions: Sendable, Equatable {
  /// QR error correction level (`L`, `M`, `Q`, `H`).
  public var errorCorrection: String?
  /// PDF417 data columns (1 to 30); nil lets the encoder choose.
  public var columns: Int?
  /// PDF417 rows (3 to 90); nil lets the encoder choose.
  public var rows: Int?
  /// PDF417 security (error correction) level, 0 to 8; nil lets the encoder choose.
  public var security: Int?
  /// MaxiCode's mode (2 to 6) and, for modes 2 and 3, its primary message: the postcode, the
  /// three-digit country code and the three-digit service class, as carriers give them.
  public var maxiCodeMode: Int?
  public var maxiCodePrimary: String?
  /// The printer's dots per inch: MaxiCode has one physical size (about 28 × 27 mm), drawn in dots.
  public var dpi: Int?

  /// Options; each nil leaves the encoder's choice.
  public init(
    errorCorrection: String? = nil, columns: Int? = nil, rows: Int? = nil, security: Int? = nil,
    maxiCodeMode: Int? = nil, maxiCodePrimary: String? = nil, dpi: Int? = nil
  ) {
    self.maxiCodeMode = maxiCodeMode
    self.maxiCodePrimary = maxiCodePrimary
    self.dpi = dpi
    self.errorCorrection = errorCorrection
    self.columns = columns
    self.rows = rows
    self.security = security
  }
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
