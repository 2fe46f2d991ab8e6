import CZint
import SlipCore
import SlipIR

/// Draws barcodes and QR codes with libzint: the modules of every symbology Slip knows, one
/// pixel each, without quiet zones. Data a scanner would read back differently is an error
/// rather than a symbol: EAN/UPC check digits are verified (or added when left out), Code 39
/// takes no lower case, ITF no odd digit count, Code 128 ASCII only.
public final class ZintSymbolEncoder: SymbolEncoder {
  /// The sizes of the QR codes ``encodeForSize(_:data:options:)`` has measured, by the kind of
  /// their text.
  private let qrSizes = QRSizes()

  /// An encoder; each call draws with its own zint symbol, and the sizes of the QR codes it
  /// measured are kept (under a lock: an encoder may be shared between threads).
  public init() {}

  /// The modules of `data` as `symbology`; `errorCorrection` is the QR level (`L`, `M`, `Q`,
  /// `H`; `M` when nil) and is ignored by the other symbologies.
  public func encode(_ symbology: Symbol.Symbology, data: String, errorCorrection: String?)
    throws(SymbolEncodeError) -> Bitmap
  {
    try encode(symbology, data: data, options: SymbolOptions(errorCorrection: errorCorrection))
  }

  /// The modules of `data` as `symbology` drawn with `options`: the QR level, PDF417's columns,
  /// rows and security level; the others take none.
  public func encode(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions)
    throws(SymbolEncodeError) -> Bitmap
  {
    let errorCorrection = options.errorCorrection
    guard !data.isEmpty else { throw .empty }
    switch symbology {
    case .ean13, .ean8, .upca, .upce:
      return try retail(symbology, data: data)
    case .code128:
      if !TextColumns.isASCII(data), let outside = data.first(where: { !$0.isASCII }) {
        throw .notASCII(outside)
      }
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
    case .code93:
      if !TextColumns.isASCII(data), let outside = data.first(where: { !$0.isASCII }) {
        throw .notASCII(outside)
      }
      return try ZintSymbol(symbology: BARCODE_CODE93).draw(Array(data.utf8), linear: true)
    case .databar:
      return try databar(data)
    case .qr:
      return try qr(data, level: errorCorrection ?? "M", mask: nil)
    case .pdf417:
      let symbol = try ZintSymbol(symbology: BARCODE_PDF417)
      // zint's PDF417 options: 1 security level (0–8, -1 automatic), 2 columns, 3 rows.
      symbol.option1 = Int32(options.security ?? -1)
      symbol.option2 = Int32(options.columns ?? 0)
      symbol.option3 = Int32(options.rows ?? 0)
      return try draw(text: data, on: symbol)
    case .datamatrix:
      return try draw(text: data, on: ZintSymbol(symbology: BARCODE_DATAMATRIX))
    case .aztec:
      return try draw(text: data, on: ZintSymbol(symbology: BARCODE_AZTEC))
    case .maxicode:
      let symbol = try ZintSymbol(symbology: BARCODE_MAXICODE)
      let mode = options.maxiCodeMode ?? 4
      symbol.option1 = Int32(mode)
      if let primary = options.maxiCodePrimary { symbol.setPrimary(primary) }
      // zint draws MaxiCode 299 pixels wide at scale 1; the symbol is 28.14 mm (1.108 in) wide.
      symbol.scale = Float(Double(options.dpi ?? 203) * 1.108 / 299)
      symbol.inputMode = UNICODE_MODE
      return try symbol.picture(Array(data.utf8))
    case .gs1128, .gs1DataMatrix:
      // Element strings in bracket form, `(01)09501101530003(17)270101`: zint checks each
      // Application Identifier's data (digits, lengths, check digits) and puts FNC1 in.
      if !TextColumns.isASCII(data), let outside = data.first(where: { !$0.isASCII }) {
        throw .notASCII(outside)
      }
      let symbol = try ZintSymbol(symbology: symbology == .gs1128 ? BARCODE_GS1_128 : BARCODE_DATAMATRIX)
      symbol.inputMode = GS1_MODE | GS1PARENS_MODE
      return try symbol.draw(Array(data.utf8), linear: symbology == .gs1128)
    }
  }

