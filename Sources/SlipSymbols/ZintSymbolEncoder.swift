import CZint
import SlipCore
import SlipIR

/// Draws barcodes and QR codes with libzint: the modules of every symbology Slip knows, one
/// pixel each, without quiet zones. Data a scanner would read back differently is an error
/// rather than a symbol: EAN/UPC check digits are verified (or added when left out), Code 39
/// takes no lower case, ITF no odd digit count, Code 128 ASCII only.
public final class ZintSymbolEncoder: SymbolEncoder {
  /// An encoder; it holds nothing, and each call draws with its own zint symbol.
  public init() {}

  /// The modules of `data` as `symbology`; `errorCorrection` is the QR level (`L`, `M`, `Q`,
  /// `H`; `M` when nil) and is ignored by the other symbologies.
  public func encode(_ symbology: Symbol.Symbology, data: String, errorCorrection: String?)
    throws(SymbolEncodeError) -> Bitmap
  {
    guard !data.isEmpty else { throw .empty }
    switch symbology {
    case .ean13, .ean8, .upca, .upce:
      return try retail(symbology, data: data)
    case .code128:
      if let outside = data.first(where: { !$0.isASCII }) { throw .notASCII(outside) }
      return try ZintSymbol(symbology: BARCODE_CODE128).draw(Array(data.utf8), linear: true)
    case .code39:
      if let outside = data.first(where: { !Self.code39Characters.contains($0) }) {
        throw .code39Character(outside)
      }
      return try ZintSymbol(symbology: BARCODE_CODE39).draw(Array(data.utf8), linear: true)
    case .itf:
      if let outside = data.first(where: { !$0.isASCIIDigit }) { throw .digitsOnly(outside) }
      guard data.count.isMultiple(of: 2) else { throw .evenDigits(data.count) }
      return try ZintSymbol(symbology: BARCODE_C25INTER).draw(Array(data.utf8), linear: true)
    case .codabar:
      guard data.count >= 2, let first = data.first, let last = data.last, "ABCD".contains(first),
        "ABCD".contains(last)
      else { throw .codabarEnds }
      return try ZintSymbol(symbology: BARCODE_CODABAR).draw(Array(data.utf8), linear: true)
    case .qr:
      let level = errorCorrection ?? "M"
      let symbol = try ZintSymbol(symbology: BARCODE_QRCODE)
      symbol.option1 = try Self.qrLevel(level)
      try Self.checkQRCapacity(data, level: level)
      return try draw(text: data, on: symbol)
    case .pdf417:
      return try draw(text: data, on: ZintSymbol(symbology: BARCODE_PDF417))
    case .datamatrix:
      return try draw(text: data, on: ZintSymbol(symbology: BARCODE_DATAMATRIX))
    }
  }

  // MARK: Text in 2D codes

  /// How text goes into a 2D code.
  enum TextEncoding: Equatable {
    /// Plain ASCII, which every reader reads alike: no ECI.
    case ascii
    /// ISO-8859-1 announced by ECI 3. It is the standard's default, but readers guess Shift-JIS
    /// for 8-bit bytes without an ECI (`qr "½"` scanned as `ｽ`), so it is always announced.
    case latin1
    /// UTF-8 announced by ECI 26, for text with characters ISO-8859-1 lacks. Raw UTF-8 without
    /// it is read back as Shift-JIS or Latin-1 ("Café" as "Cafﾃｩ").
    case utf8
  }

  /// ASCII as it is, ISO-8859-1 with ECI 3 when every character of `text` is in it, otherwise
  /// UTF-8 with ECI 26.
  static func textEncoding(of text: String) -> TextEncoding {
    if text.unicodeScalars.allSatisfy({ $0.isASCII }) { return .ascii }
    return text.unicodeScalars.allSatisfy { $0.value <= 0xFF } ? .latin1 : .utf8
  }

