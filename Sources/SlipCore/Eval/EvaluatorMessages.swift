/// The evaluator's diagnostics, alphabetically; all are problems of the data (`E04xx`).
extension DiagnosticMessage {
  static func arithmeticOverflow() -> Self {
    .init(id: "E0406", .error, "the result is too large for an exact decimal of 38 digits", label: "overflow")
  }
  static func dataNotObject(_ kind: String) -> Self {
    .init(id: "E0421", .error, "the data must be a JSON object at the top level, not a \(kind)")
  }
  static func divisionByZero() -> Self {
    .init(id: "E0405", .error, "division by zero", label: "divisor is zero")
  }
  static func feedCount(_ value: String) -> Self {
    .init(
      id: "E0410", .error, "'feed' takes a whole number of lines from 0 to 255, not \(value)",
      label: "bad count")
  }
  static func filterFailed(_ message: String) -> Self {
    .init(id: "E0407", .error, message, label: "cannot apply")
  }
  static func indexOutOfRange(_ path: String, index: String, count: Int) -> Self {
    .init(
      id: "E0409", .error,
      "index \(index) is out of range: '\(path)' has \(count) element\(count == 1 ? "" : "s")",
      label: "out of range")
  }
  static func invalidIndex(_ what: String) -> Self {
    .init(id: "E0412", .error, "cannot index \(what)", label: "bad index")
  }
  static func invalidJSON(_ message: String) -> Self {
    .init(id: "E0420", .error, "invalid JSON: \(message)", label: "here")
  }
  static func memberOfNonObject(_ path: String, kind: String, member: String) -> Self {
    .init(
      id: "E0411", .error, "'\(path)' is a \(kind), so it has no '\(member)'", label: "not an object")
  }
  static func missingPath(_ path: String) -> Self {
    .init(id: "E0401", .error, "data path '\(path)' does not exist", label: "missing in the data")
  }
  static func notAList(_ path: String, kind: String) -> Self {
    .init(id: "E0404", .error, "'for' needs a list, but '\(path)' is a \(kind)", label: "not a list")
  }
  static func notPrintable(_ kind: String) -> Self {
    .init(id: "E0408", .error, "cannot print a \(kind) as text", label: "a \(kind)")
  }
  static func operandTypes(_ op: String, _ left: String, _ right: String) -> Self {
    .init(id: "E0403", .error, "cannot apply '\(op)' to \(left) and \(right)", label: "type mismatch")
  }
  static func symbolDataFailed(_ message: String) -> Self {
    .init(id: "E0430", .error, message, label: "cannot encode")
  }
  static func symbolDataTooWide(_ symbology: String, dots: Int, paper: Int) -> Self {
    .init(
      id: "E0431", .error,
      "with this data the \(symbology) is \(dots) dots wide, wider than the paper's \(paper)",
      label: "too wide")
  }
  static func textTooLong(_ bytes: Int, limit: Int) -> Self {
    .init(
      id: "E0442", .error,
      "with this data the text is \(bytes) bytes long; one statement prints at most \(limit)",
      label: "too long")
  }
  static func tooManyItems(_ limit: Int) -> Self {
    .init(
      id: "E0440", .error,
      "this data makes the template print more than \(limit) lines and pictures; is a loop running over the wrong list?",
      label: "stopped here")
  }
  static func tooManyIterations(_ limit: Int) -> Self {
    .init(
      id: "E0441", .error,
      "with this data the loops run more than \(limit) times in all; is a loop running over the wrong list?",
      label: "stopped here")
  }
  static func unaryOperandType(_ op: String, _ kind: String) -> Self {
    .init(id: "E0413", .error, "cannot apply '\(op)' to \(kind)", label: "type mismatch")
  }
  static func unknownName(_ name: String) -> Self {
    .init(id: "E0402", .error, "'\(name)' is not defined in the data or the template", label: "unknown name")
  }
}

/// The evaluator's notes, alphabetically.
extension Note {
  static func dataEmpty() -> Self { Note("the data is empty; pass a JSON file with --data") }
  static func emptyObject(_ holder: String) -> Self { Note("\(holder) is an empty object") }
  static func objectHas(_ holder: String, _ keys: String) -> Self { Note("\(holder) has \(keys)") }
  static func topLevelHas(_ keys: String) -> Self { Note("the data's top level has \(keys)") }
  static func valueIs(_ path: String, _ description: String, at range: SourceRange) -> Self {
    Note("'\(path)' is \(description)", at: range)
  }
}
