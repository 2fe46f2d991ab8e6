/// A value a template works with: JSON data, literals and the results of expressions.
public enum Value: Sendable, Equatable {
  case null
  case bool(Bool)
  /// An exact decimal, taken digit for digit from the JSON text or the template.
  case number(ExactDecimal)
  case string(String)
  case array([Value])
  case object(JSONObject)

  /// The name of this value's kind, as messages show it.
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "list"
    case .object: "object"
    }
  }

  /// Whether an `if` takes this value as true: false, null, zero, "" and empty lists are false.
  public var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let b): b
    case .number(let n): !n.isZero
    case .string(let s): !s.isEmpty
    case .array(let a): !a.isEmpty
    case .object: true
    }
  }
}

/// A JSON object that keeps its keys in the order the data file wrote them.
///
/// Receipt data is mostly small objects (an item's name, qty and price): up to
/// `indexThreshold` keys are found by comparing strings, which beats hashing them; larger
/// objects also keep a dictionary from key to position.
public struct JSONObject: Sendable, Equatable {
  /// The keys in source order.
  public private(set) var keys: [String] = []
  private var values: [Value] = []
  private var index: [String: Int]?
  private static let indexThreshold = 8

  /// An empty object.
  public init() {}

  /// The value under `key`, if any.
  public subscript(key: String) -> Value? {
    position(of: key).map { values[$0] }
  }

  /// Sets `value` under `key`, appending the key if it is new.
  public mutating func set(_ value: Value, forKey key: String) {
    if let position = position(of: key) {
      values[position] = value
      return
    }
    keys.append(key)
    values.append(value)
    if index != nil {
      index?[key] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      index = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
    }
  }

  /// The number of members.
  public var count: Int { keys.count }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  /// Equal when they have the same members, whatever their order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && lhs.keys.allSatisfy { lhs[$0] == rhs[$0] }
  }
}
