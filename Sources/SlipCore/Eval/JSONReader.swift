// A strict, exact JSON reader (RFC 8259) for data files.
//
// Works directly on the UTF-8 bytes, without Foundation. Numbers keep every digit
// (through `ExactDecimal`), object keys keep their order, and every error says what
// is wrong and where, in words a designer with a broken data file can act on.
// Line and column are only worked out when an error happens.

/// Where in a data file something is: 1-based line and column (column counts Unicode scalars, so a line with "é" counts it once).
public struct DataLocation: Sendable, Equatable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A data file that is not valid JSON: what is wrong and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case and without a final period, e.g. "unterminated string".
  public var message: String
  /// Where it is wrong: the offending character, or one past the last character when the data ends too early.
  public var location: DataLocation

  public init(message: String, location: DataLocation) {
    self.message = message
    self.location = location
  }

  /// "line L, column C: message".
  public var description: String {
    "line \(location.line), column \(location.column): \(message)"
  }
}

/// Reads JSON data files into `Value`s.
public struct JSONReader: Sendable {
  /// How many lists and objects may be open at once.
  public var maxDepth: Int

  public init(maxDepth: Int = 512) {
    self.maxDepth = maxDepth
  }

  /// Parses one JSON document (RFC 8259), keeping numbers exact and object keys in order.
  public func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Value {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Self.read(buffer, maxDepth: maxDepth)
    }
    return try result.get()
  }

  /// Parses one JSON document (RFC 8259), keeping numbers exact and object keys in order.
  public func read(_ text: String) throws(JSONSyntaxError) -> Value {
    var text = text
    let result = text.withUTF8 { buffer in
      Self.read(buffer, maxDepth: maxDepth)
    }
    return try result.get()
  }

  private static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int
  ) -> Result<Value, JSONSyntaxError> {
    var parser = JSONParser(buffer, maxDepth: maxDepth)
    do {
      return .success(try parser.parseDocument())
    } catch {
      return .failure(error.syntaxError(in: buffer))
    }
  }
}

// MARK: - Failures

/// A failure at a byte offset; turned into a line and column only when it reaches the caller.
private struct JSONParseFailure: Error {
  var message: String
  var offset: Int

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  func syntaxError(in buffer: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    var message = message
    // A stray non-ASCII byte outside a string that is not valid UTF-8 is first of all that.
    if offset < buffer.count, buffer[offset] >= 0x80,
      JSONParser.validUTF8Length(buffer, at: offset) == nil
    {
      message = "invalid UTF-8"
    }
    return JSONSyntaxError(message: message, location: JSONParser.location(of: offset, in: buffer))
  }
}

// MARK: - Parser

private enum ASCII {
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let dot = UInt8(ascii: ".")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let singleQuote = UInt8(ascii: "'")
  static let underscore = UInt8(ascii: "_")
}

/// One list or object that is still open.
private struct OpenContainer {
  var isObject: Bool
  var items: [Value] = []
  var object = JSONObject()
  /// The key the next value of an object goes under.
  var key = ""
}

private struct JSONParser {
  private let buffer: UnsafeBufferPointer<UInt8>
  private let end: Int
  private let maxDepth: Int
  private var pos: Int
  /// Reused for strings with escapes.
  private var scratch: [UInt8] = []

