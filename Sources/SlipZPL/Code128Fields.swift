import SlipIR

/// Code 128 for `^BC` that prints the very bars the encoder drew.
///
/// Code 128 has several valid encodings of the same text (code sets A, B and C, switched at
/// different places), and a printer left to choose (`^BC` mode A) may choose differently from
/// zint: the bars, and the width the layout reserved, would differ. So the encoder's modules are
/// read back into their symbol values, and the data tells the printer every start code and code
/// switch with ZPL's invocation codes (`>:` start B, `>5` switch to C, …) in `^BC`'s plain mode,
/// where the printer follows them to the letter and adds only the check character.
enum Code128Fields {
  /// The `^BC` field data for `modules` when they are a Code 128 symbol of `text`; nil when they
  /// are not (another encoder's drawing) or use what this does not write (shift, FNC2–FNC4).
  static func fieldData(modules: Bitmap, text: String) -> String? {
    guard let values = values(modules), values.count >= 3 else { return nil }
    // The check character is the weighted sum of the values before it, mod 103.
    var sum = values[0]
    for index in 1..<(values.count - 1) { sum += index * values[index] }
    guard sum % 103 == values[values.count - 1] else { return nil }

    // Bytes, not Strings: every character is ASCII (values 0 to 95 of code sets A and B).
    var out: [UInt8] = []
    out.reserveCapacity(2 * values.count)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(2 * values.count)
    var set: UInt8
    switch values[0] {
    case 103: (set, out) = (UInt8(ascii: "A"), Array(">9".utf8))
    case 104: (set, out) = (UInt8(ascii: "B"), Array(">:".utf8))
    case 105: (set, out) = (UInt8(ascii: "C"), Array(">;".utf8))
    default: return nil
    }
    for value in values[1..<(values.count - 1)] {
      switch (set, value) {
      case (UInt8(ascii: "C"), 0...99):
        let tens = UInt8(ascii: "0") + UInt8(value / 10)
        let ones = UInt8(ascii: "0") + UInt8(value % 10)
        out.append(tens)
        out.append(ones)
        decoded.append(tens)
        decoded.append(ones)
      case (UInt8(ascii: "A"), 0...63), (UInt8(ascii: "B"), 0...95):
        let byte = UInt8(value + 32)
        // '>' starts an invocation code in ^BC data; '>0' is the character itself (value 30).
        if byte == UInt8(ascii: ">") { out.append(ascii: ">0") } else { out.append(byte) }
        decoded.append(byte)
      case (UInt8(ascii: "A"), 64...95):
        // A control character of code set A: written as it is; ^FH hex-escapes it.
        let byte = UInt8(value - 64)
        out.append(byte)
        decoded.append(byte)
      case (UInt8(ascii: "A"), 99), (UInt8(ascii: "B"), 99):
        set = UInt8(ascii: "C")
        out.append(ascii: ">5")
      case (UInt8(ascii: "A"), 100), (UInt8(ascii: "C"), 100):
        set = UInt8(ascii: "B")
        out.append(ascii: ">6")
      case (UInt8(ascii: "B"), 101), (UInt8(ascii: "C"), 101):
        set = UInt8(ascii: "A")
        out.append(ascii: ">7")
      case (_, 102):
        out.append(ascii: ">8")  // FNC1 (GS1): part of the data's meaning, not of its text
      default:
        return nil
      }
    }
    // The same bytes are the same text; other bytes may still be text Unicode holds equal.
    let same =
      text.utf8.elementsEqual(decoded) || String(decoding: decoded, as: UTF8.self) == text
    return same ? String(decoding: out, as: UTF8.self) : nil
  }

  /// The symbol values of a Code 128 row, start code first and check character last (the stop
  /// pattern checked and dropped); nil when the row is not Code 128.
  static func values(_ modules: Bitmap) -> [Int]? {
    guard modules.height >= 1, modules.width > 0 else { return nil }
    var runs: [Int] = []
    runs.reserveCapacity(modules.width)
    var current = modules[0, 0]
    guard current else { return nil }  // a symbol starts with a bar
    var length = 0
    // The first row's packed bits read directly: the subscript's checks cost more per module.
    modules.bits.withUnsafeBufferPointer { bits in
      for x in 0..<modules.width {
        if (bits[x >> 3] & (0x80 >> UInt8(x & 7)) != 0) == current {
          length += 1
        } else {
          runs.append(length)
          current.toggle()
          length = 1
        }
      }
    }
    runs.append(length)
    // Symbols of 6 elements (11 modules) each, then the 7-element stop pattern.
    guard runs.count >= 7 + 6 * 2, (runs.count - 7) % 6 == 0, Array(runs.suffix(7)) == [2, 3, 3, 1, 1, 1, 2]
    else { return nil }
    var values: [Int] = []
    values.reserveCapacity(runs.count / 6)
    var index = 0
    while index < runs.count - 7 {
      // The six widths, each 1 to 4, as the digits of a number in base 4.
      var key = 0
      for run in runs[index..<(index + 6)] {
        guard (1...4).contains(run) else { return nil }
        key = key << 2 | (run - 1)
      }
      let value = Int(patterns[key])
      guard value >= 0 else { return nil }
      values.append(value)
      index += 6
    }
    return values
  }

  /// Each symbol's value by its bar and space widths (bar first, each less one) as the digits
  /// of a number in base 4; -1 for widths that are no symbol. An array of 4,096 rather than a
  /// dictionary: a lookup is an index, not a hash.
  private static let patterns: [Int16] = {
    let widths = [
      212222, 222122, 222221, 121223, 121322, 131222, 122213, 122312, 132212, 221213,
      221312, 231212, 112232, 122132, 122231, 113222, 123122, 123221, 223211, 221132,
      221231, 213212, 223112, 312131, 311222, 321122, 321221, 312212, 322112, 322211,
      212123, 212321, 232121, 111323, 131123, 131321, 112313, 132113, 132311, 211313,
      231113, 231311, 112133, 112331, 132131, 113123, 113321, 133121, 313121, 211331,
      231131, 213113, 213311, 213131, 311123, 311321, 331121, 312113, 312311, 332111,
      314111, 221411, 431111, 111224, 111422, 121124, 121421, 141122, 141221, 112214,
      112412, 122114, 122411, 142112, 142211, 241211, 221114, 413111, 241112, 134111,
      111242, 121142, 121241, 114212, 124112, 124211, 411212, 421112, 421211, 212141,
      214121, 412121, 111143, 111341, 131141, 114113, 114311, 411113, 411311, 113141,
      114131, 311141, 411131, 211412, 211214, 211232,
    ]
    var table = [Int16](repeating: -1, count: 1 << 12)
    for (value, pattern) in widths.enumerated() {
      // The six decimal digits of the widths, as base-4 digits of width less one.
      var key = 0
      var divisor = 100_000
      while divisor > 0 {
        key = key << 2 | (pattern / divisor % 10 - 1)
        divisor /= 10
      }
      table[key] = Int16(value)
    }
    return table
  }()
}
