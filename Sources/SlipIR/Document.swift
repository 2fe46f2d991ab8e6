/// A laid-out document: what every backend prints, with no trace of the template language.
///
/// Receipts are a flow of blocks down continuous paper; each text line has its runs already
/// placed on the line's column grid and knows its font cell and scale, so a backend can work in
/// characters (text, ESC/POS text mode) or in dots (previews, raster) without re-laying it out.
///
/// A label template gives a ``LabelPage`` of positioned elements instead: then `page` is set,
/// `blocks` is empty and `media` describes the label's width as if it were paper, so a receipt
/// printer can print the label as one picture.
public struct Document: Sendable, Equatable {
  /// The files that source spans point into; index 0 is the top template.
  public var sources: [String]
  /// The paper and its grid.
  public var media: ReceiptMedia
  /// The content, top to bottom.
  public var blocks: [Block]
  /// The label, for label templates.
  public var page: LabelPage?

  /// A document on `media` with `blocks`, or a label `page`.
  public init(sources: [String], media: ReceiptMedia, blocks: [Block], page: LabelPage? = nil) {
    self.sources = sources
    self.media = media
    self.blocks = blocks
    self.page = page
  }
}

/// Continuous receipt paper: its printable width and the text grid on it.
public struct ReceiptMedia: Sendable, Equatable {
  /// The paper's name as the template gave it: `58mm`, `80mm`.
  public var paper: String
  /// Printable width in dots.
  public var widthDots: Int
  /// Resolution in dots per inch.
  public var dpi: Int
  /// The default font.
  public var font: Font
  /// Columns of the default font at scale 1.
  public var columns: Int
  /// Columns of the other font at scale 1.
  public var alternateColumns: Int
  /// The header statement that chose this medium.
  public var source: SourceSpan?
  /// `dir=rtl`: the receipt reads right to left and its rows are mirrored.
  public var direction: TextDirection

  /// A medium; `columns` belongs to `font`, `alternateColumns` to the other font.
  public init(
    paper: String, widthDots: Int, dpi: Int, font: Font, columns: Int, alternateColumns: Int,
    direction: TextDirection = .auto
  ) {
    self.direction = direction
    self.paper = paper
    self.widthDots = widthDots
    self.dpi = dpi
    self.font = font
    self.columns = columns
    self.alternateColumns = alternateColumns
  }

  /// Columns of `font` at scale 1.
  public func columns(for font: Font) -> Int {
    font == self.font ? columns : alternateColumns
  }
}

/// One of the printer's two built-in fonts.
public enum Font: String, Sendable, Equatable, CaseIterable {
  /// 12×24-dot cells.
  case a = "A"
  /// 9×17-dot cells.
  case b = "B"

  /// Cell width in dots at scale 1.
  public var cellWidth: Int { self == .a ? 12 : 9 }
  /// Glyph height in dots at scale 1.
  public var cellHeight: Int { self == .a ? 24 : 17 }
}

/// Horizontal placement of a line's content.
public enum Alignment: String, Sendable, Equatable {
  case left
  case center
  case right
}

/// Character magnification: each factor 1 to 8.
public struct Scale: Sendable, Equatable, CustomStringConvertible {
  /// Horizontal factor.
  public var width: Int
  /// Vertical factor.
  public var height: Int

  /// A scale of `width`×`height`.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// No magnification.
  public static let normal = Scale(width: 1, height: 1)

  /// `2x2`.
  public var description: String { "\(width)x\(height)" }
}

/// Emphasis that applies to a run of text.
public struct TextStyle: Sendable, Equatable {
  /// Emphasised (ESC E).
  public var bold: Bool
  /// Underlined (ESC -).
  public var underline: Bool
  /// White on black (GS B).
  public var invert: Bool

  /// A style.
  public init(bold: Bool = false, underline: Bool = false, invert: Bool = false) {
    self.bold = bold
    self.underline = underline
    self.invert = invert
  }

  /// Plain text.
  public static let plain = TextStyle()
}

/// Where something came from in the templates: file index into ``Document/sources``, and
/// 1-based line and column of the first and last-plus-one character.
public struct SourceSpan: Sendable, Equatable, CustomStringConvertible {
  /// Index into ``Document/sources``.
  public var file: Int
  /// First line.
  public var line: Int
  /// First column.
  public var column: Int
  /// Line of the end.
  public var endLine: Int
  /// Column one past the end.
  public var endColumn: Int

  /// A span.
  public init(file: Int, line: Int, column: Int, endLine: Int, endColumn: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
  }

  /// `@3:1-3:42`, with `fileN:` before it for included files.
  public var description: String {
    let prefix = file == 0 ? "" : "file\(file):"
    return "@\(prefix)\(line):\(column)-\(endLine):\(endColumn)"
  }
}
