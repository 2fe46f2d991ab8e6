import SlipSupport

/// A JSON value that knows where it is in its document, for messages that point at it: the
/// configuration file's fields and a request body's members. Read by SlipSupport's reader.
struct LocatedJSON: Sendable {
  /// What the value is; numbers keep their text, as written.
  enum Kind: Sendable {
    case object([(key: String, keyOffset: Int, value: LocatedJSON)])
    case array([LocatedJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
  }

  var kind: Kind
  /// The byte offset of its first character.
  var offset: Int

  /// The one value `bytes` hold, at most `maxDepth` levels deep (a configuration needs a few; a
  /// request body carries data, which the data reader itself allows 512 deep).
  static func read(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONError) -> LocatedJSON {
    try JSON.read(bytes, maxDepth: maxDepth, builder: Builder())
  }

  /// The member `key` of an object (the first, if given twice).
  subscript(_ key: String) -> LocatedJSON? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// What kind of value it is, in words: "a string", "an object".
  var what: String {
    switch kind {
    case .object: "an object"
    case .array: "a list"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }

  /// The offset one past the value that starts at `offset` in `bytes`, which hold valid JSON
  /// (as the reader has checked): strings skipped with their escapes, lists and objects to
  /// their matching bracket.
  static func end(of offset: Int, in bytes: [UInt8]) -> Int {
    var index = offset
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        if depth == 0 { return min(index, bytes.count) }
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index + 1 }
      case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        // A scalar (number, true, false, null) ends at the first delimiter after it.
        if depth == 0, index > offset { return index }
      default:
        break
      }
      index += 1
    }
    return bytes.count
  }
}

/// Builds ``LocatedJSON``; keys given twice are left to the caller, which names the field.
private struct Builder: JSONBuilder {
  typealias Members = [(key: String, keyOffset: Int, value: LocatedJSON)]

  func string(_ text: String, at offset: Int) -> LocatedJSON {
    LocatedJSON(kind: .string(text), offset: offset)
  }

  func number(_ text: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> LocatedJSON? {
    LocatedJSON(kind: .number(String(decoding: text, as: UTF8.self)), offset: offset)
  }

  func bool(_ value: Bool, at offset: Int) -> LocatedJSON { LocatedJSON(kind: .bool(value), offset: offset) }

  func null(at offset: Int) -> LocatedJSON { LocatedJSON(kind: .null, offset: offset) }

  func array(_ items: [LocatedJSON], at offset: Int) -> LocatedJSON {
    LocatedJSON(kind: .array(items), offset: offset)
  }

  func emptyObject() -> Members { [] }

  func contains(_ key: String, in object: borrowing Members) -> Bool { false }

  func add(_ value: LocatedJSON, forKey key: String, at offset: Int, to object: inout Members) {
    object.append((key, offset, value))
  }

  func object(_ object: Members, at offset: Int) -> LocatedJSON {
    LocatedJSON(kind: .object(object), offset: offset)
  }
}
