import SlipIR

/// An inline style tag in printed text: `<b>`, `</b>`, `<size 2x2>`, `</size>`.
public enum SpanTag: Sendable, Equatable {
  /// `<b>`, `<u>`, `<inv>`, `<size WxH>`.
  case open(SpanKind)
  /// `</b>`, `</u>`, `</inv>`, `</size>`.
  case close(SpanKind)
}

/// What a span changes.
public enum SpanKind: Sendable, Equatable {
  /// `<b>`: emphasised.
  case bold
  /// `<u>`: underlined.
  case underline
  /// `<inv>`: white on black.
  case invert
  /// `<size WxH>`: character magnification, each factor 1 to 8.
  case size(Scale)

  /// The tag's name as written: `b`, `u`, `inv`, `size`.
  public var name: String {
    switch self {
    case .bold: "b"
    case .underline: "u"
    case .invert: "inv"
    case .size: "size"
    }
  }

  /// Whether `other` is closed by the same tag (`</size>` closes any `<size WxH>`).
  func sameTag(as other: SpanKind) -> Bool { name == other.name }
}
