import SlipESCPOS
import SlipIR
import SlipRaster

/// A label for a receipt printer: the label drawn as a Zebra prints it (LabelRasterizer) and
/// printed as one picture, the paper cut after it (the IR describes a label's width as paper
/// for this). A label wider than the printer is refused: cutting it would lose part of it.
enum LabelAsReceipt {
  /// `document` itself when it is a receipt; for a label, a receipt of the label's picture.
  static func receipt(_ document: Document, for profile: PrinterProfile) throws(CommandFailure) -> Document {
    guard let page = document.page else { return document }
    guard page.widthDots <= profile.dots else {
      throw CommandFailure(
        message: "the label is \(page.widthDots) dots wide; printer '\(profile.id)' prints \(profile.dots) "
          + "[E0605]\n   = help: print it on a Zebra ('--target zpl'), or make the label at most "
          + "\(profile.dots * 254 / (10 * max(1, profile.dpi)))mm wide for this printer",
        code: .usage)
    }
    let drawn = try Preview.drawLabel(page)
    let picture = ImageBlock(bitmap: drawn.bitmap, x: 0, alignment: .left, name: "label", source: nil)
    return Document(
      sources: document.sources, media: document.media,
      blocks: [.image(picture), .cut(Cut(kind: .partial, source: nil))])
  }
}
