/// Columns of blocks side by side, each laid out in its own width: what `columns … end` gives
/// when a column holds a picture or symbol (columns of text alone become text lines).
///
/// A backend draws it as one picture as tall as its tallest column, each column's blocks down
/// from its top as they would print alone on paper as wide as the column (the same line spacing,
/// the same pictures), shorter columns placed by ``alignment``.
public struct Band: Sendable, Equatable {
  /// The columns, left to right.
  public var columns: [BandColumn]
  /// Where a column shorter than the band sits.
  public var alignment: VerticalAlignment
  /// The `columns` statement.
  public var source: SourceSpan?

  /// A band.
  public init(columns: [BandColumn], alignment: VerticalAlignment, source: SourceSpan?) {
    self.columns = columns
    self.alignment = alignment
    self.source = source
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
  case top
  case middle
  case bottom
}
