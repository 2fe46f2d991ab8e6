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
public struct JSONObject: Sendable, Equatable {
  /// The keys in source order.
  public private(set) var keys: [String] = []
  private var storage: [String: Value] = [:]

  /// An empty object.
  public init() {}

  /// The value under `key`, if any.
  public subscript(key: String) -> Value? {
    storage[key]
  }

  /// Sets `value` under `key`, appending the key if it is new.
  public mutating func set(_ value: Value, forKey key: String) {
    if storage.updateValue(value, forKey: key) == nil {
      keys.append(key)
    }
  }

  /// The number of members.
  public var count: Int { keys.count }
}
