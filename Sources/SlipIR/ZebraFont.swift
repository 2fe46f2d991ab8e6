/// The font a label's text prints in: Zebra's scalable font 0, or one of its resident bitmap
/// fonts at a whole magnification.
public enum LabelTextFont: Sendable, Equatable {
  /// Font 0 (CG Triumvirate Bold Condensed), at any height and width.
  case scalable
  /// A bitmap font, its cell `height` times and `width` times magnified (1 to 10 each).
  case bitmap(ZebraBitmapFont, height: Int, width: Int)

  /// The name `^A` takes: `0`, `A`…`H`.
  public var name: String {
    switch self {
    case .scalable: "0"
    case .bitmap(let font, _, _): font.name
    }
  }
}

/// One of Zebra's resident bitmap fonts: fixed cells, every character the same pitch.
///
/// The sizes are the ZPL II Programming Guide's (Zebra P1012728, "Fonts and Bar Codes": the
/// font matrices and the "Intercharacter Gap and Baseline Parameters" table, for 6 and 8
/// dot/mm printheads): a cell `height` × `width` dots, `gap` dots between cells, capitals
/// `baseline` dots tall from the top of the cell. zplkit draws them the same: a line of n
/// characters is n × (width + gap) − gap dots of ink at magnification 1 (measured for A–H).
public struct ZebraBitmapFont: Sendable, Equatable {
  /// `A`…`H`.
  public var name: String
  /// The cell's height in dots.
  public var height: Int
  /// The cell's width in dots.
  public var width: Int
  /// Dots between two cells.
  public var gap: Int
  /// Dots from the top of the cell to the baseline: how tall capitals are.
  public var baseline: Int
  /// Whether the font has capitals only (B, and OCR-A as H): lower case prints as capitals.
  public var capitalsOnly: Bool

  /// Dots from one character's left edge to the next one's, at `magnification`.
  public func pitch(magnification: Int) -> Int { (width + gap) * magnification }

  /// The fonts, by name.
  public static let all: [ZebraBitmapFont] = [
    ZebraBitmapFont(name: "A", height: 9, width: 5, gap: 1, baseline: 7, capitalsOnly: false),
    ZebraBitmapFont(name: "B", height: 11, width: 7, gap: 2, baseline: 11, capitalsOnly: true),
    ZebraBitmapFont(name: "C", height: 18, width: 10, gap: 2, baseline: 14, capitalsOnly: false),
    ZebraBitmapFont(name: "D", height: 18, width: 10, gap: 2, baseline: 14, capitalsOnly: false),
    // OCR-B.
    ZebraBitmapFont(name: "E", height: 28, width: 15, gap: 5, baseline: 23, capitalsOnly: false),
    ZebraBitmapFont(name: "F", height: 26, width: 13, gap: 3, baseline: 21, capitalsOnly: false),
    ZebraBitmapFont(name: "G", height: 60, width: 40, gap: 8, baseline: 48, capitalsOnly: false),
    // OCR-A.
    ZebraBitmapFont(name: "H", height: 21, width: 13, gap: 6, baseline: 21, capitalsOnly: true),
  ]

  /// The font called `name`, if there is one.
  public static func named(_ name: String) -> ZebraBitmapFont? { all.first { $0.name == name } }
}

extension LabelText {
  /// `text` as the font prints it: in capitals for fonts that have no lower case.
  public static func printed(_ text: String, in font: LabelTextFont) -> String {
    guard case .bitmap(let bitmap, _, _) = font, bitmap.capitalsOnly else { return text }
    return text.uppercased()
  }
}
