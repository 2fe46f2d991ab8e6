import SlipIR

/// A template whose options have been validated and resolved into typed settings: what the
/// evaluator runs. Expressions and text stay as parsed; the checker has vetted their filters.
struct CheckedTemplate: Sendable {
  /// What the template prints on (for a label, its width as paper).
  var media: ReceiptMedia
  /// The label's page, for label templates.
  var label: LabelSpec?
  /// The statements to run.
  var body: [CheckedStatement]
}

/// How a line is set: resolved `font`, `scale`, `align`, `bold`, `underline`, `invert`.
struct LineSettings: Sendable, Equatable {
  var font: Font
  var scale: Scale
  var alignment: Alignment
  var style: TextStyle
}

/// A label's size and resolution, from its header.
struct LabelSpec: Sendable, Equatable {
  var widthDots: Int
  var heightDots: Int
  var dpi: Int
}

/// Where a label element's top left corner is, in dots.
struct LabelPoint: Sendable, Equatable {
  var x: Int
  var y: Int
}

/// A label `text` statement's settings.
struct LabelTextSpec: Sendable, Equatable {
  var position: LabelPoint
  /// The box width, when the template gives one (`w=`): text wraps and aligns inside it.
  var width: Int?
  /// Glyph height in dots.
  var size: Int
  var alignment: Alignment
  /// The most lines the text may take.
  var maxLines: Int
  /// Whether to shrink the text until it fits.
  var shrink: Bool
}

/// A `qr` or `barcode` statement's settings.
struct SymbolSpec: Sendable, Equatable {
  var symbology: Symbol.Symbology
  /// Dots per module.
  var module: Int
  /// Bar height in dots (linear barcodes).
  var height: Int
  var humanReadable: Symbol.HumanReadable
  var errorCorrection: String?
  var alignment: Alignment
  /// Where the data is written, for messages about it.
  var contentRange: SourceRange
  /// On a label, the symbol's top left corner.
  var position: LabelPoint?
}

/// A statement with its options resolved.
indirect enum CheckedStatement: Sendable {
  /// `text "…"`.
  case text(TextTemplate, LineSettings, SourceRange)
  /// `row "…" | "…"`.
  case row([TextTemplate], LineSettings, SourceRange)
  /// `rule "="`.
  case rule(String, LineSettings, SourceRange)
  /// `feed N`.
  case feed(Expression?, SourceRange)
  /// `cut` / `cut partial`.
  case cut(Cut.Kind, SourceRange)
  /// `drawer pin=2 on=100 off=100`.
  case drawer(pin: Int, on: Int, off: Int, SourceRange)
  /// `for variable in sequence … end`.
  case forEach(variable: String, sequence: Expression, body: [CheckedStatement], SourceRange)
  /// `if … else if … else … end`.
  case conditional(branches: [(Expression, [CheckedStatement])], elseBody: [CheckedStatement]?)
  /// `set name = value`.
  case set(name: String, value: Expression, SourceRange)
  /// `image "logo.png"`: decoded, scaled and dithered once, when the template is compiled; on a
  /// label, at a position.
  case image(Bitmap, Alignment, name: String, position: LabelPoint?, SourceRange)
  /// A label's `text`.
  case labelText(TextTemplate, LabelTextSpec, SourceRange)
  /// A label's `box`, `line` or `circle`: fixed when the template compiles.
  case shape(LabelElement, SourceRange)
  /// `qr` or `barcode`: what to encode; literal data is encoded (and checked) at compile time.
  case symbol(SymbolSpec, TextTemplate, literal: Bitmap?, SourceRange)
  /// `row "…" | "…"` inside a `table`: cells placed in the table's columns.
  case tableRow([TextTemplate], LineSettings, TableRowSpec, SourceRange)
  /// The top or bottom of a `table … border=line` (its `table` line).
  case tableFrame(TableSpec, FrameEdge, SourceRange)
  /// The start or end of a `box … end`.
  case box(Border, FrameEdge, SourceRange)
  /// `columns … end`: each `column`'s statements, checked on paper as wide as the column.
  case columns(ColumnsSpec, [[CheckedStatement]], SourceRange)
}

/// A `columns` block's resolved options.
struct ColumnsSpec: Sendable, Equatable {
  /// Each column's first paper column and width, in columns of the receipt's font.
  var columns: [(start: Int, width: Int)]
  /// Where shorter columns sit.
  var alignment: VerticalAlignment

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.alignment == rhs.alignment && lhs.columns.elementsEqual(rhs.columns) { $0 == $1 }
  }
}

/// Which end of a bordered table or a box.
enum FrameEdge: Sendable, Equatable {
  /// Where it opens: the top line.
  case top
  /// Where it closes: the bottom line.
  case bottom
}

extension CheckedStatement {
  /// Where the statement is written (a conditional: its first condition).
  var range: SourceRange? {
    switch self {
    case .text(_, _, let range), .row(_, _, let range), .rule(_, _, let range), .feed(_, let range),
      .cut(_, let range), .set(_, _, let range), .forEach(_, _, _, let range),
      .image(_, _, _, _, let range), .labelText(_, _, let range), .shape(_, let range),
      .symbol(_, _, _, let range), .tableRow(_, _, _, let range), .tableFrame(_, _, let range),
      .box(_, _, let range), .columns(_, _, let range):
      range
    case .drawer(_, _, _, let range): range
    case .conditional(let branches, _): branches.first?.0.range
    }
  }
}
