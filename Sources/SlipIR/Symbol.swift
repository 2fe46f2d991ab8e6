/// A barcode or 2D code: what to encode, for backends with native barcode commands, and its
/// modules as the encoder drew them, for every other backend.
public struct Symbol: Sendable, Equatable {
  /// The kinds of symbol templates can ask for.
  public enum Symbology: String, Sendable, Equatable, CaseIterable {
    case code128
    case ean13
    case ean8
    case upca
    case upce
    /// Code 93: full ASCII, two check characters.
    case code93
    /// GS1 DataBar Omnidirectional: a GTIN of 13 digits (14 with its check digit).
    case databar
    case code39
    case itf
    case codabar
    case qr
    case pdf417
    case datamatrix
    /// Code 128 with FNC1 and GS1 Application Identifiers, data in bracket form `(01)…`.
    case gs1128 = "gs1-128"
    case aztec
    /// Data Matrix with FNC1 and GS1 Application Identifiers, data in bracket form.
    case gs1DataMatrix = "gs1-datamatrix"
    /// MaxiCode, the hexagon grid of parcel sorters: its modules are the drawing itself, in dots.
    case maxicode

    /// Whether it is a one-row (linear) barcode rather than a 2D code.
    public var isLinear: Bool {
      switch self {
      case .qr, .pdf417, .datamatrix, .aztec, .gs1DataMatrix, .maxicode: false
      default: true
      }
    }

    /// Whether its data is GS1 element strings in bracket form.
    public var isGS1: Bool { self == .gs1128 || self == .gs1DataMatrix }
  }

  /// Where the human-readable text of a linear barcode goes.
  public enum HumanReadable: String, Sendable, Equatable {
    case none
    case above
    case below
  }

  /// The kind.
  public var symbology: Symbology
  /// The data, as the template gave it (NFC text).
  public var data: String
  /// Dots per module: the narrowest bar's width, or a 2D code's cell size.
  public var module: Int
  /// Bar height in dots for linear barcodes; for 2D codes, rows × `module`.
  public var height: Int
  /// Human-readable text of a linear barcode. On receipts the layout prints it as a text line of
  /// its own (font B, centred on the bars), so a writer that uses the printer's own barcode
  /// command turns the printer's text off (`GS H 0`); a label writer draws it itself.
  public var humanReadable: HumanReadable
  /// QR error correction level (`L`, `M`, `Q`, `H`), when it applies.
  public var errorCorrection: String?
  /// The encoder's modules, or how to draw them when they are first read.
  private var drawing: SymbolModules

  /// A symbol.
  public init(
    symbology: Symbology, data: String, module: Int, height: Int, humanReadable: HumanReadable,
    errorCorrection: String?, modules: Bitmap
  ) {
    self.init(
      symbology: symbology, data: data, module: module, height: height, humanReadable: humanReadable,
      errorCorrection: errorCorrection, drawing: SymbolModules(modules))
  }

  /// A symbol whose modules are drawn by `drawing` when something reads them (a preview, a
  /// raster print, a dump) and never when the printer draws the symbol from its data.
  public init(
    symbology: Symbology, data: String, module: Int, height: Int, humanReadable: HumanReadable,
    errorCorrection: String?, drawing: SymbolModules
  ) {
    self.symbology = symbology
    self.data = data
    self.module = module
    self.height = height
    self.humanReadable = humanReadable
    self.errorCorrection = errorCorrection
    self.drawing = drawing
  }

  /// The encoder's modules, one pixel each (one row for linear barcodes), without quiet zones.
  /// Modules whose drawing was put off are drawn at each read: read them once.
  public var modules: Bitmap {
    get { drawing.bitmap() }
    set { drawing = SymbolModules(newValue) }
  }

  /// Whether the modules are drawn only when read.
  public var drawsModulesWhenRead: Bool { drawing.isDeferred }

  /// Width in dots as printed: known without drawing the modules.
  public var width: Int { drawing.columns * module }

  /// Equal symbols print alike: the same data, sizes and modules.
  public static func == (left: Symbol, right: Symbol) -> Bool {
    left.symbology == right.symbology && left.data == right.data && left.module == right.module
      && left.height == right.height && left.humanReadable == right.humanReadable
      && left.errorCorrection == right.errorCorrection && left.drawing.columns == right.drawing.columns
      && left.drawing.rows == right.drawing.rows && left.modules == right.modules
  }

  /// The text a printer prints under the bars: the data, with the check digit an EAN or UPC
  /// number left out (a Zebra prints it, and scanners read it).
  public var humanReadableText: String {
    let digits: Int? =
      switch symbology {
      case .ean13: 12
      case .ean8: 7
      case .upca: 11
      default: nil
      }
    guard let digits, data.count == digits, data.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
      return data
    }
    // The GS1 check digit: weights 3 and 1 from the right, to the next multiple of ten.
    let sum = data.reversed().enumerated().reduce(0) { total, item in
      total + (item.element.wholeNumberValue ?? 0) * (item.offset.isMultiple(of: 2) ? 3 : 1)
    }
    return data + String((10 - sum % 10) % 10)
  }

  /// The symbol drawn at its module size: what a raster backend prints (human-readable text
  /// aside, which is drawn in the printer's font).
  public func bitmap() -> Bitmap {
    let modules = self.modules
    let module = max(1, self.module)
    let width = max(0, self.width)
    let height = max(0, self.height)
    let bytesPerRow = (width + 7) / 8
    guard bytesPerRow > 0, height > 0, modules.height > 0 else { return Bitmap(width: width, height: height) }
    // Each row of modules is drawn once, as packed bits, then copied to every dot row it covers
    // (all of them for a linear barcode): a dot at a time, two barcodes on a label cost more
    // than the rest of it.
    var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
    var drawnRow = -1
    var start = 0
    for y in 0..<height {
      let row = symbology.isLinear ? 0 : min(modules.height - 1, y / module)
      if row != drawnRow {
        start = y * bytesPerRow
        for x in 0..<width where modules[x / module, row] {
          bits[start + x >> 3] |= 0x80 >> UInt8(x & 7)
        }
        drawnRow = row
      } else {
        for byte in 0..<bytesPerRow { bits[y * bytesPerRow + byte] = bits[start + byte] }
      }
    }
    return Bitmap(width: width, height: height, bits: bits)
  }
}

/// A symbol placed on a receipt.
public struct SymbolBlock: Sendable, Equatable {
  /// The symbol.
  public var symbol: Symbol
  /// The left edge in dots from the left of the printable width.
  public var x: Int
  /// How the statement asked it to be placed; `x` already applies it.
  public var alignment: Alignment
  /// The statement.
  public var source: SourceSpan?

  /// A placed symbol.
  public init(symbol: Symbol, x: Int, alignment: Alignment, source: SourceSpan?) {
    self.symbol = symbol
    self.x = x
    self.alignment = alignment
    self.source = source
  }
}
