import SlipIR

/// What the evaluator hands to layout: statements with their text computed.
enum LayoutItem: Sendable {
  /// `text`: the finished string.
  case text(String, LineSettings, SourceRange)
  /// `row`: each cell's string and where its template is.
  case row([(text: String, range: SourceRange)], LineSettings, SourceRange)
  /// A `row` inside a `table`: each cell's string, placed in the table's columns.
  case tableRow([(text: String, range: SourceRange)], LineSettings, TableSpec, SourceRange)
  /// `image`: the finished dots.
  case image(Bitmap, Alignment, name: String, SourceRange)
  /// `qr` / `barcode`: the encoded symbol.
  case symbol(Symbol, Alignment, SourceRange)
  /// `rule`.
  case rule(String, LineSettings, SourceRange)
  /// `feed`.
  case feed(Int, SourceRange)
  /// `cut`.
  case cut(Cut.Kind, SourceRange)
  /// `drawer`.
  case drawer(pin: Int, on: Int, off: Int, SourceRange)
}
