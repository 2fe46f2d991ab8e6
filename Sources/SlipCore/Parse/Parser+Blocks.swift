// Blocks: `for`, `if` and the statements up to their `end`, and how a broken block is skipped
// so its `end` is not reported as stray.
extension Parser {
  /// Grammar: `table = "table" , { option } , newline , block , "end" ;`
  mutating func parseTable(_ keyword: Token) -> Statement? {
    let options = parseOptions()
    expectEndOfStatement()
    let header = span(from: keyword)
    guard let body = parseBlock(opener: keyword, allowElse: false).body else { return nil }
    return .table(TableStatement(options: options, body: body, range: header))
  }

  /// Grammar: `box = "box" , { option } , newline , block , "end" ;` (on a receipt; a label's
  /// `box` has a position), `columns = "columns" , { option } , newline , block , "end" ;` and
  /// `column = "column" , { option } , newline , block , "end" ;`
  mutating func parseFrame(_ keyword: Token) -> Statement? {
    let options = parseOptions()
    expectEndOfStatement()
    let header = span(from: keyword)
    guard let kind = FrameStatement.Kind(rawValue: keyword.text),
      let body = parseBlock(opener: keyword, allowElse: false).body
    else { return nil }
    return .frame(FrameStatement(kind: kind, options: options, body: body, range: header))
  }

  /// Whether a `box` line places a label's box (`x=`, `y=`, `w=` or `h=`) rather than opening a
  /// receipt's frame: the options are read ahead without consuming them.
  func peekOptions() -> [String] {
    var names: [String] = []
    var position = index
    while position < tokens.count, tokens[position].kind != .newline, tokens[position].kind != .end {
      if tokens[position].kind == .identifier { names.append(tokens[position].text) }
      position += 1
    }
    return names
  }

  /// Whether option names include a label position.
  static func hasPosition(_ names: [String]) -> Bool {
    names.contains { ["x", "y", "w", "h"].contains($0) }
  }

  /// Grammar: `for = "for" , name , "in" , expression , newline , block , "end" ;`
  mutating func parseFor(_ keyword: Token) -> Statement? {
    let variable = current
    guard variable.kind == .identifier else {
      report(.expected(Expected.loopVariable, found: describe(variable)), at: variable.range)
      skipBlock(opener: keyword)
      return nil
    }
    advance()
    guard current.isIdentifier("in") else {
      report(.expected(Expected.inKeyword, found: describe(current)), at: current.range)
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

  /// Grammar: `if = "if" , expression , newline , block , { "else" , "if" , expression , newline ,
  /// block } , [ "else" , newline , block ] , "end" ;`
  mutating func parseIf(_ keyword: Token) -> Statement? {
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
  ///
  /// Grammar: `block = { line } ;`
  mutating func parseBlock(opener: Token, allowElse: Bool, after elseToken: Token? = nil) -> (
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
            notes: [.openedHere(opener.text, at: opener.range)]))
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
              notes: [.elseIsHere(at: elseToken.range)]))
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
  func blockTerminator() -> String? {
    if current.isIdentifier("end") { return "end" }
    if current.isIdentifier("else") {
      return peek.isIdentifier("if") ? "else if" : "else"
    }
    return nil
  }

  /// Skips blocks nested past the limit up to the `end` that closes the one just opened,
  /// counting openers and ends line by line, so the blocks around them still close normally.
  mutating func skipNestedBlocks() {
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
        if ["for", "if", "table", "columns", "column"].contains(token.text)
          || (token.text == "box" && !isLabel)
        {
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
  mutating func skipBlock(opener: Token) {
    skipLine()
    _ = parseBlock(opener: opener, allowElse: opener.text == "if")
  }

  /// Ends a block header; after a failed expression the rest of the line is noise, not news.
  mutating func finishHeader(parsed: Bool) {
    if parsed { expectEndOfStatement() } else { skipLine() }
  }
}
