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
    case 0x0E00...0x0FFF: true  // Thai, Lao, Tibetan
    case 0x1000...0x109F: true  // Myanmar
    case 0x1780...0x17FF, 0x19E0...0x19FF: true  // Khmer
    case 0xA8E0...0xA8FF: true  // Devanagari Extended
    case 0xFB1D...0xFDFF, 0xFE70...0xFEFE: true  // Hebrew and Arabic presentation forms
    default: false
    }
  }
}
