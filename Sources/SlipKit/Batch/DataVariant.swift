import SlipCore

/// A record with its values changed, to tell which parts of a label come from the data.
///
/// Every letter moves one along the alphabet and (in the first mode) every digit one along the
/// digits, so texts keep their length and shape; numbers grow by one. Booleans stay: changing
/// them would change which parts print, not what they say.
struct DataVariant {
  enum Mode {
    case lettersAndDigits
    case letters
  }

  var mode: Mode
  /// Another record: values equal to its values at the same place are kept as they are.
  var keeping: JSONObject?

  init(mode: Mode, keeping: JSONObject? = nil) {
    self.mode = mode
    self.keeping = keeping
  }

  func changed(_ object: JSONObject) -> JSONObject {
    changed(object, keeping: keeping)
  }

  private func changed(_ object: JSONObject, keeping other: JSONObject?) -> JSONObject {
    var out = JSONObject()
    for key in object.keys {
      if let value = object[key] { out.set(changed(value, keeping: other?[key]), forKey: key) }
    }
    return out
  }

  private func changed(_ value: Value, keeping other: Value?) -> Value {
    if let other, other == value { return value }
    switch value {
    case .string(let text):
      return .string(changed(text))
    case .number(let number):
      return .number((try? number.adding(ExactDecimal(1))) ?? number)
    case .array(let items):
      var others: [Value]?
      if case .array(let list) = other, list.count == items.count { others = list }
      return .array(items.enumerated().map { changed($1, keeping: others?[$0]) })
    case .object(let object):
      var inner: JSONObject?
      if case .object(let otherObject) = other { inner = otherObject }
      return .object(changed(object, keeping: inner))
    case .null, .bool:
      return value
    }
  }

  private func changed(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let next: UInt32 =
        switch value {
        case 0x41..<0x5A, 0x61..<0x7A: value + 1
        case 0x5A, 0x7A: value - 25
        case 0x30..<0x39 where mode == .lettersAndDigits: value + 1
        case 0x39 where mode == .lettersAndDigits: 0x30
        default: value
        }
      out.append(Unicode.Scalar(next) ?? scalar)
    }
    return String(out)
  }
}
