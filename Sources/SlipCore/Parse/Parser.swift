/// Builds the AST from tokens; every problem becomes a diagnostic and parsing resumes at the
/// next line, so one run reports everything.
public struct Parser {
  /// The statement keywords, for "did you mean".
  static let statementKeywords = [
    "receipt", "text", "row", "rule", "feed", "cut", "drawer", "for", "if", "else", "end", "set",
    "table", "include", "image", "qr", "barcode", "label", "box", "line", "circle",
  ]

  private var tokens: [Token]
  private var index = 0
  private var diagnostics: [Diagnostic] = []
  /// Blocks open around the current statement.
  private var blockDepth = 0
  /// Nested parentheses, `not`s and minus signs being parsed.
  private var nesting = 0
  /// Tokens consumed by the current top-level expression.
  private var expressionTokens = 0
  /// Limits that keep every later stage's recursion (and the stack) bounded; real templates
  /// stay far below them.
  private let maxBlockDepth = 64
  private let maxExpressionDepth = 100
  private let maxExpressionTokens = 2000

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

  // MARK: Statements

  private mutating func parseStatement() -> Statement? {
    let keyword = current
    guard keyword.kind == .identifier else {
      report(.expected("a statement", found: describe(keyword)), at: keyword.range)
      skipLine()
      return nil
    }
    advance()
    let statement: Statement?
    switch keyword.text {
    case "receipt", "label":
      let options = parseOptions()
      statement = .receipt(HeaderStatement(kind: keyword.text, options: options, range: span(from: keyword)))
    case "text":
      guard let content = parseTextTemplate(what: "the text to print, in quotes") else { return nil }
      let options = parseOptions()
      statement = .text(TextStatement(content: content, options: options, range: span(from: keyword)))
    case "row":
      statement = parseRow(keyword)
    case "rule":
      var character: TextTemplate?
      if case .string = current.kind { character = parseTextTemplate(what: "a string") }
      let options = parseOptions()
      statement = .rule(RuleStatement(character: character, options: options, range: span(from: keyword)))
    case "feed":
      var lines: Expression?
      if current.kind == .number || current.kind == .identifier && peekIsNotOption {
        lines = parsePrimary()
      }
      let options = parseOptions()
      statement = .feed(FeedStatement(lines: lines, options: options, range: span(from: keyword)))
    case "box", "line", "circle":
      statement = .shape(
        ShapeStatement(kind: keyword.text, options: parseOptions(), range: span(from: keyword)))
    case "cut":
      statement = .cut(CutStatement(options: parseOptions(), range: span(from: keyword)))
    case "drawer":
      statement = .drawer(DrawerStatement(options: parseOptions(), range: span(from: keyword)))
    case "set":
      statement = parseSet(keyword)
    case "include", "image":
      let what = keyword.text == "image" ? "the picture file, in quotes" : "the file to include, in quotes"
      guard let path = parseTextTemplate(what: what) else { return nil }
      guard let literal = path.literalText else {
        report(.pathInterpolated(keyword.text), at: path.range)
        skipLine()
        return nil
      }
      if keyword.text == "image" {
        let options = parseOptions()
        statement = .image(
          ImageStatement(path: literal, pathRange: path.range, options: options, range: span(from: keyword)))
      } else {
        statement = .include(
          IncludeStatement(path: literal, pathRange: path.range, range: span(from: keyword)))
      }
    case "qr", "barcode":
      var symbology = keyword.text
      var symbologyRange = keyword.range
      if keyword.text == "barcode" {
        guard current.kind == .identifier || current.kind == .dimension else {
          report(.expected("a barcode type such as 'code128'", found: describe(current)), at: current.range)
          skipLine()
          return nil
        }
        symbology = current.text
        symbologyRange = current.range
        advance()
      }
      guard let content = parseTextTemplate(what: "the data to encode, in quotes") else { return nil }
      let options = parseOptions()
      statement = .symbol(
        SymbolStatement(
          symbology: symbology, symbologyRange: symbologyRange, content: content, options: options,
          range: span(from: keyword)))
    case "table":
      let options = parseOptions()
      expectEndOfStatement()
      let header = span(from: keyword)
      guard let body = parseBlock(opener: keyword, allowElse: false).body else { return nil }
      return .table(TableStatement(options: options, body: body, range: header))
    case "for":
      return parseFor(keyword)
    case "if":
      return parseIf(keyword)
    default:
      let (help, fixIts) = Suggestion.didYouMean(keyword.text, at: keyword.range, in: Self.statementKeywords)
      diagnostics.append(
        Diagnostic(.unknownStatement(keyword.text), at: keyword.range, help: help, fixIts: fixIts))
      skipLine()
      return nil
    }
    expectEndOfStatement()
    return statement
  }

