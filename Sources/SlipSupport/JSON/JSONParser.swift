@usableFromInline
enum ASCII {
  @inlinable static var space: UInt8 { UInt8(ascii: " ") }
  @inlinable static var tab: UInt8 { UInt8(ascii: "\t") }
  @inlinable static var lineFeed: UInt8 { UInt8(ascii: "\n") }
  @inlinable static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
  @inlinable static var quote: UInt8 { UInt8(ascii: "\"") }
  @inlinable static var backslash: UInt8 { UInt8(ascii: "\\") }
  @inlinable static var slash: UInt8 { UInt8(ascii: "/") }
  @inlinable static var comma: UInt8 { UInt8(ascii: ",") }
  @inlinable static var colon: UInt8 { UInt8(ascii: ":") }
  @inlinable static var openBrace: UInt8 { UInt8(ascii: "{") }
  @inlinable static var closeBrace: UInt8 { UInt8(ascii: "}") }
  @inlinable static var openBracket: UInt8 { UInt8(ascii: "[") }
  @inlinable static var closeBracket: UInt8 { UInt8(ascii: "]") }
  @inlinable static var minus: UInt8 { UInt8(ascii: "-") }
  @inlinable static var plus: UInt8 { UInt8(ascii: "+") }
  @inlinable static var dot: UInt8 { UInt8(ascii: ".") }
  @inlinable static var zero: UInt8 { UInt8(ascii: "0") }
  @inlinable static var nine: UInt8 { UInt8(ascii: "9") }
  @inlinable static var singleQuote: UInt8 { UInt8(ascii: "'") }
  @inlinable static var underscore: UInt8 { UInt8(ascii: "_") }
}

/// One list or object that is still open. Its items, members and pending key are kept on
/// stacks of their own beside it, so this stays trivial to copy and nothing copies them whole.
@usableFromInline
struct OpenContainer {
  @usableFromInline var isObject: Bool
  /// Where its `{` or `[` is.
  @usableFromInline var start: Int
  /// Where the key the next value of an object goes under is.
  @usableFromInline var keyOffset = 0

  @inlinable
  init(isObject: Bool, start: Int) {
    self.isObject = isObject
    self.start = start
  }
}

/// The parser: RFC 8259, strict, over the UTF-8 bytes; every failure at a byte offset.
@usableFromInline
struct JSONParser<Builder: JSONBuilder> {
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
  @usableFromInline let end: Int
  @usableFromInline let maxDepth: Int
  @usableFromInline var pos: Int
  /// Reused for strings with escapes.
  @usableFromInline var scratch: [UInt8] = []

  @usableFromInline var builder: Builder

