/// How a printer reads field-data bytes after a `^CI` command, for the listing to show text as
/// it prints, not as the file's author hoped.
///
/// The numbers are the ZPL II Programming Guide's (`^CI`): 0–12 are the national variants of
/// ASCII with Code Page 850 above 0x7F, 13 is Code Page 850, 27 Zebra Code Page 1252, 28 UTF-8,
/// 29 and 30 UTF-16 big- and little-endian, 31 Code Page 1250, 33–36 Code Pages 1251, 1253,
/// 1254 and 1255. The others (Asian double-byte sets, 14–26) need the printer's encoding tables
/// and are shown byte by byte.
enum ZPLCharacterSet: Equatable {
  /// One byte a character; `upperHalf` gives bytes 0x80–0xFF (0: undefined).
  case singleByte(name: String, upperHalf: [UInt16])
  /// `^CI28`.
  case utf8
  /// `^CI29` (big-endian) and `^CI30`.
  case utf16(bigEndian: Bool)
  /// A set the listing does not decode.
  case undecoded(Int)

  /// The set `^CI number` selects; nil for a number the guide does not list.
  init?(number: Int) {
    switch number {
    case 0...13: self = .singleByte(name: "Code Page 850", upperHalf: Self.cp850)
    case 14...26: self = .undecoded(number)
    case 27: self = .singleByte(name: "Code Page 1252", upperHalf: Self.cp1252)
    case 28: self = .utf8
    case 29: self = .utf16(bigEndian: true)
    case 30: self = .utf16(bigEndian: false)
    case 31: self = .singleByte(name: "Code Page 1250", upperHalf: Self.cp1250)
    case 33: self = .singleByte(name: "Code Page 1251", upperHalf: Self.cp1251)
    case 34: self = .singleByte(name: "Code Page 1253", upperHalf: Self.cp1253)
    case 35: self = .singleByte(name: "Code Page 1254", upperHalf: Self.cp1254)
    case 36: self = .singleByte(name: "Code Page 1255", upperHalf: Self.cp1255)
    default: return nil
    }
  }

  /// The printer's set before any `^CI`: `^CI0`.
  static let printerDefault = ZPLCharacterSet(number: 0)!

  /// The name the listing gives the set after `^CI`.
  static func name(_ number: Int) -> String {
    let national = [
      "U.S.A. 1", "U.S.A. 2", "U.K.", "Holland", "Denmark/Norway", "Sweden/Finland", "Germany", "France 1",
      "France 2", "Italy", "Spain", "Miscellaneous", "Japan",
    ]
    switch number {
    case 0...12: return national[number] + ", Code Page 850 above 0x7F"
    case 13: return "Code Page 850"
    case 27: return "Code Page 1252"
    case 28: return "UTF-8"
    case 29: return "UTF-16 big-endian"
    case 30: return "UTF-16 little-endian"
    case 31: return "Code Page 1250"
    case 33...36: return "Code Page " + ["1251", "1253", "1254", "1255"][number - 33]
    default: return "character set \(number) (not decoded here)"
    }
  }

  /// One character of decoded field data, or a byte the set does not define.
  enum Piece: Equatable {
    case scalar(Unicode.Scalar)
    case byte(UInt8)
  }

  /// `bytes` as the printer reads them; a byte (or an ill-formed sequence's bytes) the set does
  /// not define stays a byte, which the listing shows as `\xNN`.
  func decode(_ bytes: [UInt8]) -> [Piece] {
    switch self {
    case .singleByte(_, let upperHalf):
      return bytes.map { byte in
        if byte < 0x80 { return .scalar(Unicode.Scalar(byte)) }
        let value = upperHalf[Int(byte) - 0x80]
        return value == 0 ? .byte(byte) : .scalar(Unicode.Scalar(value)!)
      }
    case .utf8:
      var out: [Piece] = []
      var index = 0
      while index < bytes.count {
        if let (scalar, length) = Self.utf8Scalar(bytes, at: index) {
          out.append(.scalar(scalar))
          index += length
        } else {
          out.append(.byte(bytes[index]))
          index += 1
        }
      }
      return out
    case .utf16(let bigEndian):
      var out: [Piece] = []
      var index = 0
      while index + 1 < bytes.count {
        let unit = { (at: Int) -> UInt32 in
          bigEndian
            ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        let first = unit(index)
        if (0xD800..<0xDC00).contains(first), index + 3 < bytes.count,
          (0xDC00..<0xE000).contains(unit(index + 2)),
          let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (unit(index + 2) - 0xDC00))
        {
          out.append(.scalar(scalar))
          index += 4
        } else if let scalar = Unicode.Scalar(first) {
          out.append(.scalar(scalar))
          index += 2
        } else {
          out += [.byte(bytes[index]), .byte(bytes[index + 1])]
          index += 2
        }
      }
      if index < bytes.count { out.append(.byte(bytes[index])) }
      return out
    case .undecoded:
      return bytes.map { $0 < 0x80 ? .scalar(Unicode.Scalar($0)) : .byte($0) }
    }
  }

  /// The well-formed UTF-8 character at `index` and its length in bytes, or nil.
  static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    let (length, initial): (Int, UInt32) =
      switch lead {
      case 0..<0x80: (1, UInt32(lead))
      case 0xC2..<0xE0: (2, UInt32(lead & 0x1F))
      case 0xE0..<0xF0: (3, UInt32(lead & 0x0F))
      case 0xF0..<0xF5: (4, UInt32(lead & 0x07))
      default: (0, 0)
      }
    guard length > 0, index + length <= bytes.count else { return nil }
    var value = initial
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms and surrogates are not UTF-8.
    let smallest: [UInt32] = [0, 0, 0x80, 0x800, 0x10000]
    guard value >= smallest[length], let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// Whether `bytes` are UTF-8 with at least one character beyond ASCII: in a single-byte set
  /// that is the most common real mistake (a UTF-8 file without `^CI28`), which prints
  /// `StraÃŸe` for `Straße`.
  static func looksLikeUTF8(_ bytes: [UInt8]) -> Bool {
    guard bytes.contains(where: { $0 >= 0x80 }) else { return false }
    return ZPLCharacterSet.utf8.decode(bytes).allSatisfy { if case .scalar = $0 { true } else { false } }
  }
}