  private mutating func parseRow(_ keyword: Token) -> Statement? {
    var cells: [TextTemplate] = []
    repeat {
      guard case .string = current.kind else {
        var help: [String] = []
        if current.kind == .identifier || current.kind == .number {
          help.append("write \"{{ \(current.text) }}\" to print a value")
        }
        diagnostics.append(Diagnostic(.rowCellNotString(), at: current.range, help: help))
        skipLine()
        return nil
      }
      if let cell = parseTextTemplate(what: "a string") { cells.append(cell) }
    } while consumeSymbol("|")
    let options = parseOptions()
    return .row(RowStatement(cells: cells, options: options, range: span(from: keyword)))
  }

  private mutating func parseSet(_ keyword: Token) -> Statement? {
    let name = current
    guard name.kind == .identifier else {
      report(.expected("a variable name", found: describe(name)), at: name.range)
      skipLine()
      return nil
    }
    advance()
    guard consumeSymbol("=") else {
      report(.expected("'='", found: describe(current)), at: current.range)
      skipLine()
      return nil
    }
    guard let value = parseExpression() else {
      skipLine()
      return nil
    }
    return .set(
      SetStatement(name: name.text, nameRange: name.range, value: value, range: span(from: keyword)))
  }

  private mutating func parseFor(_ keyword: Token) -> Statement? {
    let variable = current
    guard variable.kind == .identifier else {
      report(.expected("a loop variable", found: describe(variable)), at: variable.range)
      skipBlock(opener: keyword)
      return nil
    }
    advance()
    guard current.isIdentifier("in") else {
      report(.expected("'in'", found: describe(current)), at: current.range)
      skipBlock(opener: keyword)
      return nil
    }
    advance()
    let sequence = parseExpression()
    finishHeader(parsed: sequence != nil)
    let header = span(from: keyword)
    guard let body = parseBlock(opener: keyword, allowElse: false).body else { return nil }
    guard let sequence else { return nil }
    return .forEach(
      ForStatement(
        variable: variable.text, variableRange: variable.range, sequence: sequence, body: body,
        range: header))
  }

  private mutating func parseIf(_ keyword: Token) -> Statement? {
    var branches: [IfStatement.Branch] = []
    var elseBody: [Statement]?
    var opener = keyword
    var failed = false
    while true {
      let condition = parseExpression()
      finishHeader(parsed: condition != nil)
      let header = span(from: opener)
      let (body, terminator) = parseBlock(opener: keyword, allowElse: elseBody == nil)
      guard let body else { return nil }
      if let condition {
        branches.append(IfStatement.Branch(condition: condition, body: body, range: header))
      } else {
        failed = true
      }
      guard let terminator, terminator.isIdentifier("else") else { break }
      // `else if …` continues the chain; a bare `else` takes the rest up to `end`.
      if current.isIdentifier("if") {
        opener = terminator
        advance()
        continue
      }
      expectEndOfStatement()
      let (rest, _) = parseBlock(opener: keyword, allowElse: false, after: terminator)
      guard let rest else { return nil }
      elseBody = rest
      break
    }
    guard !failed, !branches.isEmpty else { return nil }
    return .conditional(IfStatement(branches: branches, elseBody: elseBody))
  }

  /// Statements up to `end` (or `else` when allowed); at the end of the file, the statements
  /// read so far and no terminator (the error is reported). Nil only past the nesting limit.
  /// `after` is the `else` whose statements these are, so a second `else` says so.
  private mutating func parseBlock(opener: Token, allowElse: Bool, after elseToken: Token? = nil) -> (
    body: [Statement]?, terminator: Token?
  ) {
    blockDepth += 1
    defer { blockDepth -= 1 }
    if blockDepth > maxBlockDepth {
      report(.blocksTooDeep(maxBlockDepth), at: opener.range)
      skipNestedBlocks()
      return (nil, nil)
    }
    var body: [Statement] = []
    while true {
      if skipNewlines() { continue }
      if atEnd {
        diagnostics.append(
          Diagnostic(
            .unclosedBlock(opener.text), at: current.range,
            notes: [Note("'\(opener.text)' opened here", at: opener.range)]))
        // The statements read so far still get checked.
        return (body, nil)
      }
      if let terminator = blockTerminator() {
        let token = current
        if terminator == "end" {
          advance()
          expectEndOfStatement()
          return (body, token)
        }
        if allowElse {
          advance()
          return (body, token)
        }
        if let elseToken {
          diagnostics.append(
            Diagnostic(
              .elseAfterElse(terminator), at: token.range,
              notes: [Note("the 'else' of this 'if' is here", at: elseToken.range)]))
        } else {
          report(.elseWithoutIf(terminator), at: token.range)
        }
        skipLine()
        continue
      }
      if let statement = parseStatement() { body.append(statement) }
    }
  }

