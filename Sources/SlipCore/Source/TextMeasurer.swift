/// Measures label text: how wide a string is in the label font at a glyph height in dots. The
/// CLI passes one over FreeType and the font its previews use; without one the compiler uses
/// ``ApproximateTextMeasurer``.
public protocol TextMeasurer: AnyObject, Sendable {
  /// The advance width of `text` in dots when its glyphs are `height` dots tall.
  func width(of text: String, height: Int) -> Int

  /// The advance of each printable ASCII character, space (0x20) to tilde (0x7E), in a unit of
  /// the measurer's own in which widths add up: the width of printable ASCII text at any height
  /// is exactly ``width(ofAdvance:height:)`` of its characters' advances summed. Nil where
  /// widths do not add up so (kerning): wrapping then measures each line it tries.
  var printableASCIIAdvances: [Int]? { get }

  /// The width in dots, at glyph height `height`, of printable ASCII whose characters'
  /// advances (``printableASCIIAdvances``) sum to `advance`.
  func width(ofAdvance advance: Int, height: Int) -> Int
}

extension TextMeasurer {
  /// A measurer that does not say how its widths add up measures every line.
  public var printableASCIIAdvances: [Int]? { nil }

  /// Unused where ``printableASCIIAdvances`` is nil.
  public func width(ofAdvance advance: Int, height: Int) -> Int { 0 }
}

/// Widths from character classes of a condensed sans (close to Zebra's font 0): enough for
/// wrapping and shrinking to land within a few percent, with no font file at hand.
public final class ApproximateTextMeasurer: TextMeasurer {
  /// A measurer.
  public init() {}

  /// The sum of each character's approximate advance, in thousandths of the height.
  public func width(of text: String, height: Int) -> Int {
    width(ofAdvance: thousandths(of: text), height: height)
  }

  /// Each printable ASCII character's advance in thousandths of the glyph height, which add up.
  public var printableASCIIAdvances: [Int]? { Self.asciiThousandths }

  private static let asciiThousandths = (0x20...0x7E).map { advance(of: Unicode.Scalar(UInt8($0))) }

  private func thousandths(of text: String) -> Int {
    var thousandths = 0
    for scalar in text.unicodeScalars {
      thousandths += Self.advance(of: scalar)
    }
    return thousandths
  }

  /// Thousandths of the glyph height in dots, rounded once.
  public func width(ofAdvance thousandths: Int, height: Int) -> Int {
    (thousandths * height + 500) / 1000
  }

  /// Advances in thousandths of the glyph height.
  private static func advance(of scalar: Unicode.Scalar) -> Int {
    switch scalar {
    // Calibrated against Zebra's font 0 as zplkit measures it (a condensed sans runs ~6 % wider
    // than the first guess).
    case " ": 245
    case "i", "j", "l", "I", "!", "|", ".", ",", ":", ";", "'": 225
    case "f", "t", "r", "(", ")", "[", "]", "-", "/": 320
    case "m", "w": 745
    case "M", "W", "@": 830
    case "0"..."9": 490
    case "A"..."Z": 555
    case "a"..."z": 490
    default: TextWidth.columns(of: scalar) == 2 ? 980 : 530
    }
  }
}
