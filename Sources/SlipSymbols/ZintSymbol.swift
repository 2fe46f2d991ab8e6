import CZint
import SlipCore
import SlipIR

/// One `zint_symbol`, owned: zint allocates it (and the bitmap it draws into it), and
/// `ZBarcode_Delete` frees both when the wrapper goes. Used for a single encode, on one thread.
final class ZintSymbol {
  private let symbol: UnsafeMutablePointer<zint_symbol>

  /// A symbol of zint's `symbology` (`BARCODE_QRCODE`, …) set up to draw bare modules: one pixel
  /// per module, no quiet zones, no human-readable text, every warning an error.
  init(symbology: Int32) throws(SymbolEncodeError) {
    guard let symbol = ZBarcode_Create() else { throw .outOfMemory }
    self.symbol = symbol
    symbol.pointee.symbology = symbology
    // zint's X-dimension is two pixels at scale 1: half of that is one pixel per module.
    symbol.pointee.scale = 0.5
    symbol.pointee.show_hrt = 0
    symbol.pointee.whitespace_width = 0
    symbol.pointee.whitespace_height = 0
    symbol.pointee.border_width = 0
    // EAN and UPC get quiet zones by default; the backends add their own margins.
    symbol.pointee.output_options = BARCODE_NO_QUIET_ZONES
    // An automatic ECI or a non-compliant symbol would mean a code that scans as something else.
    symbol.pointee.warn_level = WARN_FAIL_ALL
  }

  deinit {
    ZBarcode_Delete(symbol)
  }

  /// How zint reads the data bytes: `DATA_MODE` (raw) or `UNICODE_MODE` (UTF-8 text).
  var inputMode: Int32 {
    get { symbol.pointee.input_mode }
    set { symbol.pointee.input_mode = newValue }
  }

  /// The Extended Channel Interpretation to announce; 0 for none.
  var eci: Int32 {
    get { symbol.pointee.eci }
    set { symbol.pointee.eci = newValue }
  }

  /// zint's first symbol-specific option (QR: the error correction level, 1 = L to 4 = H).
  var option1: Int32 {
    get { symbol.pointee.option_1 }
    set { symbol.pointee.option_1 = newValue }
  }

  /// zint's second and third symbol-specific options (PDF417: data columns, rows).
  var option2: Int32 {
    get { symbol.pointee.option_2 }
    set { symbol.pointee.option_2 = newValue }
  }
  var option3: Int32 {
    get { symbol.pointee.option_3 }
    set { symbol.pointee.option_3 = newValue }
  }

  /// MaxiCode's primary message.
  func setPrimary(_ primary: String) { czint_set_primary(symbol, primary) }

  /// zint's drawing scale: 1 is two pixels per X-dimension.
  var scale: Float {
    get { symbol.pointee.scale }
    set { symbol.pointee.scale = newValue }
  }

  /// Encodes `bytes` and returns zint's own drawing, pixel for pixel: for MaxiCode, whose
  /// hexagons are no grid of square modules.
  func picture(_ bytes: [UInt8]) throws(SymbolEncodeError) -> Bitmap {
    let status = bytes.withUnsafeBufferPointer {
      ZBarcode_Encode_and_Buffer(symbol, $0.baseAddress, Int32(clamping: $0.count), 0)
    }
    guard status < ZINT_ERROR else {
      throw .zint(String(cString: czint_error_text(symbol)))
    }
    let width = Int(symbol.pointee.bitmap_width)
    let height = Int(symbol.pointee.bitmap_height)
    guard let pixels = symbol.pointee.bitmap, width > 0, height > 0 else {
      throw .unexpectedDrawing(width: width, modules: Int(symbol.pointee.width))
    }
    var out = Bitmap(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width where pixels[(y * width + x) * 3] < 128 { out[x, y] = true }
    }
    return out
  }

  /// The text zint made of the data, with any check digit it computed.
  var readableText: String { String(cString: czint_readable_text(symbol)) }

