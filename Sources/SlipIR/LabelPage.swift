/// A label: a fixed-size page in dots with absolutely positioned elements, laid out already
/// (text wrapped into lines, shrunk to fit, symbols encoded, pictures dithered).
public struct LabelPage: Sendable, Equatable {
  /// Width in dots.
  public var widthDots: Int
  /// Height in dots.
  public var heightDots: Int
  /// Resolution in dots per inch.
  public var dpi: Int
  /// The elements in template order; later ones print over earlier ones.
  public var elements: [LabelElement]
  /// How the whole label is turned when printed (`label … rotate=180`, ZPL `^POI`), for
  /// printers loaded upside down; positions are those of the upright label.
  public var rotation: Rotation

  /// A page.
  public init(
    widthDots: Int, heightDots: Int, dpi: Int, elements: [LabelElement], rotation: Rotation = .none
  ) {
    self.widthDots = widthDots
    self.heightDots = heightDots
    self.dpi = dpi
    self.elements = elements
    self.rotation = rotation
  }
}

/// One thing drawn on a label.
public enum LabelElement: Sendable, Equatable {
  /// Lines of text in the label font.
  case text(LabelText)
  /// A rectangle, outlined or filled.
  case box(LabelBox)
  /// A straight line between two points.
  case line(LabelLine)
  /// A circle, outlined or filled.
  case circle(LabelCircle)
  /// A picture.
  case image(LabelImage)
  /// A barcode or QR code.
  case symbol(LabelSymbol)
}

/// Text in a box: its lines, already wrapped and placed.
public struct LabelText: Sendable, Equatable {
  /// One line and where it starts.
  public struct Line: Sendable, Equatable {
    /// The text.
    public var text: String
    /// Left edge in dots from the label's left edge, alignment applied.
    public var x: Int
    /// Top edge in dots from the label's top.
    public var y: Int
    /// Width in dots as measured in the label font at `height`.
    public var width: Int
    /// The line piece by piece in its inline styles (`<b>`, `<u>`, `<inv>`), each where it
    /// starts; empty (the usual case) when the whole line is plain.
    public var runs: [Run]

    /// A line.
    public init(text: String, x: Int, y: Int, width: Int, runs: [Run] = []) {
      self.text = text
      self.x = x
      self.y = y
      self.width = width
      self.runs = runs
    }
  }

  /// A stretch of a line in one inline style, measured where the line's pen reaches it.
  public struct Run: Sendable, Equatable {
    /// The characters.
    public var text: String
    /// Left edge in dots from the label's left edge.
    public var x: Int
    /// Advance in dots, as measured in the label font at the text's height.
    public var width: Int
    /// Bold (struck twice one dot apart), underlined, inverted.
    public var style: TextStyle

    /// A run.
    public init(text: String, x: Int, width: Int, style: TextStyle) {
      self.text = text
      self.x = x
      self.width = width
      self.style = style
    }
  }

  /// The box's left edge.
  public var x: Int
  /// The box's top edge.
  public var y: Int
  /// The box's width (the text's own width when the template gave none).
  public var width: Int
  /// The glyph height in dots, after any shrinking.
  public var height: Int
  /// Distance between line tops.
  public var lineSpacing: Int
  /// How lines sit in the box.
  public var alignment: Alignment
  /// The lines.
  public var lines: [Line]
  /// The glyph height the template asked for (`height` is smaller when the text shrank).
  public var requestedHeight: Int
  /// The most lines the template allows.
  public var maxLines: Int
  /// Whether the template lets the text shrink to fit (`fit=shrink`).
  public var shrinks: Bool
  /// How the text is turned. The lines are placed as if it were upright, with the box's top
  /// left at `x`, `y`; turned, the box keeps that top left (``extent`` is its upright size).
  public var rotation: Rotation
  /// Whether the text prints white on whatever is under it (`reverse`, ZPL `^FR`).
  public var reverse: Bool
  /// The font: font 0 unless the template names a bitmap font.
  public var font: LabelTextFont
  /// Font 0's glyph width (`^A0N,h,w`), when the template gives one; nil is as wide as tall.
  /// For a bitmap font, its magnified cell width.
  public var glyphWidth: Int?
  /// The statement.
  public var source: SourceSpan?

  /// A text element.
  public init(
    x: Int, y: Int, width: Int, height: Int, lineSpacing: Int, alignment: Alignment, lines: [Line],
    requestedHeight: Int? = nil, maxLines: Int = 1, shrinks: Bool = false, rotation: Rotation = .none,
    reverse: Bool = false, font: LabelTextFont = .scalable, glyphWidth: Int? = nil, source: SourceSpan?
  ) {
    self.font = font
    self.glyphWidth = glyphWidth
    self.rotation = rotation
    self.reverse = reverse
    self.requestedHeight = requestedHeight ?? height
    self.maxLines = maxLines
    self.shrinks = shrinks
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.lineSpacing = lineSpacing
    self.alignment = alignment
    self.lines = lines
    self.source = source
  }
}

extension LabelText {
  /// The upright box's size: as wide as the box (or its widest line), as tall as its lines.
  public var extent: (width: Int, height: Int) {
    let right = lines.map { $0.x + $0.width }.max() ?? x
    return (max(width, right - x), max(height, lineSpacing * (lines.count - 1) + height))
  }

