/// Measures label text: how wide a string is in the label font at a glyph height in dots. The
/// CLI passes one over FreeType and the font its previews use; without one the compiler uses
/// ``ApproximateTextMeasurer``.
public protocol TextMeasurer: Sendable {
  /// The advance width of `text` in dots when its glyphs are `height` dots tall.
  func width(of text: String, height: Int) -> Int
}

/// Widths from character classes of a condensed sans (close to Zebra's font 0): enough for
/// wrapping and shrinking to land within a few percent, with no font file at hand.
public struct ApproximateTextMeasurer: TextMeasurer {
  /// A measurer.
  public init() {}

  /// The sum of each character's approximate advance, in thousandths of the height.
  public func width(of text: String, height: Int) -> Int {
    var thousandths = 0
    for scalar in text.unicodeScalars {
      thousandths += Self.advance(of: scalar)
    }
    return (thousandths * height + 500) / 1000
  }

  /// Advances in thousandths of the glyph height.
  private static func advance(of scalar: Unicode.Scalar) -> Int {
    switch scalar {
    case " ": 230
    case "i", "j", "l", "I", "!", "|", ".", ",", ":", ";", "'": 210
    case "f", "t", "r", "(", ")", "[", "]", "-", "/": 300
    case "m", "w": 700
    case "M", "W", "@": 780
    case "0"..."9": 460
    case "A"..."Z": 520
    case "a"..."z": 460
    default: TextWidth.columns(of: scalar) == 2 ? 920 : 500
    }
  }
}
