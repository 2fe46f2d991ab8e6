/// Which way a line reads: the paragraph direction the raster engine's bidirectional order
/// (UAX #9) starts from.
public enum TextDirection: String, Sendable, Equatable, CaseIterable {
  /// By the first strong character, as Unicode's rules P2–P3 say (left to right when none).
  case auto
  /// Left to right.
  case leftToRight = "ltr"
  /// Right to left: a `receipt … dir=rtl` receipt, whose rows are mirrored too.
  case rightToLeft = "rtl"
}

/// Text the printer's cell grid cannot draw one character a cell: scripts whose letters join,
/// reorder or stack marks (Arabic, Hebrew, the Indic scripts, Thai, Lao, Khmer, Myanmar…). The
/// raster engine shapes such text with HarfBuzz and measures it in dots; every other text keeps
/// the cells, dot for dot as before.
public enum TextShaping {
  /// Whether any scalar of `text` is in a script that needs shaping or right-to-left order.
  @inlinable
  public static func needsShaping(_ text: some StringProtocol) -> Bool {
    // Everything below U+0590 (Latin, Greek, Cyrillic, Armenian) draws in cells.
    if TextColumns.isPrintableASCII(text) { return false }
    return text.unicodeScalars.contains { needsShaping($0) }
  }

  /// Whether `scalar` is in a script that needs shaping or right-to-left order.
  @inlinable
  public static func needsShaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF: true  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    case 0x0900...0x0DFF: true  // Devanagari, Bengali, Gurmukhi … Sinhala
    case 0x0E3F: false  // ฿, the baht sign: a currency symbol in a cell of its own, as in TIS-620
    case 0x0E00...0x0FFF: true  // Thai, Lao, Tibetan
    case 0x1000...0x109F: true  // Myanmar
    case 0x1780...0x17FF, 0x19E0...0x19FF: true  // Khmer
    case 0xA8E0...0xA8FF: true  // Devanagari Extended
    case 0xFB1D...0xFDFF, 0xFE70...0xFEFE: true  // Hebrew and Arabic presentation forms
    default: false
    }
  }

  /// The direction a paragraph of `text` reads in by itself: that of its first strong
  /// character (a letter; digits, punctuation and marks are weak), right to left in a
  /// right-to-left script, as Unicode's rules P2–P3 decide; `.auto` when it has none (digits
  /// alone read the way the line around them does).
  @inlinable
  public static func ownDirection(of text: some StringProtocol) -> TextDirection {
    // Bytes first: an ASCII letter decides alone, other ASCII decides nothing, and only text
    // that reaches a non-ASCII scalar before any letter is read scalar by scalar.
    for byte in text.utf8 {
      if byte >= 0x80 { return ownDirectionOfScalars(text) }
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return .leftToRight }
    }
    return .auto
  }

  /// ``ownDirection(of:)`` scalar by scalar.
  @usableFromInline
  static func ownDirectionOfScalars(_ text: some StringProtocol) -> TextDirection {
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        if (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) {
          return .leftToRight
        }
        continue
      }
      let properties = scalar.properties
      guard properties.isAlphabetic else { continue }
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: continue
      default: return isRightToLeft(scalar) ? .rightToLeft : .leftToRight
      }
    }
    return .auto
  }

  /// Whether `scalar` is in a right-to-left script's block: Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko, Samaritan, Mandaic and their presentation forms, and the supplementary planes'.
  @inlinable
  public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
    default: false
    }
  }
}
