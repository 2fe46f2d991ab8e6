import SlipIR

/// Field data as `^FH^FD` takes it: nothing in a document's text can become a command.
///
/// `^` and `~` start commands anywhere in a ZPL stream, even inside field data, and `_` is the
/// hex indicator of `^FH`: all three are written as hex escapes (`_5E`, `_7E`, `_5F`). Control
/// characters (C0, DEL, C1) are dropped rather than escaped: no printer font has glyphs for
/// them, and zplkit rejects a text field with `_1B` in it. Everything else goes as UTF-8
/// (`^CI28`). A backslash stays a backslash: Slip never puts text in a `^FB` block, the one
/// place where ZPL reads it as an escape.
enum FieldData {
  /// Appends `text` escaped to `out`; returns how many control characters were dropped.
  ///
  /// Over the UTF-8, which is what goes out: ASCII is checked as it is, and of the rest only
  /// the C1 controls (U+0080–U+009F, `C2 80`–`C2 9F`) are dropped; every other scalar's bytes
  /// go in unchanged. Runs of bytes that need nothing done go in at once.
  @discardableResult
  static func append(_ text: String, to out: inout [UInt8]) -> Int {
    var text = text
    return text.withUTF8 { append(utf8: $0, to: &out) }
  }

  private static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Int {
    var dropped = 0
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let plain = (0x20..<0x7F).contains(byte) && byte != 0x5E && byte != 0x7E && byte != 0x5F
      if plain || (byte >= 0x80 && byte != 0xC2) {
        index += 1
        continue
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      switch byte {
      case 0x5E: out.append(ascii: "_5E")  // ^
      case 0x7E: out.append(ascii: "_7E")  // ~
      case 0x5F: out.append(ascii: "_5F")  // _
      case 0xC2 where index + 1 < bytes.count:
        // U+0080–U+00BF: the C1 controls are the ones whose second byte is below A0.
        let next = bytes[index + 1]
        if next < 0xA0 {
          dropped += 1
        } else {
          out.append(byte)
          out.append(next)
        }
        index += 1
      case 0xC2: out.append(byte)
      default: dropped += 1  // C0 and DEL
      }
      index += 1
      start = index
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    return dropped
  }

  /// How many control characters `append` would drop from `text`.
  static func controlCharacters(in text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var count = 0
      var afterC2 = false
      for byte in bytes {
        // C0 and DEL, or the second byte of a C1 control (`C2 80`–`C2 9F`).
        if byte < 0x20 || byte == 0x7F || (afterC2 && byte < 0xA0) { count += 1 }
        afterC2 = byte == 0xC2
      }
      return count
    }
  }

  /// The characters of `text` that Zebra's resident fonts lack on most printers: they cover
  /// ISO-8859-1 and the Windows-1252 punctuation (€, dashes, quotes), nothing else without a
  /// downloaded font.
  static func charactersWithoutGlyph(in text: String) -> [String] {
    // UTF-8 bytes below C4 are scalars up to U+00FF: every character has its glyph, and most
    // text is that, so the characters need not be taken apart.
    if TextColumns.allBytes(of: text, where: { $0 < 0xC4 }) { return [] }
    var seen: [String] = []
    for character in text {
      let fits = character.unicodeScalars.allSatisfy { scalar in
        scalar.value <= 0xFF || windows1252.contains(scalar.value)
      }
      let name = String(character)
      if !fits, !seen.contains(name) { seen.append(name) }
    }
    return seen
  }

  /// The characters Windows-1252 adds to ISO-8859-1 in 0x80–0x9F.
  private static let windows1252: Set<UInt32> = [
    0x20AC, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
    0x017D, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
    0x0153, 0x017E, 0x0178,
  ]
}