  /// `end`, `else` or `else if` at the start of a line.
  private func blockTerminator() -> String? {
    if current.isIdentifier("end") { return "end" }
    if current.isIdentifier("else") {
      return peek.isIdentifier("if") ? "else if" : "else"
    }
    return nil
  }

  // MARK: Options and text

  /// `name` or `name=value` pairs up to the end of the line.
  private mutating func parseOptions() -> [Option] {
    var options: [Option] = []
    while current.kind == .identifier {
      let name = current
      advance()
      guard consumeSymbol("=") else {
        options.append(Option(name: name.text, nameRange: name.range, value: nil, valueRange: nil))
        continue
      }
      let valueToken = current
      var value: Option.Value?
      var valueRange = valueToken.range
      switch valueToken.kind {
      case .identifier:
        // `floyd-steinberg`: words joined by hyphens with no spaces are one value.
        var word = valueToken.text
        while peek.isSymbol("-"), peek.range.start == valueRange.end,
          index + 2 < tokens.count, tokens[index + 2].kind == .identifier,
          tokens[index + 2].range.start == peek.range.end
        {
          word += "-" + tokens[index + 2].text
          valueRange = valueRange.union(tokens[index + 2].range)
          advance()
          advance()
        }
        value = .word(word)
      case .number: value = .number(valueToken.text)
      case .dimension: value = .dimension(valueToken.text)
      case .string:
        value = parseTextTemplate(what: "a value").map(Option.Value.string)
        options.append(Option(name: name.text, nameRange: name.range, value: value, valueRange: valueRange))
        continue
      case .symbol where valueToken.text == "-" && (peek.kind == .number || peek.kind == .dimension):
        advance()
        valueRange = valueRange.union(current.range)
        value = current.kind == .number ? .number("-" + current.text) : .dimension("-" + current.text)
      default:
        report(.expected("a value after '='", found: describe(valueToken)), at: valueToken.range)
        return options
      }
      advance()
      options.append(Option(name: name.text, nameRange: name.range, value: value, valueRange: valueRange))
    }
    return options
  }

  /// A quoted string with its interpolations parsed.
  private mutating func parseTextTemplate(what: String) -> TextTemplate? {
    let token = current
    guard case .string(let literal) = token.kind else {
      report(.expected(what, found: describe(token)), at: token.range)
      skipLine()
      return nil
    }
    advance()
    var parts: [TextTemplate.Part] = []
    for part in literal.parts {
      switch part {
      case .text(let text, let range):
        parts.append(.text(text, range))
      case .interpolation(let inner, let range):
        var sub = Parser(tokens: inner)
        if let expression = sub.parseInterpolation(range: range) {
          parts.append(.expression(expression))
        }
        diagnostics += sub.diagnostics
      }
    }
    return TextTemplate(parts: parts, range: token.range)
  }

  /// The expression between `{{` and `}}`: exactly one, nothing after it.
  private mutating func parseInterpolation(range: SourceRange) -> Expression? {
    guard !atEnd else {
      report(.expected("an expression inside '{{ }}'", found: "'}}'"), at: range)
      return nil
    }
    let expression = parseExpression()
    if expression != nil, !atEnd {
      report(.expected("'}}'", found: describe(current)), at: current.range)
    }
    return expression
  }

  // MARK: Expressions

  /// `pipeline = or { "|" filter }`: filters bind loosest, so `a * b | rupiah` formats the product.
  mutating func parseExpression() -> Expression? {
    expressionTokens = 0
    return parsePipeline()
  }

