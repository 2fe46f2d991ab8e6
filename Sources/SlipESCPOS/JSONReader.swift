/// A line and column in a JSON file, 1-based, the column counted in Unicode scalars.
struct JSONLocation: Sendable, Equatable {
  var line: Int
  var column: Int
}

/// An object key with its place.
struct JSONKey: Sendable, Equatable {
  var text: String
  var location: JSONLocation
}

/// A JSON value with its place, members kept in file order. Numbers are whole: profiles have
/// no fractions, and a fraction is reported as the wrong type.
struct JSONValue: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case object([(key: JSONKey, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Int)
    case fraction(String)
    case bool(Bool)
    case null

    static func == (a: Kind, b: Kind) -> Bool {
      switch (a, b) {
      case (.object(let x), .object(let y)):
        x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      case (.array(let x), .array(let y)): x == y
      case (.string(let x), .string(let y)): x == y
      case (.number(let x), .number(let y)): x == y
      case (.fraction(let x), .fraction(let y)): x == y
      case (.bool(let x), .bool(let y)): x == y
      case (.null, .null): true
      default: false
      }
    }
  }

  var kind: Kind
  var location: JSONLocation
}

/// A small strict JSON reader (RFC 8259) that keeps where every value is, so a profile error can
/// point at it. The package imports no Foundation, and Foundation's parser forgets positions.
struct JSONReader {
  private let bytes: [UInt8]
  private let source: String
  private var offset = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  init(bytes: [UInt8], source: String) {
    self.bytes = bytes
    self.source = source
  }

  /// The one value the file holds.
  mutating func document() throws(PrinterProfileError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipSpace()
    let value = try parseValue()
    skipSpace()
    guard offset == bytes.count else { throw fail("unexpected text after the JSON value") }
    return value
  }

  private var location: JSONLocation {
    var column = 1
    var index = lineStart
    while index < min(offset, bytes.count) {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return JSONLocation(line: line, column: column)
  }

  private func fail(_ message: String) -> PrinterProfileError {
    let place = location
    return PrinterProfileError(
      source: source, line: place.line, column: place.column, field: "", message: message)
  }

  private mutating func skipSpace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0D: offset += 1
      case 0x0A:
        offset += 1
        line += 1
        lineStart = offset
      default: return
      }
    }
  }

  private mutating func parseValue() throws(PrinterProfileError) -> JSONValue {
    let start = location
    guard offset < bytes.count else { throw fail("the file ends where a value should be") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return JSONValue(kind: try parseObject(), location: start)
    case UInt8(ascii: "["): return JSONValue(kind: try parseArray(), location: start)
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
    case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), location: start)
    case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), location: start)
    case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, location: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(kind: try parseNumber(), location: start)
    default: throw fail("expected a JSON value")
    }
  }

  private mutating func literal(_ word: String) throws(PrinterProfileError) {
    let expected = Array(word.utf8)
    guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected
    else {
      throw fail("expected a JSON value")
    }
    offset += expected.count
  }

  private mutating func nest() throws(PrinterProfileError) {
    depth += 1
    if depth > 64 { throw fail("nested too deeply") }
  }

  private mutating func parseObject() throws(PrinterProfileError) -> JSONValue.Kind {
    try nest()
    offset += 1
    var members: [(key: JSONKey, value: JSONValue)] = []
    skipSpace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      let keyStart = location
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw fail("expected a field name in quotes")
      }
      let key = try parseString()
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the field name")
      }
      offset += 1
      skipSpace()
      members.append((JSONKey(text: key, location: keyStart), try parseValue()))
      skipSpace()
      guard offset < bytes.count else { throw fail("the file ends inside an object") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      guard bytes[offset] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
      offset += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func parseArray() throws(PrinterProfileError) -> JSONValue.Kind {
    try nest()
    offset += 1
    var items: [JSONValue] = []
    skipSpace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try parseValue())
      skipSpace()
      guard offset < bytes.count else { throw fail("the file ends inside an array") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      guard bytes[offset] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
      offset += 1
      depth -= 1
      return .array(items)
    }
  }

  private mutating func parseString() throws(PrinterProfileError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
      raw.removeAll()
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        offset += 1
        guard offset < bytes.count else { break }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var value = try hex4()
          if (0xD800...0xDBFF).contains(value), bytes.count - offset >= 6,
            bytes[offset] == UInt8(ascii: "\\"),
            bytes[offset + 1] == UInt8(ascii: "u")
          {
            offset += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid surrogate pair in \\u escape") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else { throw fail("invalid \\u escape") }
          scalars.append(scalar)
        default:
          offset -= 1
          throw fail("invalid escape in a string")
        }
      case 0x00..<0x20:
        throw fail(byte == 0x0A ? "the string is not closed on this line" : "control character in a string")
      default:
        raw.append(byte)
        offset += 1
      }
    }
    throw fail("the file ends inside a string")
  }

  private mutating func hex4() throws(PrinterProfileError) -> UInt32 {
    guard bytes.count - offset >= 4 else { throw fail("expected four hex digits after \\u") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("expected four hex digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private mutating func parseNumber() throws(PrinterProfileError) -> JSONValue.Kind {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    var digits = 0
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
      digits += 1
    }
    guard digits > 0 else { throw fail("expected digits") }
    var whole = true
    while offset < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")]
        .contains(
          bytes[offset]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
    {
      whole = false
      offset += 1
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if whole, let value = Int(text), abs(value) < 1 << 40 { return .number(value) }
    return .fraction(text)
  }
}
