/// How many printer columns text takes: East Asian Wide and Fullwidth = 2, combining marks and
/// zero-width characters = 0, everything else 1.
///
/// Zero width: C0 and C1 controls (they are stripped elsewhere, but must not count), general
/// categories Mn, Me and Cf (combining marks, U+200B, U+200D ZWJ, U+FEFF, and the soft hyphen
/// U+00AD, which a printer doesn't print at a line break we choose), and the Hangul medial vowels
/// and final consonants (U+1160–U+11FF, U+D7B0–U+D7FF) that join the leading consonant before them.
/// Wide: East Asian Width W or F. Unassigned code points are 1, except where EastAsianWidth.txt
/// makes them W by default (the CJK ideograph blocks and planes 2 and 3).
public enum TextColumns {
  /// Whether `text` is printable ASCII only: then each byte is one column and one cluster.
  ///
  /// Inlinable, as is the text `columns(of:)`, so other modules get both specialised for
  /// `String`: called through generic protocol witnesses, the check cost more than the ASCII
  /// text it looked at.
  @inlinable
  public static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
    allBytes(of: text) { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Whether `text` is ASCII only (controls too), decided from its bytes in one pass.
  @inlinable
  public static func isASCII(_ text: some StringProtocol) -> Bool {
    allBytes(of: text) { $0 < 0x80 }
  }

  /// Whether every UTF-8 byte of `text` passes `test`: over the contiguous bytes when the string
  /// has them (native strings do), a tight loop that these per-string checks spend most time in.
  @inlinable
  public static func allBytes(of text: some StringProtocol, where test: (UInt8) -> Bool) -> Bool {
    if let result = text.utf8.withContiguousStorageIfAvailable({ bytes in
      for byte in bytes where !test(byte) { return false }
      return true
    }) {
      return result
    }
    return text.utf8.allSatisfy(test)
  }

  /// Columns of one scalar.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 {
      // Latin fast path: only the controls and the soft hyphen take no room.
      if value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0xAD { return 0 }
      return 1
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value < 0x1100 { return 1 }  // nothing below U+1100 is wide
    return isWide(value) ? 2 : 1
  }

  /// Width of a grapheme cluster: the first scalar's width (at least 1 unless the whole cluster is
  /// zero-width); emoji presentation sequences (a base followed by U+FE0F) and flags count 2.
  public static func columns(of character: Character) -> Int {
    if let ascii = character.asciiValue {
      // "\r\n" is one Character whose asciiValue is 0x0A: a control, so 0 either way.
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    var width = columns(of: first)
    guard let second = scalars.next() else { return width }

    // A pair of regional indicators is a flag, drawn as one wide emoji.
    if isRegionalIndicator(first) && isRegionalIndicator(second) { return 2 }
    var emojiPresentation = false
    var next: Unicode.Scalar? = second
    while let scalar = next {
      if scalar.value == 0xFE0F {
        emojiPresentation = true
      } else if width == 0 {
        // A cluster led by a zero-width scalar (a prepended format character, say) takes the
        // width of its first visible scalar.
        width = columns(of: scalar)
      }
      next = scalars.next()
    }
    if emojiPresentation && width > 0 && first.properties.isEmoji { return 2 }
    return width
  }

  /// Columns of a text: the sum of its grapheme clusters.
  @inlinable
  public static func columns(of text: some StringProtocol) -> Int {
    // Printable ASCII, the usual case, is one column a byte.
    if isPrintableASCII(text) { return text.utf8.count }
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  private static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if value < range.0 {
        high = mid - 1
      } else if value > range.1 {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The East Asian Wide (W) and Fullwidth (F) classes of EastAsianWidth.txt, Unicode 14.0.0
  /// (Python's `unicodedata.east_asian_width`, assigned code points, plus the unassigned code
  /// points the file defaults to W: U+3400–U+4DBF, U+4E00–U+9FFF, U+F900–U+FAFF and planes 2 and 3).
  /// Sorted closed ranges, adjacent ones merged; the Mn marks inside them are caught earlier.
  private static let wideRanges: [(UInt32, UInt32)] = [
    (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
    (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
    (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
    (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
    (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x2FFB), (0x3000, 0x303E),
    (0x3041, 0x3096), (0x3099, 0x30FF), (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x31E3),
    (0x31F0, 0x321E), (0x3220, 0x3247), (0x3250, 0x4DBF), (0x4E00, 0xA48C), (0xA490, 0xA4C6),
    (0xA960, 0xA97C), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE52),
    (0xFE54, 0xFE66), (0xFE68, 0xFE6B), (0xFF01, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4),
    (0x16FF0, 0x16FF1), (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08),
    (0x1AFF0, 0x1AFF3), (0x1AFF5, 0x1AFFB), (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122),
    (0x1B150, 0x1B152), (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1F004, 0x1F004),
    (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F200, 0x1F202),
    (0x1F210, 0x1F23B), (0x1F240, 0x1F248), (0x1F250, 0x1F251), (0x1F260, 0x1F265),
    (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C), (0x1F37E, 0x1F393),
    (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4),
    (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D),
    (0x1F54B, 0x1F54E), (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596),
    (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC),
    (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DD, 0x1F6DF), (0x1F6EB, 0x1F6EC),
    (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA70, 0x1FA74), (0x1FA78, 0x1FA7C),
    (0x1FA80, 0x1FA86), (0x1FA90, 0x1FAAC), (0x1FAB0, 0x1FABA), (0x1FAC0, 0x1FAC5),
    (0x1FAD0, 0x1FAD9), (0x1FAE0, 0x1FAE7), (0x1FAF0, 0x1FAF6), (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
  ]
}