  private mutating func parsePipeline() -> Expression? {
    guard enterNesting(at: current.range) else { return nil }
    defer { nesting -= 1 }
    guard var value = parseOr() else { return nil }
    while consumeSymbol("|") {
      let name = current
      guard name.kind == .identifier else {
        report(.expected("a filter name after '|'", found: describe(name)), at: name.range)
        return nil
      }
      advance()
      var arguments: [Expression] = []
      var end = name.range
      if current.isSymbol("(") {
        advance()
        if !current.isSymbol(")") {
          repeat {
            guard let argument = parseOr() else { return nil }
            arguments.append(argument)
          } while consumeSymbol(",")
        }
        guard current.isSymbol(")") else {
          report(.expected("')' after the filter's arguments", found: describe(current)), at: current.range)
          return nil
        }
        end = current.range
        advance()
      }
      guard
        let next = node(
          .filter(value, FilterCall(name: name.text, nameRange: name.range, arguments: arguments)),
          value.range.union(end))
      else { return nil }
      value = next
    }
    return value
  }

  private mutating func parseOr() -> Expression? {
    guard var left = parseAnd() else { return nil }
    while current.isIdentifier("or") {
      advance()
      guard let right = parseAnd() else { return nil }
      guard let next = node(.binary(.or, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  private mutating func parseAnd() -> Expression? {
    guard var left = parseNot() else { return nil }
    while current.isIdentifier("and") {
      advance()
      guard let right = parseNot() else { return nil }
      guard let next = node(.binary(.and, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  private mutating func parseNot() -> Expression? {
    guard current.isIdentifier("not") else { return parseComparison() }
    let keyword = current
    advance()
    guard enterNesting(at: keyword.range) else { return nil }
    defer { nesting -= 1 }
    guard let operand = parseNot() else { return nil }
    return node(.unary(.not, operand), keyword.range.union(operand.range))
  }

  private mutating func parseComparison() -> Expression? {
    guard let left = parseAdditive() else { return nil }
    let operators: [String: BinaryOperator] = [
      "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater,
      ">=": .greaterOrEqual,
    ]
    guard current.kind == .symbol, let op = operators[current.text] else { return left }
    advance()
    guard let right = parseAdditive() else { return nil }
    if current.kind == .symbol, operators[current.text] != nil {
      report(.chainedComparison(), at: current.range)
      return nil
    }
    return node(.binary(op, left, right), left.range.union(right.range))
  }

  private mutating func parseAdditive() -> Expression? {
    guard var left = parseMultiplicative() else { return nil }
    while current.isSymbol("+") || current.isSymbol("-") {
      let op: BinaryOperator = current.text == "+" ? .add : .subtract
      advance()
      guard let right = parseMultiplicative() else { return nil }
      guard let next = node(.binary(op, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  private mutating func parseMultiplicative() -> Expression? {
    guard var left = parseUnary() else { return nil }
    while current.isSymbol("*") || current.isSymbol("/") || current.isSymbol("%") {
      let op: BinaryOperator =
        switch current.text {
        case "*": .multiply
        case "/": .divide
        default: .remainder
        }
      advance()
      guard let right = parseUnary() else { return nil }
      guard let next = node(.binary(op, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  private mutating func parseUnary() -> Expression? {
    guard current.isSymbol("-") else { return parsePostfix() }
    let minus = current
    advance()
    guard enterNesting(at: minus.range) else { return nil }
    defer { nesting -= 1 }
    guard let operand = parseUnary() else { return nil }
    return node(.unary(.negate, operand), minus.range.union(operand.range))
  }

  private mutating func parsePostfix() -> Expression? {
    guard var value = parsePrimary() else { return nil }
    while true {
      if current.isSymbol(".") {
        advance()
        let member = current
        guard member.kind == .identifier else {
          var help: [String] = []
          if member.kind == .number { help.append("write '[\(member.text)]' to take an element of a list") }
          diagnostics.append(
            Diagnostic(.expected("a name after '.'", found: describe(member)), at: member.range, help: help))
          return nil
        }
        advance()
        guard let next = node(.member(value, member.text), value.range.union(member.range)) else {
          return nil
        }
        value = next
      } else if current.isSymbol("[") {
        advance()
        guard let subscriptValue = parsePipeline() else { return nil }
        guard current.isSymbol("]") else {
          report(.expected("']'", found: describe(current)), at: current.range)
          return nil
        }
        guard let next = node(.index(value, subscriptValue), value.range.union(current.range)) else {
          return nil
        }
        value = next
        advance()
      } else {
        return value
      }
    }
  }

  private mutating func parsePrimary() -> Expression? {
    let token = current
    guard expressionTokens <= maxExpressionTokens else {
      report(.expressionTooLong(maxExpressionTokens), at: token.range)
      skipLine()
      return nil
    }
    switch token.kind {
    case .number:
      advance()
      guard let number = ExactDecimal(token.text) else {
        report(.expected("a number of at most 38 digits", found: describe(token)), at: token.range)
        return nil
      }
      return Expression(.number(number), token.range)
    case .string(let literal):
      advance()
      var text = ""
      for part in literal.parts {
        switch part {
        case .text(let piece, _): text += piece
        case .interpolation(_, let range):
          report(.interpolationInExpressionString(), at: range)
          return nil
        }
      }
      return Expression(.string(text), token.range)
    case .identifier:
      advance()
      switch token.text {
      case "true": return Expression(.boolean(true), token.range)
      case "false": return Expression(.boolean(false), token.range)
      case "null": return Expression(.null, token.range)
      default: return Expression(.name(token.text), token.range)
      }
    case .symbol where token.text == "(":
      advance()
      guard let inner = parsePipeline() else { return nil }
      guard current.isSymbol(")") else {
        report(.expected("')'", found: describe(current)), at: current.range)
        return nil
      }
      let range = token.range.union(current.range)
      advance()
      return Expression(inner.kind, range)
    default:
      report(.expected("an expression", found: describe(token)), at: token.range)
      return nil
    }
  }

  /// An expression node, unless the tree gets deeper than later stages may recurse.
  private mutating func node(_ kind: Expression.Kind, _ range: SourceRange) -> Expression? {
    let expression = Expression(kind, range)
    guard expression.depth <= maxExpressionDepth else {
      report(.expressionTooDeep(maxExpressionDepth), at: range)
      skipLine()
      return nil
    }
    return expression
  }

  /// Counts one more level of parentheses, `not` or minus; false (reported) past the limit.
  private mutating func enterNesting(at range: SourceRange) -> Bool {
    guard nesting < maxExpressionDepth else {
      report(.expressionTooDeep(maxExpressionDepth), at: range)
      skipLine()
      return false
    }
    nesting += 1
    return true
  }

  // MARK: Token helpers

  private var current: Token { tokens[index] }
  private var peek: Token { tokens[min(index + 1, tokens.count - 1)] }
  private var atEnd: Bool { current.kind == .end }
  /// A name after `feed` is a count unless it is followed by `=` (an option).
  private var peekIsNotOption: Bool { !peek.isSymbol("=") }

  private mutating func advance() {
    expressionTokens += 1
    if index < tokens.count - 1 { index += 1 }
  }

  private mutating func consumeSymbol(_ symbol: String) -> Bool {
    guard current.isSymbol(symbol) else { return false }
    advance()
    return true
  }

  /// Skips blank lines; true when it skipped any.
  private mutating func skipNewlines() -> Bool {
    var skipped = false
    while current.kind == .newline {
      advance()
      skipped = true
    }
    return skipped
  }

  private mutating func skipLine() {
    while current.kind != .newline, !atEnd { advance() }
  }

  /// Skips blocks nested past the limit up to the `end` that closes the one just opened,
  /// counting openers and ends line by line, so the blocks around them still close normally.
  private mutating func skipNestedBlocks() {
    var open = 1
    var atLineStart = false
    while !atEnd {
      let token = current
      if token.kind == .newline {
        atLineStart = true
        advance()
        continue
      }
      if atLineStart, token.kind == .identifier {
        if ["for", "if", "table"].contains(token.text) {
          open += 1
        } else if token.text == "end" {
          open -= 1
          if open == 0 {
            advance()
            return
          }
        }
      }
      atLineStart = false
      advance()
    }
  }

  /// After a block header fails to parse, skips its whole body so its `end` is not stray.
  private mutating func skipBlock(opener: Token) {
    skipLine()
    _ = parseBlock(opener: opener, allowElse: opener.text == "if")
  }

  /// Ends a block header; after a failed expression the rest of the line is noise, not news.
  private mutating func finishHeader(parsed: Bool) {
    if parsed { expectEndOfStatement() } else { skipLine() }
  }

  private mutating func expectEndOfStatement() {
    guard current.kind != .newline, !atEnd else { return }
    report(.unexpectedAfterStatement(describe(current)), at: current.range)
    skipLine()
  }

  private func span(from token: Token) -> SourceRange {
    let last = tokens[max(0, index - 1)]
    return token.range.union(last.range)
  }

  private func describe(_ token: Token) -> String {
    switch token.kind {
    case .newline: "end of line"
    case .end: token.text == "}}" ? "'}}'" : "end of file"
    case .string: "a string"
    case .number: "number '\(token.text)'"
    default: "'\(token.text)'"
    }
  }

  private mutating func report(_ message: DiagnosticMessage, at range: SourceRange) {
    diagnostics.append(Diagnostic(message, at: range))
  }
}
