/// Draws receipts as 1-bit pages in a printer's dots, for the writers that print them as images
/// (the ESC/POS writer's raster mode, and lines no code page has). Portable backends get one
/// injected: SlipRaster's `Rasterizer` (FreeType, HarfBuzz) is the one SlipKit wires in.
/// Class-bound, so Embedded Swift can hold it as an existential.
public protocol ReceiptRasterizer: AnyObject, Sendable {
  /// The document's pages on `page` paper.
  func render(_ document: Document, on page: PageSettings) throws(BackendError) -> RasterOutput

  /// One text line or rule alone, `width` dots wide from the template's left edge and as tall as
  /// the paper it takes; other blocks give an empty bitmap.
  func band(_ block: Block, width: Int, lineSpacing: Int) throws(BackendError) -> RasterBand
}
