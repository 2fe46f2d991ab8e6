/// Builds the AST from tokens; every problem becomes a diagnostic and parsing resumes at the
/// next line, so one run reports everything.
public struct Parser {
  /// The statement keywords, for "did you mean".
  static let statementKeywords = [
    "receipt", "text", "row", "rule", "feed", "cut", "drawer", "for", "if", "else", "end", "set",
    "table", "include", "image", "qr", "barcode", "label", "box", "line", "circle", "ellipse",
    "columns", "column",
  ]

  var tokens: [Token]
  var index = 0
  var diagnostics: [Diagnostic] = []
  /// Whether the template's header is `label`: there `box` is a shape, not a frame.
  var isLabel = false
  /// Blocks open around the current statement.
  var blockDepth = 0
  /// Nested parentheses, `not`s and minus signs being parsed.
  var nesting = 0
  /// Tokens consumed by the current top-level expression.
  var expressionTokens = 0
  /// Limits that keep every later stage's recursion (and the stack) bounded; real templates
  /// stay far below them.
  let maxBlockDepth = 64
  let maxExpressionDepth = 100
  let maxExpressionTokens = 2000

  /// A parser over `tokens`, which end with an `.end` token.
  public init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// The template and the problems found.
  public mutating func parse() -> (template: Template, diagnostics: [Diagnostic]) {
    var statements: [Statement] = []
    while !atEnd {
      if skipNewlines() { continue }
      if let terminator = blockTerminator() {
        report(
          terminator == "end" ? .endWithoutBlock() : .elseWithoutIf(terminator), at: current.range)
        skipLine()
        continue
      }
      if let statement = parseStatement() { statements.append(statement) }
    }
    return (Template(statements: statements), diagnostics)
  }

}
