// Data files through SlipSupport's reader: numbers keep every digit (through `ExactDecimal`),
// object keys keep their order, and a key given twice is an error.
import SlipSupport

/// Where in a data file something is: 1-based line and column (column counts Unicode scalars,
/// so a line with "é" counts it once).
public typealias DataLocation = JSONLocation

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

  /// A reader that allows `maxDepth` lists and objects open at once.
  public init(maxDepth: Int = 512) {
    self.maxDepth = maxDepth
  }

  /// Parses one JSON document (RFC 8259), keeping numbers exact and object keys in order.
  public func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Value {
    let result = bytes.withUnsafeBufferPointer { buffer in
      JSON.read(buffer, maxDepth: maxDepth, builder: ValueBuilder())
    }
    return try Self.value(result)
  }

  /// Parses one JSON document (RFC 8259), keeping numbers exact and object keys in order.
  public func read(_ text: String) throws(JSONSyntaxError) -> Value {
    var text = text
    let result = text.withUTF8 { buffer in
      JSON.read(buffer, maxDepth: maxDepth, builder: ValueBuilder())
    }
    return try Self.value(result)
  }

  private static func value(_ result: Result<Value, JSONError>) throws(JSONSyntaxError) -> Value {
    switch result {
    case .success(let value): return value
    case .failure(let error): throw JSONSyntaxError(message: error.message, location: error.location)
    }
  }
}

/// Builds the compiler's values: exact decimals, objects that refuse a key given twice.
private struct ValueBuilder: JSONBuilder {
  @inline(__always)
  func string(_ text: String, at offset: Int) -> Value { .string(text) }

  @inline(__always)
  func number(_ text: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> Value? {
    ExactDecimal(parsing: text).map(Value.number)
  }

  @inline(__always)
  func bool(_ value: Bool, at offset: Int) -> Value { .bool(value) }

  @inline(__always)
  func null(at offset: Int) -> Value { .null }

  @inline(__always)
  func array(_ items: [Value], at offset: Int) -> Value { .array(items) }

  @inline(__always)
  func emptyObject() -> JSONObject { JSONObject() }

  @inline(__always)
  func contains(_ key: String, in object: borrowing JSONObject) -> Bool { object[key] != nil }

  @inline(__always)
  func add(_ value: Value, forKey key: String, at offset: Int, to object: inout JSONObject) {
    // The parser asked `contains` first and refused a key given twice.
    object.append(value, forNewKey: key)
  }

  @inline(__always)
  func object(_ object: JSONObject, at offset: Int) -> Value { .object(object) }
}
