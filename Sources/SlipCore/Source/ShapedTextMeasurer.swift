import SlipIR

/// Measures receipt text in scripts that need shaping (``SlipIR/TextShaping``: Arabic, Hebrew,
/// Thai, Devanagari…), whose width is not one cell a character: SlipKit passes one over the
/// raster engine's HarfBuzz shaping, so the layout wraps and aligns such text to the dots the
/// printer draws. Without one such text is measured in cells, as any other.
public protocol ShapedTextMeasurer: AnyObject, Sendable {
  /// The width in dots of `text` on a line of `font` at scale 1, read with the paragraph
  /// direction `direction`; nil for text the cell grid draws.
  func width(of text: String, font: Font, direction: TextDirection) -> Int?
}
