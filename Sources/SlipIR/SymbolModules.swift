/// A symbol's modules: drawn already, or drawn when first read, by a backend that needs them.
///
/// A printer that draws a QR code from its data (ZPL's `^BQ`) needs only its size, for the
/// layout and the checks; choosing the best of QR's eight masks is most of what encoding one
/// costs (docs/PERFORMANCE.md). So a rendering meant only for such a printer measures the symbol
/// and leaves the drawing to whoever reads ``Symbol/modules``: the same modules, later or never.
public struct SymbolModules: Sendable {
  /// Modules across, and rows (1 for linear barcodes).
  public let columns: Int
  public let rows: Int
  private let drawn: Bitmap?
  private let draw: (@Sendable () -> Bitmap)?

  /// Modules drawn already.
  public init(_ modules: Bitmap) {
    columns = modules.width
    rows = modules.height
    drawn = modules
    draw = nil
  }

  /// Modules `columns` × `rows` that `draw` draws each time they are read. `draw` must give a
  /// bitmap of that size (the same encoder's modules for the same data): one of any other size
  /// is replaced by a blank one of the measured size, so a symbol never changes size once laid out.
  public init(columns: Int, rows: Int, draw: @escaping @Sendable () -> Bitmap) {
    self.columns = columns
    self.rows = rows
    drawn = nil
    self.draw = draw
  }

  /// Whether the modules are drawn only when read.
  public var isDeferred: Bool { drawn == nil }

  /// The modules.
  public func bitmap() -> Bitmap {
    if let drawn { return drawn }
    guard let draw else { return Bitmap(width: columns, height: rows) }
    let modules = draw()
    guard modules.width == columns, modules.height == rows else {
      return Bitmap(width: columns, height: rows)
    }
    return modules
  }
}
