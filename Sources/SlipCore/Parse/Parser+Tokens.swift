// Moving over the tokens, skipping after errors, and reporting.
extension Parser {
  var current: Token { tokens[index] }
  var peek: Token { tokens[min(index + 1, tokens.count - 1)] }
  var atEnd: Bool { current.kind == .end }
  /// A name after `feed` is a count unless it is followed by `=` (an option).
  var peekIsNotOption: Bool { !peek.isSymbol("=") }

  mutating func advance() {
    expressionTokens += 1
    if index < tokens.count - 1 { index += 1 }
  }

  mutating func consumeSymbol(_ symbol: String) -> Bool {
    guard current.isSymbol(symbol) else { return false }
    advance()
    return true
  }

  /// Skips blank lines; true when it skipped any.
  mutating func skipNewlines() -> Bool {
    var skipped = false
    while current.kind == .newline {
      advance()
      skipped = true
    }
    return skipped
  }

  mutating func skipLine() {
    while current.kind != .newline, !atEnd { advance() }
  }

  /// Reports what is left on the line after a statement; `keyword` names the statement, for a
  /// hint at what was meant (`rule -`, `feed -1`, `row "a" "b"` are common slips).
  mutating func expectEndOfStatement(after keyword: String = "") {
    guard current.kind != .newline, !atEnd else { return }
    var help: [String] = []
    switch keyword {
    case "rule": help.append(Help.ruleCharacterQuoted())
    case "feed" where current.isSymbol("-"): help.append(Help.feedCount())
    case "row":
      if case .string = current.kind { help.append(Help.rowCellsSeparated()) }
    default: break
    }
    diagnostics.append(
      Diagnostic(.unexpectedAfterStatement(describe(current)), at: current.range, help: help))
    skipLine()
  }

  func span(from token: Token) -> SourceRange {
    let last = tokens[max(0, index - 1)]
    return token.range.union(last.range)
  }

  func describe(_ token: Token) -> String {
    switch token.kind {
    case .newline: "end of line"
    case .end: token.text == "}}" ? "'}}'" : "end of file"
    case .string: "a string"
    case .number: "number '\(token.text)'"
    default: "'\(token.text)'"
    }
  }

  mutating func report(_ message: DiagnosticMessage, at range: SourceRange) {
    diagnostics.append(Diagnostic(message, at: range))
  }
}
