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
/// objects also keep a dictionary from key to position. Keys and values are kept together in
/// one array, so a small object is one allocation, made room for four members at once.
public struct JSONObject: Sendable, Equatable {
  /// One key and its value.
  private struct Member: Sendable, Equatable {
    var key: String
    var value: Value
  }

  private var members: [Member] = []
  private var index: [String: Int]?
  private static let indexThreshold = 8
  /// The room the first member makes: an item's fields without growing the array again.
  private static let firstCapacity = 4

  /// An empty object.
  public init() {}

  /// The keys in source order.
  public var keys: [String] { members.map { $0.key } }

  /// The value under `key`, if any.
  public subscript(key: String) -> Value? {
    position(of: key).map { members[$0].value }
  }

  /// Sets `value` under `key`, appending the key if it is new.
  public mutating func set(_ value: Value, forKey key: String) {
    if let position = position(of: key) {
      members[position].value = value
      return
    }
    append(value, forNewKey: key)
  }

  /// Adds `value` under `key`, which the object must not have yet: the JSON reader has just
  /// looked for it, to refuse a key given twice, and need not look again.
  mutating func append(_ value: Value, forNewKey key: String) {
    if members.isEmpty { members.reserveCapacity(Self.firstCapacity) }
    members.append(Member(key: key, value: value))
    if index != nil {
      index?[key] = members.count - 1
    } else if members.count > Self.indexThreshold {
      var keys: [String: Int] = [:]
      keys.reserveCapacity(members.count * 2)
      for (position, member) in members.enumerated() { keys[member.key] = position }
      index = keys
    }
  }

  /// The number of members.
  public var count: Int { members.count }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    for position in members.indices where members[position].key == key { return position }
    return nil
  }

  /// Equal when they have the same members, whatever their order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
  }
}
