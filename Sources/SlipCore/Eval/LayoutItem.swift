import SlipIR

/// What the evaluator hands to layout: statements with their text computed.
///
/// The label and picture cases are `indirect`, as in the IR's `Block`: rare on receipts and
/// large, inline they made every item as big as a symbol, copied whole at each step.
enum LayoutItem: Sendable {
  /// `text`: the finished string, with its inline styles when it has spans.
  case text(RenderedCell, LineSettings, SourceRange)
  /// `row`: each cell's string and where its template is.
  case row([RenderedCell], LineSettings, SourceRange)
  /// A `row` inside a `table`: each cell's string, placed in the table's columns.
  case tableRow([RenderedCell], LineSettings, TableRowSpec, SourceRange)
  /// `image`: the finished dots, at a position on a label.
  indirect case image(Bitmap, Alignment, name: String, position: LabelPoint?, SourceRange)
  /// `qr` / `barcode`: the encoded symbol, at a position on a label.
  indirect case symbol(Symbol, Alignment, position: LabelPoint?, SourceRange)
  /// A label's text, evaluated, with its inline styles when it has spans.
  indirect case labelText(RenderedCell, LabelTextSpec, SourceRange)
  /// A label's shape.
  indirect case shape(LabelElement, SourceRange)
  /// The top or bottom of a bordered table.
  case tableFrame(TableSpec, FrameEdge, SourceRange)
  /// The start or end of a `box`.
  case box(Border, FrameEdge, SourceRange)
  /// `columns`: each column's items, laid out in its own width.
  indirect case columns(ColumnsSpec, [[LayoutItem]], SourceRange)
  /// `rule`.
  case rule(String, LineSettings, SourceRange)
  /// `feed`.
  case feed(Int, SourceRange)
  /// `cut`.
  case cut(Cut.Kind, SourceRange)
  /// `drawer`.
  case drawer(pin: Int, on: Int, off: Int, SourceRange)

  /// The statement it came from.
  var range: SourceRange {
    switch self {
    case .text(_, _, let range), .row(_, _, let range), .tableRow(_, _, _, let range),
      .image(_, _, _, _, let range),
      .symbol(_, _, _, let range), .labelText(_, _, let range), .shape(_, let range), .rule(_, _, let range),
      .feed(_, let range), .cut(_, let range), .drawer(_, _, _, let range), .tableFrame(_, _, let range),
      .box(_, _, let range), .columns(_, _, let range):
      range
    }
  }
}

/// A row cell's text and where its template is. A struct rather than a tuple: arrays of tuples
/// are destroyed through generic metadata, which the render path felt.
struct RenderedCell: Sendable {
  var text: String
  var range: SourceRange
  /// The text piece by piece with its inline styles, when its template has span tags; empty
  /// (the usual case) when all of `text` is in the line's style.
  var segments: [StyledSegment] = []
}
