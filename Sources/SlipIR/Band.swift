/// Columns of blocks side by side, each laid out in its own width: what `columns … end` gives
/// when a column holds a picture or symbol (columns of text alone become text lines), and what a
/// picture or symbol in a `box` is (one column between the box's rules).
///
/// A backend draws it as one picture as tall as its tallest column, each column's blocks down
/// from its top as they would print alone on paper as wide as the column (the same line spacing,
/// the same pictures), shorter columns placed by ``alignment``.
public struct Band: Sendable, Equatable {
  /// The columns, left to right.
  public var columns: [BandColumn]
  /// Where a column shorter than the band sits.
  public var alignment: VerticalAlignment
  /// The `columns` statement (or the picture in a box).
  public var source: SourceSpan?
  /// The vertical rules of the boxes around the band, down its whole height: they continue the
  /// rules of the boxes' text lines above and below.
  public var rules: [BandRule]

  /// A band.
  public init(
    columns: [BandColumn], alignment: VerticalAlignment, source: SourceSpan?, rules: [BandRule] = []
  ) {
    self.columns = columns
    self.alignment = alignment
    self.source = source
    self.rules = rules
  }
}

/// A box's vertical rule beside a band: drawn as a border character's strokes are, in a cell.
public struct BandRule: Sendable, Equatable {
  /// The cell's left edge, in dots from the left of the printable width.
  public var x: Int
  /// The cell's width in dots: the rule is drawn down its middle.
  public var width: Int
  /// Single or double.
  public var weight: BoxDrawing.Weight

  /// A rule.
  public init(x: Int, width: Int, weight: BoxDrawing.Weight) {
    self.x = x
    self.width = width
    self.weight = weight
  }
}

/// One column of a ``Band``: blocks laid out on a grid as wide as the column.
public struct BandColumn: Sendable, Equatable {
  /// The left edge, in dots from the left of the printable width.
  public var x: Int
  /// The width in dots.
  public var width: Int
  /// The blocks, top to bottom, placed as on paper `width` dots wide.
  public var blocks: [Block]

  /// A column.
  public init(x: Int, width: Int, blocks: [Block]) {
    self.x = x
    self.width = width
    self.blocks = blocks
  }
}

/// Vertical placement in a band.
public enum VerticalAlignment: String, Sendable, Equatable, CaseIterable {
  /// Shorter columns start at the band's top.
  case top
  /// Shorter columns are centred on the band's height.
  case middle
  /// Shorter columns end at the band's bottom.
  case bottom
}