  /// Where `line` lands on the label once the text is turned: its rectangle (as tall as the
  /// glyph height) in label dots.
  public func placed(_ line: Line) -> (x: Int, y: Int, width: Int, height: Int) {
    let (frameWidth, frameHeight) = extent
    let turned = rotation.turned(
      x: line.x - x, y: line.y - y, width: line.width, height: height, frameWidth: frameWidth,
      frameHeight: frameHeight)
    return (x + turned.x, y + turned.y, turned.width, turned.height)
  }
}

extension LabelText {
  /// The rule under `run` of `line`: a bar a sixteenth of the glyph height thick (at least a
  /// dot), that far below the baseline (three quarters of the height down, where font 0's
  /// capitals end). The ZPL writer and the preview draw the same rectangle.
  public func underline(of run: Run, in line: Line) -> (x: Int, y: Int, width: Int, height: Int) {
    let thickness = max(1, height / 16)
    return (run.x, line.y + (height * 3 + 2) / 4 + thickness, run.width, thickness)
  }

  /// The black box under an `<inv>` run: the run's advance and the glyph height, an eighth of
  /// the height wider on each side (at least two dots), so a glyph that reaches past its
  /// advance (a `7`, a `W`) still prints white on black.
  public func inversion(of run: Run, in line: Line) -> (x: Int, y: Int, width: Int, height: Int) {
    let pad = max(2, height / 8)
    return (run.x - pad, line.y, run.width + 2 * pad, height)
  }
}

extension LabelCircle {
  /// The bounding box's height: the diameter, or the ellipse's height.
  public var height: Int { ellipseHeight ?? diameter }
}

/// A rectangle.
public struct LabelBox: Sendable, Equatable {
  /// Left edge in dots.
  public var x: Int
  /// Top edge in dots.
  public var y: Int
  /// Width in dots.
  public var width: Int
  /// Height in dots.
  public var height: Int
  /// Line thickness in dots.
  public var border: Int
  /// Filled black instead of outlined.
  public var filled: Bool
  /// How round the corners are, 0 (square) to 8 (`^GB`'s rounding): the corner radius is
  /// that many eighths of half the shorter side.
  public var rounding: Int
  /// The statement.
  public var source: SourceSpan?

  /// A rectangle at `x`, `y`.
  public init(
    x: Int, y: Int, width: Int, height: Int, border: Int, filled: Bool, rounding: Int = 0, source: SourceSpan?
  ) {
    self.rounding = rounding
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.border = border
    self.filled = filled
    self.source = source
  }
}

/// A straight line.
public struct LabelLine: Sendable, Equatable {
  /// Start, from the left.
  public var x1: Int
  /// Start, from the top.
  public var y1: Int
  /// End, from the left.
  public var x2: Int
  /// End, from the top.
  public var y2: Int
  /// Thickness in dots.
  public var thickness: Int
  /// The statement.
  public var source: SourceSpan?

  /// A line from (`x1`, `y1`) to (`x2`, `y2`).
  public init(x1: Int, y1: Int, x2: Int, y2: Int, thickness: Int, source: SourceSpan?) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    self.thickness = thickness
    self.source = source
  }
}

/// A circle, given by its bounding square, or an ellipse (`ellipse`), by its bounding box.
public struct LabelCircle: Sendable, Equatable {
  /// Left edge of the bounding square.
  public var x: Int
  /// Top edge of the bounding square.
  public var y: Int
  /// Diameter in dots (an ellipse's width).
  public var diameter: Int
  /// An ellipse's height; nil for a circle.
  public var ellipseHeight: Int?
  /// Line thickness in dots.
  public var border: Int
  /// Filled black instead of outlined.
  public var filled: Bool
  /// The statement.
  public var source: SourceSpan?

  /// A circle whose bounding square's top left is `x`, `y` (an ellipse with `ellipseHeight`).
  public init(
    x: Int, y: Int, diameter: Int, ellipseHeight: Int? = nil, border: Int, filled: Bool, source: SourceSpan?
  ) {
    self.ellipseHeight = ellipseHeight
    self.x = x
    self.y = y
    self.diameter = diameter
    self.border = border
    self.filled = filled
    self.source = source
  }
}

/// A picture on a label.
public struct LabelImage: Sendable, Equatable {
  /// Left edge in dots.
  public var x: Int
  /// Top edge in dots.
  public var y: Int
  /// The dots.
  public var bitmap: Bitmap
  /// The file it came from.
  public var name: String
  /// The statement.
  public var source: SourceSpan?

  /// A picture whose top left is `x`, `y`.
  public init(x: Int, y: Int, bitmap: Bitmap, name: String, source: SourceSpan?) {
    self.x = x
    self.y = y
    self.bitmap = bitmap
    self.name = name
    self.source = source
  }
}

/// A barcode or QR code on a label.
public struct LabelSymbol: Sendable, Equatable {
  /// Left edge in dots.
  public var x: Int
  /// Top edge in dots.
  public var y: Int
  /// The symbol.
  public var symbol: Symbol
  /// How the symbol is turned; `x`, `y` stay the top left of the box it then takes.
  public var rotation: Rotation
  /// The statement.
  public var source: SourceSpan?

  /// A symbol whose top left is `x`, `y`.
  public init(x: Int, y: Int, symbol: Symbol, rotation: Rotation = .none, source: SourceSpan?) {
    self.rotation = rotation
    self.x = x
    self.y = y
    self.symbol = symbol
    self.source = source
  }
}