  /// A QR code of the size ``encode(_:data:options:)`` draws, with mask 0 rather than the best
  /// of the eight by zint's scoring, which is most of a QR code's cost: the mask changes the
  /// modules, never the version (the size) or whether the data fits. For printable ASCII of a
  /// kind measured before (``QRSizes``) the size is known without zint, and the modules are
  /// blank. Other symbols are drawn as `encode` draws them.
  public func encodeForSize(_ symbology: Symbol.Symbology, data: String, options: SymbolOptions)
    throws(SymbolEncodeError) -> Bitmap
  {
    guard symbology == .qr, !data.isEmpty else { return try encode(symbology, data: data, options: options) }
    let level = options.errorCorrection ?? "M"
    guard let kind = QRSizes.kind(of: data, level: level) else { return try qr(data, level: level, mask: 0) }
    if let size = qrSizes.size(of: kind) {
      // A text of the same kind was measured: a code of this one is the same size.
      return Bitmap(width: size.width, height: size.height)
    }
    let modules = try qr(data, level: level, mask: 0)
    qrSizes.keep(QRSizes.Size(width: modules.width, height: modules.height), of: kind)
    return modules
  }

  /// A QR code of `data` at error correction `level`, with zint's choice of mask or `mask`.
  private func qr(_ data: String, level: String, mask: Int32?) throws(SymbolEncodeError) -> Bitmap {
    let symbol = try ZintSymbol(symbology: BARCODE_QRCODE)
    symbol.option1 = try Self.qrLevel(level)
    // zint's QR option 3: bits 8 and up are the mask plus one (zint.h's ZINT_CAP_MASK).
    if let mask { symbol.option3 = (mask + 1) << 8 }
    try Self.checkQRCapacity(data, level: level)
    return try draw(text: data, on: symbol)
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
    let scalars = data.unicodeScalars
    let (count, most, kind): (Int, Int, String) =
      if scalars.allSatisfy({ ("0"..."9").contains($0) }) {
        (scalars.count, capacity.numeric, "digits")
      } else if scalars.allSatisfy({ qrAlphanumeric.contains($0) }) {
        (scalars.count, capacity.alphanumeric, "characters of its alphanumeric set")
      } else if textEncoding(of: data) != .utf8 {
        (scalars.count, capacity.bytes, "bytes")
      } else {
        (data.utf8.count, capacity.bytes, "bytes of UTF-8")
      }
    guard count > most else { return }
    throw .qrTooLong(count: count, most: most, kind: kind, level: level)
  }

  /// QR's alphanumeric set: made once, not for every code (it cost a badge 14,000 instructions).
  private static let qrAlphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".unicodeScalars)

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

  /// GS1 DataBar Omnidirectional: a GTIN, 13 digits or 14 with its check digit, which must be
  /// right (zint would otherwise draw its own). An `(01)` in front, as GS1 writes it, is taken.
  private func databar(_ data: String) throws(SymbolEncodeError) -> Bitmap {
    let digits = data.hasPrefix("(01)") ? String(data.dropFirst(4)) : data
    if let outside = digits.first(where: { !$0.isASCIIDigit }) { throw .digitsOnly(outside) }
    guard digits.count == 13 || digits.count == 14 else { throw .wrongLength(digits.count, digits: 13) }
    let symbol = try ZintSymbol(symbology: BARCODE_DBAR_OMN)
    // DataBar is a single row of modules: zint draws it 33 modules tall, the layout its height.
    let modules = try symbol.draw(Array(digits.utf8.prefix(13)), linear: true)
    if digits.count == 14, let given = digits.last, let right = symbol.readableText.last, given != right {
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
