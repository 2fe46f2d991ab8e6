/// What a ``ReceiptRasterizer`` drew for a document.
public struct RasterOutput: Sendable, Equatable {
  /// The pages, one per cut (and one for what follows the last cut, if anything does).
  public var pages: [RasterPage]
  /// Characters no font has, one warning per template location.
  public var warnings: [BackendWarning]

  /// An output.
  public init(pages: [RasterPage], warnings: [BackendWarning]) {
    self.pages = pages
    self.warnings = warnings
  }
}

/// One page: the paper from the previous cut (or the start) to the next cut (or the end).
public struct RasterPage: Sendable, Equatable {
  /// The dots, the printer's width across.
  public var bitmap: Bitmap
  /// Where the page's blocks are, top to bottom.
  public var blocks: [PlacedBlock]
  /// The cut that ends the page; nil when the document ends without one.
  public var cut: Cut?

  /// A page.
  public init(bitmap: Bitmap, blocks: [PlacedBlock], cut: Cut?) {
    self.bitmap = bitmap
    self.blocks = blocks
    self.cut = cut
  }
}

/// A block's place on its page.
public struct PlacedBlock: Sendable, Equatable {
  /// Its index in ``Document/blocks``.
  public var index: Int
  /// Its first row.
  public var top: Int
  /// The rows of paper it takes (0 for a drawer kick).
  public var height: Int

  /// A placement.
  public init(index: Int, top: Int, height: Int) {
    self.index = index
    self.top = top
    self.height = height
  }
}

/// One block drawn alone, and what it drew instead of characters no font has.
public struct RasterBand: Sendable, Equatable {
  /// The dots.
  public var bitmap: Bitmap
  /// Characters no font has.
  public var warnings: [BackendWarning]

  /// A band.
  public init(bitmap: Bitmap, warnings: [BackendWarning]) {
    self.bitmap = bitmap
    self.warnings = warnings
  }
}
