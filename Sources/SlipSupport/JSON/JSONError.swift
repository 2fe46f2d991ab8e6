/// A line and column in a JSON file, 1-based; the column counts Unicode scalars, so a line with
/// "é" counts it once.
public struct JSONLocation: Sendable, Equatable {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int

  /// A location at `line` and `column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// Bytes that are not valid JSON: what is wrong and where.
public struct JSONError: Error, Sendable, Equatable {
  /// What is wrong, lower-case and without a final period, e.g. "unterminated string".
  public var message: String
  /// The byte offset of the offending character, or the data's length when it ends too early.
  public var offset: Int
  /// The same place as a line and column.
  public var location: JSONLocation

  /// An error saying `message` at `offset`, which is `location`.
  public init(message: String, offset: Int, location: JSONLocation) {
    self.message = message
    self.offset = offset
    self.location = location
  }
}

/// A failure at a byte offset; turned into a line and column only when it reaches the caller.
@usableFromInline
struct JSONParseFailure: Error {
  @usableFromInline var message: String
  @usableFromInline var offset: Int

  @inlinable
  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  @inlinable
  func error(in buffer: UnsafeBufferPointer<UInt8>) -> JSONError {
    var message = message
    // A stray non-ASCII byte outside a string that is not valid UTF-8 is first of all that.
    if offset < buffer.count, buffer[offset] >= 0x80, JSONText.validUTF8Length(buffer, at: offset) == nil {
      message = "invalid UTF-8"
    }
    return JSONError(message: message, offset: offset, location: JSONText.location(of: offset, in: buffer))
  }
}