  init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.buffer = buffer
    self.end = buffer.count
    self.maxDepth = maxDepth
    self.pos = Self.bomLength(buffer)
  }

  static func bomLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { return 3 }
    return 0
  }

  // MARK: Document

  mutating func parseDocument() throws(JSONParseFailure) -> Value {
    skipWhitespace()
    if pos == end {
      throw JSONParseFailure("expected a JSON value, but the data is empty", at: pos)
    }
    var stack: [OpenContainer] = []
    var value: Value

    nextValue: while true {
      // A value starts here; whitespace before it is already skipped.
      guard pos < end else { throw unexpectedEnd() }
      switch buffer[pos] {
      case ASCII.openBrace:
        if stack.count >= maxDepth { throw tooDeep() }
        pos += 1
        skipWhitespace()
        guard pos < end else { throw unexpectedEnd() }
        if buffer[pos] == ASCII.closeBrace {
          pos += 1
          value = .object(JSONObject())
        } else {
          var container = OpenContainer(isObject: true)
          container.key = try parseKey(afterComma: false, existing: container.object)
          stack.append(container)
          continue nextValue
        }
      case ASCII.openBracket:
        if stack.count >= maxDepth { throw tooDeep() }
        pos += 1
        skipWhitespace()
        guard pos < end else { throw unexpectedEnd() }
        if buffer[pos] == ASCII.closeBracket {
          pos += 1
          value = .array([])
        } else {
          stack.append(OpenContainer(isObject: false))
          continue nextValue
        }
      case ASCII.quote:
        value = .string(try parseString())
      case ASCII.minus, ASCII.zero...ASCII.nine:
        value = .number(try parseNumber())
      default:
        value = try parseLiteralOrFail()
      }

      // A value is complete: put it into the innermost open container, closing as many as end here.
      while true {
        skipWhitespace()
        let top = stack.count - 1
        if top < 0 {
          if pos < end {
            throw JSONParseFailure("trailing characters after the JSON value", at: pos)
          }
          return value
        }
        guard pos < end else { throw unexpectedEnd() }
        let byte = buffer[pos]
        if stack[top].isObject {
          stack[top].object.set(value, forKey: stack[top].key)
          if byte == ASCII.comma {
            let comma = pos
            pos += 1
            skipWhitespace()
            guard pos < end else { throw unexpectedEnd() }
            if buffer[pos] == ASCII.closeBrace {
              throw JSONParseFailure("trailing ',' before '}' is not allowed", at: comma)
            }
            stack[top].key = try parseKey(afterComma: true, existing: stack[top].object)
            continue nextValue
          } else if byte == ASCII.closeBrace {
            pos += 1
            value = .object(stack.removeLast().object)
          } else {
            throw JSONParseFailure("expected ',' or '}' after an object member", at: pos)
          }
        } else {
          stack[top].items.append(value)
          if byte == ASCII.comma {
            let comma = pos
            pos += 1
            skipWhitespace()
            guard pos < end else { throw unexpectedEnd() }
            if buffer[pos] == ASCII.closeBracket {
              throw JSONParseFailure("trailing ',' before ']' is not allowed", at: comma)
            }
            continue nextValue
          } else if byte == ASCII.closeBracket {
            pos += 1
            value = .array(stack.removeLast().items)
          } else {
            throw JSONParseFailure("expected ',' or ']' after a list item", at: pos)
          }
        }
      }
    }
  }

  private func unexpectedEnd() -> JSONParseFailure {
    JSONParseFailure("unexpected end of data", at: end)
  }

  private func tooDeep() -> JSONParseFailure {
    JSONParseFailure("nesting deeper than \(maxDepth) levels", at: pos)
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while pos < end {
      switch buffer[pos] {
      case ASCII.space, ASCII.lineFeed, ASCII.carriageReturn, ASCII.tab: pos += 1
      default: return
      }
    }
  }

  // MARK: Keys

  /// Reads `"key" :` and the whitespace after it; `pos` is at the (non-space) start of the key.
  private mutating func parseKey(
    afterComma: Bool, existing: borrowing JSONObject
  ) throws(JSONParseFailure) -> String {
    let start = pos
    let byte = buffer[pos]
    guard byte == ASCII.quote else {
      if byte == ASCII.singleQuote {
        throw JSONParseFailure("object keys must be in double quotes, not single quotes", at: pos)
      }
      if Self.isWordStart(byte) {
        let word = wordDisplay(at: pos)
        throw JSONParseFailure("object keys must be in double quotes, found '\(word)'", at: pos)
      }
      let expected =
        afterComma
        ? "expected an object key in double quotes" : "expected an object key in double quotes or '}'"
      throw JSONParseFailure("\(expected), found \(describe(at: pos))", at: pos)
    }
    let key = try parseString()
    if existing[key] != nil {
      throw JSONParseFailure("duplicate key '\(Self.shortened(key))'", at: start)
    }
    skipWhitespace()
    guard pos < end else { throw unexpectedEnd() }
    guard buffer[pos] == ASCII.colon else {
      throw JSONParseFailure("expected ':' after the object key '\(Self.shortened(key))'", at: pos)
    }
    pos += 1
    skipWhitespace()
    return key
  }

  // MARK: Strings

  /// Reads a string; `pos` is at its opening quote.
  private mutating func parseString() throws(JSONParseFailure) -> String {
    let open = pos
    pos += 1
    let contentStart = pos
    // Fast path: no escapes, so the string is the bytes themselves.
    while pos < end {
      let byte = buffer[pos]
      if byte == ASCII.quote {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[contentStart..<pos]), as: UTF8.self)
        pos += 1
        return text
      } else if byte == ASCII.backslash {
        break
      } else if byte < 0x20 {
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        pos += 1
      } else {
        pos += try utf8Length(at: pos)
      }
    }
    guard pos < end else { throw JSONParseFailure("unterminated string", at: open) }

    // Slow path: copy what came before the first escape, then decode the rest.
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[contentStart..<pos]))
    while pos < end {
      let byte = buffer[pos]
      if byte == ASCII.quote {
        pos += 1
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == ASCII.backslash {
        try parseEscape(stringStart: open)
      } else if byte < 0x20 {
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        scratch.append(byte)
        pos += 1
      } else {
        let length = try utf8Length(at: pos)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[pos..<(pos + length)]))
        pos += length
      }
    }
    throw JSONParseFailure("unterminated string", at: open)
  }

  private func controlCharacter(_ byte: UInt8) -> JSONParseFailure {
    JSONParseFailure("control character \(Self.codePoint(UInt32(byte))) in string", at: pos)
  }

  /// Decodes one escape into `scratch`; `pos` is at the backslash.
  private mutating func parseEscape(stringStart: Int) throws(JSONParseFailure) {
    let backslash = pos
    guard pos + 1 < end else { throw JSONParseFailure("unterminated string", at: stringStart) }
    let byte = buffer[pos + 1]
    let simple: UInt8
    switch byte {
    case ASCII.quote: simple = ASCII.quote
    case ASCII.backslash: simple = ASCII.backslash
    case ASCII.slash: simple = ASCII.slash
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = ASCII.lineFeed
    case UInt8(ascii: "r"): simple = ASCII.carriageReturn
    case UInt8(ascii: "t"): simple = ASCII.tab
    case UInt8(ascii: "u"):
      try parseUnicodeEscape(stringStart: stringStart)
      return
    default:
      let shown: String
      if byte >= 0x21 && byte < 0x7F {
        shown = "'\\\(Character(Unicode.Scalar(byte)))'"
      } else {
        shown = "'\\' followed by \(describe(at: pos + 1))"
      }
      throw JSONParseFailure("invalid escape \(shown)", at: backslash)
    }
    scratch.append(simple)
    pos += 2
  }

  /// Decodes `\uXXXX`, or a surrogate pair `\uXXXX\uXXXX`; `pos` is at the backslash.
  private mutating func parseUnicodeEscape(stringStart: Int) throws(JSONParseFailure) {
    let backslash = pos
    guard pos + 6 <= end else { throw JSONParseFailure("unterminated string", at: stringStart) }
    guard let unit = hex4(at: pos + 2) else {
      throw JSONParseFailure("invalid \\u escape: expected 4 hex digits after '\\u'", at: backslash)
    }
    pos += 6
    var scalarValue = UInt32(unit)
    if unit >= 0xD800 && unit <= 0xDBFF {
      // A high surrogate must be followed at once by a low one.
      guard pos + 6 <= end, buffer[pos] == ASCII.backslash, buffer[pos + 1] == UInt8(ascii: "u"),
        let low = hex4(at: pos + 2), low >= 0xDC00 && low <= 0xDFFF
      else {
        throw JSONParseFailure("invalid \\u escape: lone surrogate", at: backslash)
      }
      pos += 6
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    } else if unit >= 0xDC00 && unit <= 0xDFFF {
      throw JSONParseFailure("invalid \\u escape: lone surrogate", at: backslash)
    }
    // Every value left is a valid scalar.
    let scalar = Unicode.Scalar(scalarValue)!
    for unit in UTF8.encode(scalar)! {
      scratch.append(unit)
    }
  }

  private func hex4(at offset: Int) -> UInt16? {
    guard offset + 4 <= end else { return nil }
    var result: UInt16 = 0
    for i in offset..<(offset + 4) {
      let byte = buffer[i]
      let digit: UInt8
      switch byte {
      case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      result = result << 4 | UInt16(digit)
    }
    return result
  }

  /// The length of the valid UTF-8 sequence at `offset`, or an "invalid UTF-8" failure there.
  private func utf8Length(at offset: Int) throws(JSONParseFailure) -> Int {
    guard let length = Self.validUTF8Length(buffer, at: offset) else {
      throw JSONParseFailure("invalid UTF-8", at: offset)
    }
    return length
  }

  /// The length of the well-formed UTF-8 sequence that starts at `offset` (which must be in range), or nil.
  static func validUTF8Length(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    let end = buffer.count
    let lead = buffer[offset]
    if lead < 0x80 { return 1 }
    let length: Int
    var secondLow: UInt8 = 0x80
    var secondHigh: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; secondLow = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; secondHigh = 0x9F
    case 0xF0: length = 4; secondLow = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; secondHigh = 0x8F
    default: return nil
    }
    guard offset + length <= end else { return nil }
    let second = buffer[offset + 1]
    guard second >= secondLow && second <= secondHigh else { return nil }
    for i in (offset + 2)..<(offset + length) where buffer[i] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  // MARK: Numbers

  /// Reads a number; `pos` is at its '-' or first digit.
  private mutating func parseNumber() throws(JSONParseFailure) -> ExactDecimal {
    let start = pos
    if buffer[pos] == ASCII.minus {
      pos += 1
      guard pos < end else { throw unexpectedEnd() }
      guard Self.isDigit(buffer[pos]) else {
        throw JSONParseFailure("expected a digit after '-', found \(describe(at: pos))", at: pos)
      }
    }
    if buffer[pos] == ASCII.zero {
      pos += 1
      if pos < end && Self.isDigit(buffer[pos]) {
        throw JSONParseFailure("leading zeros are not allowed", at: pos - 1)
      }
    } else {
      skipDigits()
    }
    if pos < end && buffer[pos] == ASCII.dot {
      pos += 1
      guard pos < end else { throw unexpectedEnd() }
      guard Self.isDigit(buffer[pos]) else {
        throw JSONParseFailure(
          "expected a digit after the decimal point, found \(describe(at: pos))", at: pos)
      }
      skipDigits()
    }
    if pos < end && (buffer[pos] == UInt8(ascii: "e") || buffer[pos] == UInt8(ascii: "E")) {
      pos += 1
      guard pos < end else { throw unexpectedEnd() }
      if buffer[pos] == ASCII.plus || buffer[pos] == ASCII.minus {
        pos += 1
        guard pos < end else { throw unexpectedEnd() }
      }
      guard Self.isDigit(buffer[pos]) else {
        throw JSONParseFailure("expected a digit in the exponent, found \(describe(at: pos))", at: pos)
      }
      skipDigits()
    }
    let text = buffer[start..<pos]
    guard let number = ExactDecimal(parsing: text) else {
      let shown = Self.shortened(String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self))
      throw JSONParseFailure("number out of range '\(shown)'", at: start)
    }
    return number
  }

  @inline(__always)
  private mutating func skipDigits() {
    while pos < end && Self.isDigit(buffer[pos]) { pos += 1 }
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= ASCII.zero && byte <= ASCII.nine
  }

  // MARK: Literals and stray characters

  /// Reads `true`, `false` or `null`, or explains what is at `pos` instead of a value.
  private mutating func parseLiteralOrFail() throws(JSONParseFailure) -> Value {
    let byte = buffer[pos]
    if Self.isWordStart(byte) {
      let start = pos
      var wordEnd = pos
      while wordEnd < end && Self.isWordByte(buffer[wordEnd]) { wordEnd += 1 }
      let word = UnsafeBufferPointer(rebasing: buffer[start..<wordEnd])
      let literal: StaticString
      let value: Value
      switch byte {
      case UInt8(ascii: "t"): (literal, value) = ("true", .bool(true))
      case UInt8(ascii: "f"): (literal, value) = ("false", .bool(false))
      default: (literal, value) = ("null", .null)
      }
      let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
      if word.elementsEqual(literalBytes) {
        pos = wordEnd
        return value
      }
      // The data stops in the middle of the word.
      if wordEnd == end && word.count < literalBytes.count && literalBytes.starts(with: word) {
        throw unexpectedEnd()
      }
      let text = String(decoding: word, as: UTF8.self)
      let lower = text.lowercased()
      var message = "expected a value, found '\(Self.shortened(text))'"
      if lower == "true" || lower == "false" || lower == "null" {
        message += " (JSON writes true, false and null in lower case)"
      } else if lower == "nan" || lower == "infinity" {
        message += " (JSON has no NaN or Infinity)"
      } else {
        message += " (text values must be in double quotes)"
      }
      throw JSONParseFailure(message, at: start)
    }
    switch byte {
    case ASCII.singleQuote:
      throw JSONParseFailure("strings must be in double quotes, not single quotes", at: pos)
    case ASCII.slash:
      throw JSONParseFailure("expected a value, found '/' (JSON does not allow comments)", at: pos)
    case ASCII.dot, ASCII.plus:
      throw JSONParseFailure("a number must start with a digit or '-', found \(describe(at: pos))", at: pos)
    default:
      throw JSONParseFailure("expected a value, found \(describe(at: pos))", at: pos)
    }
  }

  private static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == ASCII.underscore
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    isWordStart(byte) || isDigit(byte)
  }

  /// The letters, digits and underscores at `offset`, for a message.
  private func wordDisplay(at offset: Int) -> String {
    var wordEnd = offset
    while wordEnd < end && Self.isWordByte(buffer[wordEnd]) { wordEnd += 1 }
    return Self.shortened(
      String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<wordEnd]), as: UTF8.self))
  }

  /// The character at `offset` as a message shows it: 'x' for visible ASCII, U+XXXX otherwise.
  private func describe(at offset: Int) -> String {
    let byte = buffer[offset]
    if byte > 0x20 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    if byte < 0x80 {
      return Self.codePoint(UInt32(byte))
    }
    guard let length = Self.validUTF8Length(buffer, at: offset) else {
      return "an invalid UTF-8 byte"
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
    let scalar = text.unicodeScalars.first!
    return "'\(text)' (\(Self.codePoint(scalar.value)))"
  }

  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Cuts long text for a message.
  static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(37)) + "…"
  }

  // MARK: Locations

  /// The line and column of `offset`, counted from the start (after a BOM).
  /// Everything before a failure has been read as valid UTF-8, so counting lead bytes counts scalars.
  static func location(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> DataLocation {
    let start = bomLength(buffer)
    let offset = min(max(offset, start), buffer.count)
    var line = 1
    var lineStart = start
    var i = start
    while i < offset {
      let byte = buffer[i]
      if byte == ASCII.lineFeed {
        line += 1
        lineStart = i + 1
      } else if byte == ASCII.carriageReturn && !(i + 1 < buffer.count && buffer[i + 1] == ASCII.lineFeed) {
        // A lone CR ends a line too; in CR LF only the LF counts.
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    var column = 1
    for j in lineStart..<offset where buffer[j] & 0xC0 != 0x80 {
      column += 1
    }
    return DataLocation(line: line, column: column)
  }
}
