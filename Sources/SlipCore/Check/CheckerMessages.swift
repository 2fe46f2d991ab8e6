/// The checker's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func columnsTooMany(_ columns: Int, paper: String, font: String, most: Int) -> Self {
    .init(
      id: "E0312", .error,
      "\(columns) columns do not fit \(paper) paper in font \(font); it holds at most \(most)",
      label: "too many columns")
  }
  static func duplicateOption(_ name: String) -> Self {
    .init(id: "E0306", .error, "option '\(name)' is given more than once", label: "repeated")
  }
  static func filterArity(_ name: String, expected: String, got: Int) -> Self {
    .init(
      id: "E0303", .error,
      "filter '\(name)' takes \(expected), but \(got == 0 ? "none were" : "\(got) \(got == 1 ? "was" : "were")") given",
      label: "wrong number of arguments")
  }
  static func headerNotFirst(_ kind: String) -> Self {
    .init(
      id: "E0308", .error, "'\(kind)' must be the first statement of a template, and only once",
      label: "misplaced")
  }
  static func invalidOptionValue(_ value: String, option: String, expected: String) -> Self {
    .init(
      id: "E0304", .error, "invalid value '\(value)' for '\(option)'; expected \(expected)",
      label: "invalid value")
  }
  static func loopOutsideFor() -> Self {
    .init(id: "E0309", .error, "'loop' is only defined inside a 'for' block", label: "no enclosing 'for'")
  }
  static func missingHeader() -> Self {
    .init(
      id: "E0307", .error, "a template must start with 'receipt', which says what it prints on",
      label: "expected 'receipt' before this")
  }
  static func optionNeedsValue(_ name: String, expected: String) -> Self {
    .init(
      id: "E0305", .error, "option '\(name)' needs a value: \(name)=\(expected)", label: "missing value")
  }
  static func optionTakesNoValue(_ name: String) -> Self {
    .init(id: "E0311", .error, "option '\(name)' takes no value", label: "remove the value")
  }
  static func optionNotInterpolated(_ name: String) -> Self {
    .init(
      id: "E0313", .error, "the value of '\(name)' cannot contain '{{ }}'", label: "must be literal")
  }
  static func ruleCharacter(_ text: String) -> Self {
    .init(
      id: "E0310", .error, "a rule repeats one single-width character, not '\(text)'",
      label: "one character, like \"-\" or \"=\"")
  }
  static func unknownFilter(_ name: String) -> Self {
    .init(id: "E0302", .error, "unknown filter '\(name)'", label: "unknown filter")
  }
  static func unknownOption(_ name: String, statement: String) -> Self {
    .init(
      id: "E0301", .error, "unknown option '\(name)' for '\(statement)'", label: "unknown option")
  }
}
