/// The parser's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func blocksTooDeep(_ limit: Int) -> Self {
    .init(id: "E0208", .error, "blocks are nested more than \(limit) deep", label: "too deep")
  }
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
  static func expressionTooDeep(_ limit: Int) -> Self {
    .init(id: "E0211", .error, "the expression is nested more than \(limit) levels deep", label: "too deep")
  }
  static func expressionTooLong(_ limit: Int) -> Self {
    .init(id: "E0212", .error, "the expression is longer than \(limit) tokens", label: "too long")
  }
  static func interpolationInExpressionString() -> Self {
    .init(
      id: "E0209", .error, "a string inside '{{ }}' cannot contain '{{ }}'; use '+' to join values",
      label: "nested interpolation")
  }
  static func pathInterpolated(_ statement: String) -> Self {
    .init(
      id: "E0210", .error, "the path of an '\(statement)' is fixed text; it cannot contain '{{ }}'",
      label: "must be literal")
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

/// The parser's help lines, alphabetically.
extension Help {
  static func elementOfList(_ index: String) -> String { "write '[\(index)]' to take an element of a list" }
  static func feedCount() -> String { "'feed' takes a number of lines from 0, as in 'feed 2'" }
  static func printAValue(_ text: String) -> String { "write \"{{ \(text) }}\" to print a value" }
  static func rowCellsSeparated() -> String { "separate a row's cells with '|', as in 'row \"a\" | \"b\"'" }
  static func ruleCharacterQuoted() -> String { "a rule's character is quoted, as in 'rule \"-\"'" }
}

/// The parser's notes, alphabetically.
extension Note {
  static func elseIsHere(at range: SourceRange) -> Self { Note("the 'else' of this 'if' is here", at: range) }
  static func openedHere(_ keyword: String, at range: SourceRange) -> Self {
    Note("'\(keyword)' opened here", at: range)
  }
}

/// What the parser expected where it found something else, the first argument of
/// `expected(_:found:)`, alphabetically.
enum Expected {
  static let barcodeType = "a barcode type such as 'code128'"
  static let closingBraces = "'}}'"
  static let closingBracket = "']'"
  static let closingParenthesis = "')'"
  static let closingParenthesisAfterArguments = "')' after the filter's arguments"
  static let equals = "'='"
  static let expression = "an expression"
  static let filterName = "a filter name after '|'"
  static let includedFile = "the file to include, in quotes"
  static let inKeyword = "'in'"
  static let interpolatedExpression = "an expression inside '{{ }}'"
  static let loopVariable = "a loop variable"
  static let memberName = "a name after '.'"
  static let optionValue = "a value after '='"
  static let pictureFile = "the picture file, in quotes"
  static let shortNumber = "a number of at most 38 digits"
  static let statement = "a statement"
  static let string = "a string"
  static let symbolData = "the data to encode, in quotes"
  static let textToPrint = "the text to print, in quotes"
  static let value = "a value"
  static let variableName = "a variable name"
}
