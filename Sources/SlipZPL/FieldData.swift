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
  @discardableResult
  static func append(_ text: String, to out: inout [UInt8]) -> Int {
    var dropped = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x5E: out += [0x5F, 0x35, 0x45]  // ^ → _5E
      case 0x7E: out += [0x5F, 0x37, 0x45]  // ~ → _7E
      case 0x5F: out += [0x5F, 0x35, 0x46]  // _ → _5F
      case 0x20..<0x7F: out.append(UInt8(scalar.value))
      case 0..<0x20, 0x7F...0x9F: dropped += 1
      default: out += Array(String(scalar).utf8)
      }
    }
    return dropped
  }

  /// How many control characters `append` would drop from `text`.
  static func controlCharacters(in text: String) -> Int {
    text.unicodeScalars.count { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  /// The characters of `text` that Zebra's resident fonts lack on most printers: they cover
  /// ISO-8859-1 and the Windows-1252 punctuation (€, dashes, quotes), nothing else without a
  /// downloaded font.
  static func charactersWithoutGlyph(in text: String) -> [String] {
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
