// Literal conformances so an app can build data in Swift as it would write JSON:
// `let order: JSONObject = ["total": 54000, "items": [["name": "Kopi", "qty": 2]]]`.

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  /// A string value.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A whole number.
  public init(integerLiteral value: Int) { self = .number(ExactDecimal(value)) }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A list.
  public init(arrayLiteral elements: Value...) { self = .array(elements) }
  /// An object, keys in the order written.
  public init(dictionaryLiteral elements: (String, Value)...) {
    self = .object(JSONObject(pairs: elements))
  }
  /// Null.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// An object with `pairs` in order; a repeated key keeps its last value.
  public init(pairs: some Sequence<(String, Value)>) {
    self.init()
    for (key, value) in pairs { set(value, forKey: key) }
  }

  /// An object, keys in the order written.
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(pairs: elements)
  }
}
