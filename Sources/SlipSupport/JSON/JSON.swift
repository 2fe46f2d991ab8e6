// One strict JSON reader (RFC 8259) for everything Slip reads as JSON: data files, records and
// printer profiles. It works on the UTF-8 bytes without Foundation, keeps object members in
// order and numbers as their text (the builder decides what they become), and says what is
// wrong and where, in words a designer with a broken file can act on. Line and column are only
// worked out when something is wrong, or when a caller asks for one.

/// Reading JSON documents and locating places in them.
public enum JSON {
  /// Reads the one JSON document `buffer` holds, at most `maxDepth` lists and objects deep, with
  /// `builder` making its values.
  @inlinable
  public static func read<Builder: JSONBuilder>(
    _ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, builder: Builder
  ) -> Result<Builder.Value, JSONError> {
    var parser = JSONParser(buffer, maxDepth: maxDepth, builder: builder)
    do {
      return .success(try parser.parseDocument())
    } catch {
      return .failure(error.error(in: buffer))
    }
  }

  /// Reads the one JSON document `bytes` hold; see ``read(_:maxDepth:builder:)``.
  @inlinable
  public static func read<Builder: JSONBuilder>(
    _ bytes: [UInt8], maxDepth: Int, builder: Builder
  ) throws(JSONError) -> Builder.Value {
    try bytes.withUnsafeBufferPointer { read($0, maxDepth: maxDepth, builder: builder) }.get()
  }

  /// The line and column of byte `offset` in `bytes`, counted after a byte-order mark.
  public static func location(of offset: Int, in bytes: [UInt8]) -> JSONLocation {
    bytes.withUnsafeBufferPointer { JSONText.location(of: offset, in: $0) }
  }
}