  /// Encodes `bytes` and returns the modules, one pixel each: a linear barcode's single row, or
  /// every row of a 2D code (PDF417's rows are three pixels high, as zint draws them).
  func draw(_ bytes: [UInt8], linear: Bool) throws(SymbolEncodeError) -> Bitmap {
    if Self.drawsModules.contains(symbol.pointee.symbology) {
      return try modules(bytes, linear: linear)
    }
    let status = bytes.withUnsafeBufferPointer {
      ZBarcode_Encode_and_Buffer(symbol, $0.baseAddress, Int32(clamping: $0.count), 0)
    }
    guard status < ZINT_ERROR else {
      throw .zint(String(cString: czint_error_text(symbol)))
    }
    let width = Int(symbol.pointee.bitmap_width)
    let height = Int(symbol.pointee.bitmap_height)
    // Without quiet zones, whitespace or text the bitmap is exactly the symbol's modules wide.
    guard let pixels = symbol.pointee.bitmap, width == Int(symbol.pointee.width), height > 0 else {
      throw .unexpectedDrawing(width: width, modules: Int(symbol.pointee.width))
    }
    return Self.trimmed(width: width, height: height, linear: linear) { x, y in
      pixels[(y * width + x) * 3] < 128
    }
  }

  /// The symbologies whose drawing at one pixel a module is exactly their encoded modules: one
  /// row of bars (no add-on or guard bars drawn lower), or a grid of square modules, one pixel
  /// each. Their modules are read straight from zint's encoding, with no bitmap drawn: the QR
  /// code and Code 128 of every badge cost half as much (docs/PERFORMANCE.md).
  private static let drawsModules: Set<Int32> = [
    BARCODE_CODE128, BARCODE_CODE39, BARCODE_C25INTER, BARCODE_CODABAR, BARCODE_CODE93, BARCODE_QRCODE,
    BARCODE_DATAMATRIX, BARCODE_AZTEC,
  ]

  /// Encodes `bytes` and returns the modules as zint encoded them, for ``drawsModules``.
  private func modules(_ bytes: [UInt8], linear: Bool) throws(SymbolEncodeError) -> Bitmap {
    let status = bytes.withUnsafeBufferPointer {
      ZBarcode_Encode(symbol, $0.baseAddress, Int32(clamping: $0.count))
    }
    guard status < ZINT_ERROR else {
      throw .zint(String(cString: czint_error_text(symbol)))
    }
    let width = Int(symbol.pointee.width)
    let rows = Int(symbol.pointee.rows)
    guard width > 0, rows > 0 else { throw .unexpectedDrawing(width: width, modules: width) }
    // The packed rows set directly: Bitmap's subscript checks its storage is unique per module.
    let height = linear ? 1 : rows
    let bytesPerRow = (width + 7) / 8
    var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
    bits.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        czint_row_bits(symbol, Int32(y), Int32(width), out.baseAddress! + y * bytesPerRow)
      }
    }
    let grid = Bitmap(width: width, height: height, bits: bits)
    // A 2D code's grid is its modules; only a linear row has a gap to trim.
    guard linear else { return grid }
    return Self.trimmedRow(grid)
  }

  /// A linear barcode's row of modules from its first bar to its last, as ``trimmed`` cuts it,
  /// set as packed bytes rather than module by module.
  private static func trimmedRow(_ row: Bitmap) -> Bitmap {
    // Most rows start and end with a bar (Code 128's stop pattern does): nothing to cut.
    if row.width > 0, row[0, 0], row[row.width - 1, 0] { return row }
    let columns = 0..<row.width
    let first = columns.first(where: { row[$0, 0] }) ?? 0
    let last = columns.last(where: { row[$0, 0] }) ?? row.width - 1
    let width = last - first + 1
    var bits = [UInt8](repeating: 0, count: (width + 7) / 8)
    for x in first...last where row[x, 0] {
      let column = x - first
      bits[column >> 3] |= 0x80 >> UInt8(column & 7)
    }
    return Bitmap(width: width, height: 1, bits: bits)
  }

  /// The modules where `ink` is dark: a linear barcode's first row from its first bar to its
  /// last, every row of a 2D code.
  private static func trimmed(width: Int, height: Int, linear: Bool, ink: (Int, Int) -> Bool) -> Bitmap {
    // A linear barcode starts and ends with a bar; zint ends Codabar with the gap that would
    // separate another character, which belongs to the quiet zone.
    var columns = 0..<width
    if linear {
      let first = columns.first(where: { ink($0, 0) }) ?? 0
      let last = columns.last(where: { ink($0, 0) }) ?? width - 1
      columns = first..<last + 1
    }
    var modules = Bitmap(width: columns.count, height: linear ? 1 : height)
    for y in 0..<modules.height {
      for x in columns where ink(x, y) { modules[x - columns.lowerBound, y] = true }
    }
    return modules
  }
}