  /// Draws text on a 2D symbol: zint takes it as UTF-8 and converts it to the ECI's character
  /// set itself.
  private func draw(text: String, on symbol: ZintSymbol) throws(SymbolEncodeError) -> Bitmap {
    symbol.inputMode = UNICODE_MODE
    symbol.eci =
      switch Self.textEncoding(of: text) {
      case .ascii: 0
      case .latin1: 3
      case .utf8: 26
      }
    return try symbol.draw(Array(text.utf8), linear: false)
  }

  /// What the largest QR code (version 40) holds at each level, by the narrowest mode the data
  /// fits: digits only, the alphanumeric set (digits, capitals, space and `$%*+-./:`), or bytes.
  static let qrCapacity: [String: (numeric: Int, alphanumeric: Int, bytes: Int)] = [
    "L": (7089, 4296, 2953), "M": (5596, 3391, 2331), "Q": (3993, 2420, 1663), "H": (3057, 1852, 1273),
  ]

  /// Data too long for any QR code at `level` is our error, with the numbers, before zint sees
  /// it (zint would spend time on it and answer less clearly). Data of mixed kinds is held to
  /// the byte capacity.
  static func checkQRCapacity(_ data: String, level: String) throws(SymbolEncodeError) {
    guard let capacity = qrCapacity[level] else { return }
    let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".unicodeScalars)
    let scalars = data.unicodeScalars
    let (count, most, kind): (Int, Int, String) =
      if scalars.allSatisfy({ ("0"..."9").contains($0) }) {
        (scalars.count, capacity.numeric, "digits")
      } else if scalars.allSatisfy({ alphanumeric.contains($0) }) {
        (scalars.count, capacity.alphanumeric, "characters of its alphanumeric set")
      } else if textEncoding(of: data) != .utf8 {
        (scalars.count, capacity.bytes, "bytes")
      } else {
        (data.utf8.count, capacity.bytes, "bytes of UTF-8")
      }
    guard count > most else { return }
    throw .qrTooLong(count: count, most: most, kind: kind, level: level)
  }

  /// zint's QR error correction option for a level letter.
  static func qrLevel(_ level: String) throws(SymbolEncodeError) -> Int32 {
    switch level {
    case "L": 1
    case "M": 2
    case "Q": 3
    case "H": 4
    default: throw .unknownErrorCorrection(level)
    }
  }

  // MARK: EAN and UPC

  /// Digits without the check digit, and zint's symbology for them.
  private static func retailRule(_ symbology: Symbol.Symbology) -> (digits: Int, zint: Int32) {
    switch symbology {
    case .ean13: (12, BARCODE_EANX)
    case .ean8: (7, BARCODE_EANX)
    case .upca: (11, BARCODE_UPCA)
    default: (7, BARCODE_UPCE)  // the number system (0 or 1) and six digits
    }
  }

  /// EAN-13, EAN-8, UPC-A, UPC-E: exactly their digits, with or without the check digit. zint
  /// computes the check digit (it ends zint's readable text); a given one must match it. The
  /// lengths are checked here because zint pads short data with zeros and reads 6-digit EAN
  /// data as EAN-8, and the UPC-E number system because zint takes any digit there as 0.
  private func retail(_ symbology: Symbol.Symbology, data: String) throws(SymbolEncodeError) -> Bitmap {
    if let outside = data.first(where: { !$0.isASCIIDigit }) { throw .digitsOnly(outside) }
    let rule = Self.retailRule(symbology)
    guard data.count == rule.digits || data.count == rule.digits + 1 else {
      throw .wrongLength(data.count, digits: rule.digits)
    }
    if symbology == .upce, let system = data.first, system != "0", system != "1" {
      throw .numberSystem(system)
    }
    let symbol = try ZintSymbol(symbology: rule.zint)
    let modules = try symbol.draw(Array(data.utf8.prefix(rule.digits)), linear: true)
    if data.count == rule.digits + 1, let given = data.last, let right = symbol.readableText.last,
      given != right
    {
      throw .checkDigit(given: given, right: right)
    }
    return modules
  }

  /// The characters Code 39 holds (its start and stop `*` aside).
  private static let code39Characters = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.$/+%")
}

extension Character {
  /// Whether it is one of 0 to 9 (not any script's digit, as `isNumber` would allow).
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
