import SlipIR

/// Draws laid-out documents as 1-bit pages in a printer's dots: the PNG preview and the bitmap a
/// printer prints in raster mode are the same pages.
///
/// Text sits in the printer's cell grid (font A 12×24, font B 9×17, scaled by whole factors as
/// `GS !` does) and the paper moves by the printer's line spacing; bold strikes each glyph again
/// one dot to the right, as emphasised printing does; underline is the cell's bottom row; invert
/// prints white on a black cell. Feeds, the feed before each cut and images take the paper they
/// take on the printer, and each cut ends a page.
public final class Rasterizer: ReceiptRasterizer {
  private let fonts: FontSet

  /// A rasteriser drawing with `fonts`, and shaped text with `shaping`; the files are opened on
  /// first use.
  public init(fonts: FontFiles = .debian, shaping: ShapingFonts = .debian) {
    self.fonts = FontSet(files: fonts, shaping: shaping)
  }

  /// The width in dots of `text` on a line of `font` at scale 1, when it needs shaping
  /// (``SlipIR/TextShaping``): its shaped glyphs' advances, as the line is drawn. Nil for text
  /// the cell grid draws. The compiler's measurer for receipts.
  public func shapedWidth(of text: String, font: Font, direction: TextDirection) throws(RasterError) -> Int? {
    guard TextShaping.needsShaping(text) else { return nil }
    return try fonts.withStore { store throws(RasterError) -> Int in
      try store.shape(text, direction: direction).width(pixels: Painter.shapedEm(font))
    }
  }

  /// The glyph runs `text` shapes into, in font units: what HarfBuzz's `hb-shape` gives for the
  /// same face and text (the shaping test holds them equal).
  package func shapedLine(_ text: String, direction: TextDirection) throws(RasterError) -> ShapedLine {
    try fonts.withStore { store throws(RasterError) -> ShapedLine in
      try store.shape(text, direction: direction)
    }
  }

  /// The document's pages on `page` paper.
  public func render(_ document: Document, on page: PageSettings) throws(RasterError) -> RasterOutput {
    try fonts.withStore { store throws(RasterError) -> RasterOutput in
      var painter = Painter(store: store, page: page)
      return try painter.pages(document)
    }
  }

  /// One text line or rule alone, `width` dots wide from the template's left edge and as tall as
  /// the paper it takes: what a printer in text mode prints as an image when no code page has
  /// some of its characters. Other blocks give an empty bitmap.
  public func band(_ block: Block, width: Int, lineSpacing: Int) throws(RasterError) -> RasterBand {
    try fonts.withStore { store throws(RasterError) -> RasterBand in
      var painter = Painter(store: store, page: PageSettings(width: width, dpi: 0, lineSpacing: lineSpacing))
      return try painter.band(block)
    }
  }

  /// Opens the faces `fonts` need now, so a missing font file is an error before any output.
  public func prepare(_ fonts: [Font]) throws(RasterError) {
    try self.fonts.withStore { store throws(RasterError) in
      for font in fonts { try store.prepare(font) }
    }
  }
}