  @inlinable
  init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, builder: Builder) {
    self.builder = builder
    self.buffer = buffer
    self.end = buffer.count
    self.maxDepth = maxDepth
    self.pos = JSONText.bomLength(buffer)
  }

  // MARK: Document

  @inlinable
  mutating func parseDocument() throws(JSONParseFailure) -> Builder.Value {
    skipWhitespace()
    if pos == end {
      throw JSONParseFailure("expected a JSON value, but the data is empty", at: pos)
    }
    var stack: [OpenContainer] = []
    // The open lists' items, the open objects' members and the keys their next values go under.
    var lists: [[Builder.Value]] = []
    var objects: [Builder.Object] = []
    var keys: [String] = []
    var value: Builder.Value

    nextValue: while true {
      // A value starts here; whitespace before it is already skipped.
      guard pos < end else { throw unexpectedEnd() }
      let valueStart = pos
      switch buffer[pos] {
      case ASCII.openBrace:
        if stack.count >= maxDepth { throw tooDeep() }
        pos += 1
        skipWhitespace()
        guard pos < end else { throw unexpectedEnd() }
        if buffer[pos] == ASCII.closeBrace {
          pos += 1
          value = builder.object(builder.emptyObject(), at: valueStart)
        } else {
          var container = OpenContainer(isObject: true, start: valueStart)
          container.keyOffset = pos
          let object = builder.emptyObject()
          keys.append(try parseKey(afterComma: false, existing: object))
          objects.append(object)
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
          value = builder.array([], at: valueStart)
        } else {
          stack.append(OpenContainer(isObject: false, start: valueStart))
          lists.append([])
          continue nextValue
        }
      case ASCII.quote:
        value = builder.string(try parseString(), at: valueStart)
      case ASCII.minus, ASCII.zero...ASCII.nine:
        value = try parseNumber()
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
          let last = objects.count - 1
          builder.add(value, forKey: keys[last], at: stack[top].keyOffset, to: &objects[last])
          if byte == ASCII.comma {
            let comma = pos
            pos += 1
            skipWhitespace()
            guard pos < end else { throw unexpectedEnd() }
            if buffer[pos] == ASCII.closeBrace {
              throw JSONParseFailure("trailing ',' before '}' is not allowed", at: comma)
            }
            stack[top].keyOffset = pos
            keys[last] = try parseKey(afterComma: true, existing: objects[last])
            continue nextValue
          } else if byte == ASCII.closeBrace {
            pos += 1
            let closed = stack.removeLast()
            keys.removeLast()
            value = builder.object(objects.removeLast(), at: closed.start)
          } else {
            throw JSONParseFailure("expected ',' or '}' after an object member", at: pos)
          }
        } else {
          lists[lists.count - 1].append(value)
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
            let closed = stack.removeLast()
            value = builder.array(lists.removeLast(), at: closed.start)
          } else {
            throw JSONParseFailure("expected ',' or ']' after a list item", at: pos)
          }
        }
      }
    }
  }

  @inlinable
  func unexpectedEnd() -> JSONParseFailure {
    JSONParseFailure("unexpected end of data", at: end)
  }

  @inlinable
  func tooDeep() -> JSONParseFailure {
    JSONParseFailure("nesting deeper than \(maxDepth) levels", at: pos)
  }

  @inlinable
  mutating func skipWhitespace() {
    while pos < end {
      switch buffer[pos] {
      case ASCII.space, ASCII.lineFeed, ASCII.carriageReturn, ASCII.tab: pos += 1
      default: return
      }
    }
  }

  // MARK: Keys

  /// Reads `"key" :` and the whitespace after it; `pos` is at the (non-space) start of the key.
  @inlinable
  mutating func parseKey(
    afterComma: Bool, existing: borrowing Builder.Object
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
    if builder.contains(key, in: existing) {
      throw JSONParseFailure("duplicate key '\(JSONText.shortened(key))'", at: start)
    }
    skipWhitespace()
    guard pos < end else { throw unexpectedEnd() }
    guard buffer[pos] == ASCII.colon else {
      throw JSONParseFailure("expected ':' after the object key '\(JSONText.shortened(key))'", at: pos)
    }
    pos += 1
    skipWhitespace()
    return key
  }

  // MARK: Strings

  /// Reads a string; `pos` is at its opening quote.
  @inlinable
  mutating func parseString() throws(JSONParseFailure) -> String {
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

  @inlinable
  func controlCharacter(_ byte: UInt8) -> JSONParseFailure {
    JSONParseFailure("control character \(JSONText.codePoint(UInt32(byte))) in string", at: pos)
  }

  /// Decodes one escape into `scratch`; `pos` is at the backslash.
  @inlinable
  mutating func parseEscape(stringStart: Int) throws(JSONParseFailure) {
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
  @inlinable
  mutating func parseUnicodeEscape(stringStart: Int) throws(JSONParseFailure) {
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

  @inlinable
  func hex4(at offset: Int) -> UInt16? {
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
  @inlinable
  func utf8Length(at offset: Int) throws(JSONParseFailure) -> Int {
    guard let length = JSONText.validUTF8Length(buffer, at: offset) else {
      throw JSONParseFailure("invalid UTF-8", at: offset)
    }
    return length
  }

  // MARK: Numbers

  /// Reads a number; `pos` is at its '-' or first digit.
  @inlinable
  mutating func parseNumber() throws(JSONParseFailure) -> Builder.Value {
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
    guard let number = builder.number(text, at: start) else {
      let shown = JSONText.shortened(String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self))
      throw JSONParseFailure("number out of range '\(shown)'", at: start)
    }
    return number
  }

  @inlinable
  mutating func skipDigits() {
    while pos < end && Self.isDigit(buffer[pos]) { pos += 1 }
  }

  @inlinable
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= ASCII.zero && byte <= ASCII.nine
  }

  // MARK: Literals and stray characters

  /// Reads `true`, `false` or `null`, or explains what is at `pos` instead of a value.
  @inlinable
  mutating func parseLiteralOrFail() throws(JSONParseFailure) -> Builder.Value {
    let byte = buffer[pos]
    if Self.isWordStart(byte) {
      let start = pos
      var wordEnd = pos
      while wordEnd < end && Self.isWordByte(buffer[wordEnd]) { wordEnd += 1 }
      let word = UnsafeBufferPointer(rebasing: buffer[start..<wordEnd])
      let literal: StaticString
      switch byte {
      case UInt8(ascii: "t"): literal = "true"
      case UInt8(ascii: "f"): literal = "false"
      default: literal = "null"
      }
      let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
      if word.elementsEqual(literalBytes) {
        pos = wordEnd
        switch byte {
        case UInt8(ascii: "t"): return builder.bool(true, at: start)
        case UInt8(ascii: "f"): return builder.bool(false, at: start)
        default: return builder.null(at: start)
        }
      }
      // The data stops in the middle of the word.
      if wordEnd == end && word.count < literalBytes.count && literalBytes.starts(with: word) {
        throw unexpectedEnd()
      }
      let text = String(decoding: word, as: UTF8.self)
      let lower = text.lowercased()
      var message = "expected a value, found '\(JSONText.shortened(text))'"
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

  @inlinable
  static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == ASCII.underscore
  }

  @inlinable
  static func isWordByte(_ byte: UInt8) -> Bool {
    isWordStart(byte) || isDigit(byte)
  }

  /// The letters, digits and underscores at `offset`, for a message.
  @inlinable
  func wordDisplay(at offset: Int) -> String {
    var wordEnd = offset
    while wordEnd < end && Self.isWordByte(buffer[wordEnd]) { wordEnd += 1 }
    return JSONText.shortened(
      String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<wordEnd]), as: UTF8.self))
  }

  /// The character at `offset` as a message shows it: 'x' for visible ASCII, U+XXXX otherwise.
  @inlinable
  func describe(at offset: Int) -> String {
    let byte = buffer[offset]
    if byte > 0x20 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    if byte < 0x80 {
      return JSONText.codePoint(UInt32(byte))
    }
    guard let length = JSONText.validUTF8Length(buffer, at: offset) else {
      return "an invalid UTF-8 byte"
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
    let scalar = text.unicodeScalars.first!
    return "'\(text)' (\(JSONText.codePoint(scalar.value)))"
  }
}
