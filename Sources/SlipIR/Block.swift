/// One vertical piece of a receipt.
///
/// Pictures and symbols are `indirect`: they are rare and large (a symbol's block is about
/// 150 bytes), and inline they made every block that size, copied whole each time one is
/// stored or read; boxed, a block is the size of a text line.
public enum Block: Sendable, Equatable {
  /// A line of text runs.
  case text(TextLine)
  /// A horizontal rule across the paper.
  case rule(RuleLine)
  /// Blank paper.
  case feed(Feed)
  /// Cut the paper.
  case cut(Cut)
  /// Kick the cash drawer.
  case drawer(DrawerKick)
  /// A picture, already scaled and dithered to the printer's dots.
  indirect case image(ImageBlock)
  /// A barcode or QR code.
  indirect case symbol(SymbolBlock)
  /// Blocks side by side (`columns … end` holding a picture or symbol), printed as one picture.
  indirect case band(Band)
}

/// A picture placed on the paper.
public struct ImageBlock: Sendable, Equatable {
  /// The dots to print.
  public var bitmap: Bitmap
  /// The left edge, in dots from the left of the printable width.
  public var x: Int
  /// How the statement asked it to be placed; `x` already applies it.
  public var alignment: Alignment
  /// The file it came from, as the template names it.
  public var name: String
  /// The statement.
  public var source: SourceSpan?

  /// An image block.
  public init(bitmap: Bitmap, x: Int, alignment: Alignment, name: String, source: SourceSpan?) {
    self.bitmap = bitmap
    self.x = x
    self.alignment = alignment
    self.name = name
    self.source = source
  }
}

/// A printed line: runs placed on the line's own column grid.
public struct TextLine: Sendable, Equatable {
  /// The font of every run.
  public var font: Font
  /// Magnification of every run.
  public var scale: Scale
  /// How the statement asked the line to be aligned; runs are already placed accordingly.
  public var alignment: Alignment
  /// The grid's width in cells of this font at this scale.
  public var columns: Int
  /// The runs, left to right, not overlapping.
  public var runs: [TextRun]
  /// The statement that produced the line.
  public var source: SourceSpan?
  /// The paragraph direction shaped runs are ordered from: right to left in a `dir=rtl`
  /// receipt (whose runs are already mirrored), by Unicode's rules otherwise.
  public var direction: TextDirection

  /// A line.
  public init(
    font: Font, scale: Scale, alignment: Alignment, columns: Int, runs: [TextRun],
    source: SourceSpan?, direction: TextDirection = .auto
  ) {
    self.font = font
    self.scale = scale
    self.alignment = alignment
    self.columns = columns
    self.runs = runs
    self.source = source
    self.direction = direction
  }

  /// Height of the glyphs in dots: the tallest run's, since a line mixing sizes (`<size 2x2>`)
  /// is as tall as its tallest character, as on the printer.
  public var glyphHeight: Int {
    var height = scale.height
    for run in runs {
      if let own = run.scale { height = max(height, own.height) }
    }
    return font.cellHeight * height
  }

  /// The magnification `run` prints at: its own (`<size WxH>`) or the line's.
  public func scale(of run: TextRun) -> Scale { run.scale ?? scale }
}

/// Text in one style starting at a column.
public struct TextRun: Sendable, Equatable {
  /// The first column, 0-based, in the line's cells.
  public var column: Int
  /// The text: NFC, no control characters.
  public var text: String
  /// Columns the text takes (wide characters count 2).
  public var width: Int
  /// Emphasis.
  public var style: TextStyle
  /// The template text or expression it came from.
  public var source: SourceSpan?
  /// The run's own magnification (an inline `<size WxH>`), or nil for the line's. A line holding
  /// runs of their own size has a grid one cell wide (`scale.width` 1), so `column` and `width`
  /// stay whole cells: a run at 2×2 takes two cells a character. Smaller runs sit on the line's
  /// baseline, at the bottom of its tallest run, as the printer places them.
  public var scale: Scale?
  /// A table's or box's border: ``BoxDrawing`` characters (or spaces) that pixel backends draw
  /// as strokes reaching the cell's edges, so that rules join across lines and at corners.
  public var border: Bool

  /// A run.
  public init(
    column: Int, text: String, width: Int, style: TextStyle, source: SourceSpan?, scale: Scale? = nil,
    border: Bool = false
  ) {
    self.column = column
    self.text = text
    self.width = width
    self.style = style
    self.source = source
    self.scale = scale
    self.border = border
  }
}

/// A rule: a character repeated across the line.
public struct RuleLine: Sendable, Equatable {
  /// The character repeated; a single column wide.
  public var character: String
  /// The font it is drawn in.
  public var font: Font
  /// How many times it repeats.
  public var columns: Int
  /// Emphasis.
  public var style: TextStyle
  /// The statement.
  public var source: SourceSpan?

  /// A rule.
  public init(character: String, font: Font, columns: Int, style: TextStyle, source: SourceSpan?) {
    self.character = character
    self.font = font
    self.columns = columns
    self.style = style
    self.source = source
  }
}

/// Blank lines of the default font's line height.
public struct Feed: Sendable, Equatable {
  /// How many lines.
  public var lines: Int
  /// The statement.
  public var source: SourceSpan?

  /// A feed.
  public init(lines: Int, source: SourceSpan?) {
    self.lines = lines
    self.source = source
  }
}

/// A paper cut.
public struct Cut: Sendable, Equatable {
  /// Full or partial.
  public enum Kind: String, Sendable, Equatable {
    case full
    case partial
  }

  /// Full or partial.
  public var kind: Kind
  /// The statement.
  public var source: SourceSpan?

  /// A cut.
  public init(kind: Kind, source: SourceSpan?) {
    self.kind = kind
    self.source = source
  }
}

/// A cash-drawer kick pulse.
public struct DrawerKick: Sendable, Equatable {
  /// Connector pin: 2 or 5.
  public var pin: Int
  /// Pulse on time in milliseconds.
  public var onMilliseconds: Int
  /// Pulse off time in milliseconds.
  public var offMilliseconds: Int
  /// The statement.
  public var source: SourceSpan?

  /// A kick.
  public init(pin: Int, onMilliseconds: Int, offMilliseconds: Int, source: SourceSpan?) {
    self.pin = pin
    self.onMilliseconds = onMilliseconds
    self.offMilliseconds = offMilliseconds
    self.source = source
  }
}
