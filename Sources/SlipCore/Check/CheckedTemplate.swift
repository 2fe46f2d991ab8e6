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
  /// Whether an expression names `copy` or `copies`.
  var numbersCopies = false
  /// The `receipt` or `label` header, where a warning about the whole template points.
  var headerRange: SourceRange?
}

/// How a line is set: resolved `font`, `scale`, `align`, `bold`, `underline`, `invert`, `wrap`.
struct LineSettings: Sendable, Equatable {
  var font: Font
  var scale: Scale
  var alignment: Alignment
  var style: TextStyle
  var wrap: WrapMode = .word
}

/// `wrap=`: how text longer than its line breaks.
enum WrapMode: String, Sendable, Equatable {
  /// Between words; a word longer than the line is cut.
  case word
  /// Anywhere: each line filled to the last column, as ReceiptLine wraps.
  case char
  /// Not at all: clipped at the line's end, with no ellipsis.
  case none
}

/// A label's size and resolution, from its header.
struct LabelSpec: Sendable, Equatable {
  var widthDots: Int
  var heightDots: Int
  var dpi: Int
  /// How the whole label prints turned (`label … rotate=180`).
  var rotation: Rotation = .none
  /// Where positions count from (`label … home=x,y`), in dots from the top left.
  var home = LabelPoint(x: 0, y: 0)
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
  /// How the text is turned (`rotate=`).
  var rotation: Rotation = .none
  /// Whether it prints white on what is under it (`reverse`).
  var reverse = false
  /// Font 0 or a bitmap font at a magnification (`font=`).
  var font = LabelTextFont.scalable
  /// Font 0's glyph width (`width=`), or a bitmap font's magnified cell width.
  var glyphWidth: Int?
}

/// How to print a picture that only rendering can read (`image "{{ logo }}"`).
struct ImageRequest: Sendable, Equatable {
  /// The width asked for, in dots; nil keeps the picture's own (scaled down to fit the paper).
  var width: Int?
  var dither: ImageProcessor.Dither
  var threshold: Int
  var alignment: Alignment
  /// On a label, the picture's top left corner.
  var position: LabelPoint?
  /// The template file a path is read relative to (and confined to the root of).
  var includer: String
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
  /// On a label, how the symbol is turned (`rotate=`).
  var rotation: Rotation = .none
  /// PDF417's data columns, rows and security level, when the template sets them.
  var columns: Int?
  var rows: Int?
  var security: Int?
  /// Whether a Code 128's digits get a GS1 mod 10 check digit, in the bars and the text under
  /// them (`check=mod10`, ZPL `^BC`'s UCC check digit).
  var mod10 = false
  /// The wide-to-narrow ratio of a two-width barcode in tenths (20, 25, 30), when set.
  var ratioTenths: Int?
  /// MaxiCode's mode and primary message, and the resolution it is drawn at.
  var maxiCodeMode: Int?
  var maxiCodePrimary: String?
  var dpi: Int?

  /// The data as encoded: with its mod 10 check digit when the template asks for one.
  func encoded(_ data: String) throws(SymbolEncodeError) -> String {
    guard mod10 else { return data }
    guard !data.isEmpty, data.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
      throw SymbolEncodeError("a mod 10 check digit is for digits only, not '\(data)'")
    }
    // GS1's rule: weights 3 and 1 from the right, up to the next multiple of ten.
    let sum = data.reversed().enumerated().reduce(0) { total, item in
      total + (item.element.wholeNumberValue ?? 0) * (item.offset.isMultiple(of: 2) ? 3 : 1)
    }
    return data + String((10 - sum % 10) % 10)
  }

  /// The encoder's modules as printed, with their dots a module: widened to the ratio asked for.
  func printed(_ modules: Bitmap) -> (modules: Bitmap, module: Int) {
    guard let ratioTenths else { return (modules, module) }
    return WideBars.widened(modules, tenths: ratioTenths, module: module)
  }

  /// What the encoder is told besides the data.
  var encoding: SymbolOptions {
    SymbolOptions(
      errorCorrection: errorCorrection, columns: columns, rows: rows, security: security,
      maxiCodeMode: maxiCodeMode, maxiCodePrimary: maxiCodePrimary, dpi: dpi)
  }
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
  /// `image "{{ logo }}"`: a picture the data names or sends, read when the receipt renders.
  case imageFromData(ImageRequest, TextTemplate, SourceRange)
  /// A label's `text`.
  case labelText(TextTemplate, LabelTextSpec, SourceRange)
  /// A label's `box`, `line` or `circle`: fixed when the template compiles.
  case shape(LabelElement, SourceRange)
  /// `qr` or `barcode`: what to encode; literal data is encoded (and checked) at compile time.
  case symbol(SymbolSpec, TextTemplate, literal: Bitmap?, SourceRange)
  /// `row "…" | "…"` inside a `table`: cells placed in the table's columns.
  case tableRow([TextTemplate], LineSettings, TableRowSpec, SourceRange)
  /// A label element some of whose numeric options are expressions, evaluated per record.
  case computed(CheckedStatement, [ComputedOption])
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
      .image(_, _, _, _, let range), .imageFromData(_, _, let range), .labelText(_, _, let range),
      .shape(_, let range), .symbol(_, _, _, let range), .tableRow(_, _, _, let range),
      .tableFrame(_, _, let range), .box(_, _, let range), .columns(_, _, let range):
      range
    case .drawer(_, _, _, let range): range
    case .conditional(let branches, _): branches.first?.0.range
    case .computed(let statement, _): statement.range
    }
  }
}
