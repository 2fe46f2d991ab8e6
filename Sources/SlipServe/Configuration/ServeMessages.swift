import SlipCore

// The service's messages (`E10xx`: the configuration file of `slip serve`), alphabetical.
extension DiagnosticMessage {
  /// A `to` that is no destination `--to` takes.
  static func badDestination(_ reason: String) -> Self {
    Self(id: "E1007", .error, reason, label: "not a destination")
  }

  /// A printer ID that cannot name a printer in paths and queries.
  static func badPrinterID(_ id: String) -> Self {
    Self(
      id: "E1010", .error,
      "printer ID '\(id)' must be 1 to 64 lower-case letters, digits, '-' or '_'", label: "printer ID")
  }

  /// A `printer` that is neither a built-in profile nor a readable profile file.
  static func badProfile(_ reason: String) -> Self {
    Self(id: "E1008", .error, reason, label: "printer profile")
  }

  /// A file or folder the configuration names that is not there.
  static func configPathMissing(_ what: String, _ path: String) -> Self {
    Self(id: "E1006", .error, "the \(what) '\(path)' does not exist", label: "not found")
  }

  /// The configuration file cannot be read.
  static func configUnreadable(_ reason: String) -> Self {
    Self(id: "E1011", .error, reason)
  }

  /// A field given twice in one object.
  static func duplicateField(_ field: String) -> Self {
    Self(id: "E1012", .error, "'\(field)' is given twice", label: "again")
  }

  /// A field the configuration needs and does not have.
  static func missingField(_ field: String, in object: String) -> Self {
    Self(id: "E1005", .error, "\(object) needs '\(field)'", label: "here")
  }

  /// The configuration file is not JSON.
  static func notJSON(_ reason: String) -> Self {
    Self(id: "E1001", .error, "the configuration is not JSON: \(reason)")
  }

  /// A number outside what the field takes.
  static func outOfRange(_ field: String, _ range: ClosedRange<Int>) -> Self {
    Self(
      id: "E1009", .error,
      "'\(field)' must be a whole number from \(range.lowerBound) to \(range.upperBound)",
      label: "out of range")
  }

  /// The whole configuration is not an object.
  static func rootNotObject(_ what: String) -> Self {
    Self(id: "E1002", .error, "the configuration must be a JSON object, not \(what)", label: "not an object")
  }

  /// A field that is not one the configuration has; `suggestion` is the closest known one.
  static func unknownField(_ field: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return Self(id: "E1003", .error, "unknown field '\(field)'\(hint)", label: "unknown field")
  }

  /// A field of the wrong type.
  static func wrongType(_ field: String, expected: String, found: String) -> Self {
    Self(id: "E1004", .error, "'\(field)' must be \(expected), not \(found)", label: "expected \(expected)")
  }
}
