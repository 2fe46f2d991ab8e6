/// The parser's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func chainedComparison() -> Self {
    .init(
      id: "E0213", .error, "comparisons cannot be chained; join them with 'and', as in 'a < b and b < c'",
      label: "second comparison")
  }
  static func elseAfterElse(_ keyword: String) -> Self {
    .init(
      id: "E0214", .error,
      "'\(keyword)' after this 'if' already has its 'else'; put 'else if' branches before 'else'",
      label: "a second 'else'")
  }
  static func elseWithoutIf(_ keyword: String) -> Self {
    .init(id: "E0204", .error, "'\(keyword)' without a matching 'if'", label: "no open 'if'")
  }
  static func endWithoutBlock() -> Self {
    .init(id: "E0205", .error, "'end' without a matching 'if' or 'for'", label: "nothing to close")
  }
  static func expected(_ what: String, found: String) -> Self {
    .init(id: "E0202", .error, "expected \(what), found \(found)", label: "expected \(what)")
  }
  static func pathInterpolated(_ statement: String) -> Self {
    .init(
      id: "E0210", .error, "the path of an '\(statement)' is fixed text; it cannot contain '{{ }}'",
      label: "must be literal")
  }
  static func interpolationInExpressionString() -> Self {
    .init(
      id: "E0209", .error, "a string inside '{{ }}' cannot contain '{{ }}'; use '+' to join values",
      label: "nested interpolation")
  }
  static func blocksTooDeep(_ limit: Int) -> Self {
    .init(id: "E0208", .error, "blocks are nested more than \(limit) deep", label: "too deep")
  }
  static func expressionTooDeep(_ limit: Int) -> Self {
    .init(id: "E0211", .error, "the expression is nested more than \(limit) levels deep", label: "too deep")
  }
  static func expressionTooLong(_ limit: Int) -> Self {
    .init(id: "E0212", .error, "the expression is longer than \(limit) tokens", label: "too long")
  }
  static func rowCellNotString() -> Self {
    .init(
      id: "E0207", .error, "a row cell must be a quoted string", label: "expected a string")
  }
  static func unclosedBlock(_ keyword: String) -> Self {
    .init(id: "E0203", .error, "'\(keyword)' block is never closed; expected 'end'", label: "end of file")
  }
  static func unexpectedAfterStatement(_ found: String) -> Self {
    .init(id: "E0206", .error, "unexpected \(found) at the end of the statement", label: "unexpected")
  }
  static func unknownStatement(_ name: String) -> Self {
    .init(id: "E0201", .error, "unknown statement '\(name)'", label: "not a statement")
  }
}

/// Hints the parser adds to a diagnostic, alphabetically.
enum ParserHelp {
  static let feedCount = "'feed' takes a number of lines from 0, as in 'feed 2'"
  static let ruleCharacterQuoted = "a rule's character is quoted, as in 'rule \"-\"'"
  static let rowCellsSeparated = "separate a row's cells with '|', as in 'row \"a\" | \"b\"'"
}
