import SlipSupport

/// An object key with where it is.
struct JSONKey: Sendable, Equatable {
  var text: String
  /// The byte offset of its opening quote.
  var offset: Int
}

/// A JSON value with where it is, members kept in file order. Numbers are whole: profiles have
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
  /// The byte offset where it starts; ``JSON/location(of:in:)`` makes it a line and column
  /// when an error needs one.
  var offset: Int
}

/// Reads a profile file with SlipSupport's reader into values that know where they are.
struct JSONReader {
  private let bytes: [UInt8]
  private let source: String

  init(bytes: [UInt8], source: String) {
    self.bytes = bytes
    self.source = source
  }

  /// The one value the file holds.
  func document() throws(PrinterProfileError) -> JSONValue {
    do throws(JSONError) {
      // Profiles are a few levels deep; 64 is far more than any needs.
      return try JSON.read(bytes, maxDepth: 64, builder: LocatedBuilder())
    } catch {
      throw PrinterProfileError(
        source: source, line: error.location.line, column: error.location.column, field: "",
        message: error.message)
    }
  }
}

/// Builds ``JSONValue``s. Keys given twice are left to the profile reader, which names the field.
private struct LocatedBuilder: JSONBuilder {
  func string(_ text: String, at offset: Int) -> JSONValue { JSONValue(kind: .string(text), offset: offset) }

  func number(_ text: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> JSONValue? {
    let digits = String(decoding: text, as: UTF8.self)
    // Whole numbers that fit a profile; anything else is kept as text, to be reported as the
    // wrong type where a whole number belongs.
    if let value = Int(digits), abs(value) < 1 << 40 {
      return JSONValue(kind: .number(value), offset: offset)
    }
    return JSONValue(kind: .fraction(digits), offset: offset)
  }

  func bool(_ value: Bool, at offset: Int) -> JSONValue { JSONValue(kind: .bool(value), offset: offset) }

  func null(at offset: Int) -> JSONValue { JSONValue(kind: .null, offset: offset) }

  func array(_ items: [JSONValue], at offset: Int) -> JSONValue {
    JSONValue(kind: .array(items), offset: offset)
  }

  func emptyObject() -> [(key: JSONKey, value: JSONValue)] { [] }

  func contains(_ key: String, in object: borrowing [(key: JSONKey, value: JSONValue)]) -> Bool { false }

  func add(
    _ value: JSONValue, forKey key: String, at offset: Int,
    to object: inout [(key: JSONKey, value: JSONValue)]
  ) {
    object.append((JSONKey(text: key, offset: offset), value))
  }

  func object(_ object: [(key: JSONKey, value: JSONValue)], at offset: Int) -> JSONValue {
    JSONValue(kind: .object(object), offset: offset)
  }
}
