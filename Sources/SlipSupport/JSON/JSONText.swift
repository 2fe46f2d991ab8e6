/// Helpers of the reader that messages and locations share: byte-order marks, UTF-8, code
/// points and shortened text.
@usableFromInline
enum JSONText {
  @inlinable
  static func bomLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { return 3 }
    return 0
  }

  /// The length of the well-formed UTF-8 sequence that starts at `offset` (which must be in range), or nil.
  @inlinable
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

  @inlinable
  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Cuts long text for a message.
  @inlinable
  static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(37)) + "…"
  }

  /// The line and column of `offset`, counted from the start (after a BOM).
  /// Everything before a failure has been read as valid UTF-8, so counting lead bytes counts scalars.
  @inlinable
  static func location(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> JSONLocation {
    let start = JSONText.bomLength(buffer)
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
    return JSONLocation(line: line, column: column)
  }
}
