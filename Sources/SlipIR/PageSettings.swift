/// The paper a document is drawn on, as one printer prints it: everything the raster engine
/// needs from a printer profile, so it depends on no printer language.
public struct PageSettings: Sendable, Equatable {
  /// Printable width in dots: the page's width.
  public var width: Int
  /// Resolution, for the PNG's pHYs chunk.
  public var dpi: Int
  /// Dots between the page's left edge and the template's (a narrow template centred on wider
  /// paper).
  public var leftMargin: Int
  /// Dots the paper moves per line (ESC/POS's default is 30 at 203 dpi, not the 24-dot glyph):
  /// a line taller than this moves the paper by its own height instead.
  public var lineSpacing: Int
  /// Lines fed before each cut, so the cut leaves the last line on the receipt.
  public var cutFeedLines: Int
  /// Images take a whole multiple of this many rows (24 for `ESC *` printers, which print
  /// images in 24-dot lines).
  public var imageRowMultiple: Int
  /// Text lines and rules (by index in ``SlipIR/Document/blocks``) the printer gets as images
  /// (characters no code page has): they take image rows too.
  public var linesAsImages: Set<Int>
  /// Each page takes a whole multiple of this many rows (24 when the whole page is printed with
  /// `ESC *`).
  public var pageRowMultiple: Int
  /// False when the printer has no image command: it prints no images, so none are drawn.
  public var printsImages: Bool

  /// Settings; the defaults are those of a typical 203-dpi printer with raster images.
  public init(
    width: Int, dpi: Int, leftMargin: Int = 0, lineSpacing: Int = 30, cutFeedLines: Int = 0,
    imageRowMultiple: Int = 1, linesAsImages: Set<Int> = [], pageRowMultiple: Int = 1,
    printsImages: Bool = true
  ) {
    self.width = width
    self.dpi = dpi
    self.leftMargin = leftMargin
    self.lineSpacing = lineSpacing
    self.cutFeedLines = cutFeedLines
    self.imageRowMultiple = max(1, imageRowMultiple)
    self.linesAsImages = linesAsImages
    self.pageRowMultiple = max(1, pageRowMultiple)
    self.printsImages = printsImages
  }

  /// The document's own paper, with nothing added by a printer.
  public static func paper(of media: ReceiptMedia) -> PageSettings {
    PageSettings(width: media.widthDots, dpi: media.dpi)
  }
}
