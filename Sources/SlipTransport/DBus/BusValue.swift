/// A D-Bus value, as read from a message or to be written into one.
///
/// Only what BlueZ's API uses; arrays carry their element signature so that an empty array
/// can still be written.
package indirect enum BusValue: Sendable, Equatable {
  /// `y`
  case byte(UInt8)
  /// `b`
  case bool(Bool)
  /// `n`
  case int16(Int16)
  /// `q`
  case uint16(UInt16)
  /// `i`
  case int32(Int32)
  /// `u`
  case uint32(UInt32)
  /// `x`
  case int64(Int64)
  /// `t`
  case uint64(UInt64)
  /// `d`
  case double(Double)
  /// `s`
  case string(String)
  /// `o`
  case objectPath(String)
  /// `g`
  case signature(String)
  /// `h`: a file descriptor this value owns once read (libdbus hands out a duplicate).
  case fd(Int32)
  /// `ay`, kept as bytes rather than an array of `.byte` values.
  case bytes([UInt8])
  /// `a…`: elements of signature `element`.
  case array(element: String, [BusValue])
  /// `a{…}`: entries with key and value signatures.
  case dictionary(key: String, value: String, [BusEntry])
  /// `(…)`
  case structure([BusValue])
  /// `v`
  case variant(BusValue)

  /// The value's D-Bus type signature.
  package var signature: String {
    switch self {
    case .byte: "y"
    case .bool: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .fd: "h"
    case .bytes: "ay"
    case .array(let element, _): "a" + element
    case .dictionary(let key, let value, _): "a{" + key + value + "}"
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .variant: "v"
    }
  }

  /// A string-keyed dictionary of variants, `a{sv}`, as BlueZ takes options and properties.
  package static func options(_ entries: [String: BusValue]) -> BusValue {
    .dictionary(
      key: "s", value: "v",
      entries.sorted { $0.key < $1.key }.map { BusEntry(key: .string($0.key), value: .variant($0.value)) })
  }

  // Readers: each looks through variants, so a property reads the same with or without one.

  /// The value inside any variants.
  package var unwrapped: BusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// A string, object path or signature.
  package var string: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// A boolean.
  package var bool: Bool? {
    if case .bool(let value) = unwrapped { return value }
    return nil
  }

  /// Any integer that fits an `Int`.
  package var int: Int? {
    switch unwrapped {
    case .byte(let n): Int(n)
    case .int16(let n): Int(n)
    case .uint16(let n): Int(n)
    case .int32(let n): Int(n)
    case .uint32(let n): Int(n)
    case .int64(let n): Int(n)
    case .uint64(let n): Int(exactly: n)
    default: nil
    }
  }

  /// Bytes, from `ay` (or an array of bytes).
  package var bytes: [UInt8]? {
    switch unwrapped {
    case .bytes(let bytes): return bytes
    case .array("y", let elements):
      return elements.compactMap { if case .byte(let b) = $0 { b } else { nil } }
    default: return nil
    }
  }

  /// The strings of an `as` or `ao`.
  package var strings: [String]? {
    if case .array(_, let elements) = unwrapped { return elements.compactMap(\.string) }
    return nil
  }

  /// Elements of any array.
  package var elements: [BusValue]? {
    if case .array(_, let elements) = unwrapped { return elements }
    return nil
  }

  /// A dictionary with string (or object path) keys, such as `a{sv}` or `a{oa{sa{sv}}}`.
  package var dictionary: [String: BusValue]? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    var result: [String: BusValue] = [:]
    for entry in entries {
      if let key = entry.key.string { result[key] = entry.value }
    }
    return result
  }

  /// A dictionary with integer keys, such as `ManufacturerData`'s `a{qv}`.
  package var integerDictionary: [Int: BusValue]? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    var result: [Int: BusValue] = [:]
    for entry in entries {
      if let key = entry.key.int { result[key] = entry.value }
    }
    return result
  }
}

/// One key and value of a D-Bus dictionary.
package struct BusEntry: Sendable, Equatable {
  /// A basic value.
  package var key: BusValue
  /// Any value.
  package var value: BusValue

  /// An entry.
  package init(key: BusValue, value: BusValue) {
    self.key = key
    self.value = value
  }
}
