import SlipSupport

// The statements of a line each: the keyword decides which rule of grammar/slip.ebnf follows.
extension Parser {
  /// One statement and the end of its line; nil (reported, the line skipped) when it is broken.
  ///
  /// Grammar: `statement = header | text | row | rule | feed | cut | drawer | for | if | set
  /// | table | include | image | symbol | shape ;`
  mutating func parseStatement() -> Statement? {
    let keyword = current
    guard keyword.kind == .identifier else {
      report(.expected(Expected.statement, found: describe(keyword)), at: keyword.range)
      skipLine()
      return nil
    }
    advance()
    let statement: Statement?
    switch keyword.text {
    case "receipt", "label":
      statement = parseHeader(keyword)
    case "text":
      guard let text = parseText(keyword) else { return nil }
      statement = text
    case "row":
      statement = parseRow(keyword)
    case "rule":
      statement = parseRule(keyword)
    case "feed":
      statement = parseFeed(keyword)
    case "box" where !isLabel && !Self.hasPosition(peekOptions()),
      "columns", "column":
      return parseFrame(keyword)
    case "box", "line", "circle", "ellipse":
      statement = .shape(
        ShapeStatement(kind: keyword.text, options: parseOptions(), range: span(from: keyword)))
    case "cut":
      statement = .cut(CutStatement(options: parseOptions(), range: span(from: keyword)))
    case "drawer":
      statement = .drawer(DrawerStatement(options: parseOptions(), range: span(from: keyword)))
    case "set":
      statement = parseSet(keyword)
    case "include", "image":
      guard let file = parseFileStatement(keyword) else { return nil }
      statement = file
    case "qr", "barcode":
      guard let symbol = parseSymbol(keyword) else { return nil }
      statement = symbol
    case "table":
      return parseTable(keyword)
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
    expectEndOfStatement(after: keyword.text)
    return statement
  }

  /// Grammar: `header = "receipt" , { option } | "label" , { option } ;`
  mutating func parseHeader(_ keyword: Token) -> Statement {
    let options = parseOptions()
    if keyword.text == "label" { isLabel = true }
    return .receipt(HeaderStatement(kind: keyword.text, options: options, range: span(from: keyword)))
  }

  /// Grammar: `text = "text" , string , { option } ;`
  mutating func parseText(_ keyword: Token) -> Statement? {
    guard let content = parseTextTemplate(what: Expected.textToPrint) else { return nil }
    let options = parseOptions()
    return .text(TextStatement(content: content, options: options, range: span(from: keyword)))
  }

  /// Grammar: `row = "row" , string , { "|" , string } , { option } ;`
  mutating func parseRow(_ keyword: Token) -> Statement? {
    var cells: [TextTemplate] = []
    repeat {
      guard case .string = current.kind else {
        var help: [String] = []
        if current.kind == .identifier || current.kind == .number {
          help.append(Help.printAValue(current.text))
        }
        diagnostics.append(Diagnostic(.rowCellNotString(), at: current.range, help: help))
        skipLine()
        return nil
      }
      if let cell = parseTextTemplate(what: Expected.string) { cells.append(cell) }
    } while consumeSymbol("|")
    let options = parseOptions()
    return .row(RowStatement(cells: cells, options: options, range: span(from: keyword)))
  }

  /// Grammar: `rule = "rule" , [ string ] , { option } ;`
  mutating func parseRule(_ keyword: Token) -> Statement {
    var character: TextTemplate?
    if case .string = current.kind { character = parseTextTemplate(what: Expected.string) }
    let options = parseOptions()
    return .rule(RuleStatement(character: character, options: options, range: span(from: keyword)))
  }

  /// Grammar: `feed = "feed" , [ number | name ] ;`
  mutating func parseFeed(_ keyword: Token) -> Statement {
    var lines: Expression?
    if current.kind == .number || current.kind == .identifier && peekIsNotOption {
      lines = parsePrimary()
    }
    let options = parseOptions()
    return .feed(FeedStatement(lines: lines, options: options, range: span(from: keyword)))
  }

  /// Grammar: `set = "set" , name , "=" , expression ;`
  mutating func parseSet(_ keyword: Token) -> Statement? {
    let name = current
    guard name.kind == .identifier else {
      report(.expected(Expected.variableName, found: describe(name)), at: name.range)
      skipLine()
      return nil
    }
    advance()
    guard consumeSymbol("=") else {
      report(.expected(Expected.equals, found: describe(current)), at: current.range)
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

  /// `include` and `image`, whose paths are literal: the file is read when the template is
  /// compiled, before any data exists.
  ///
  /// Grammar: `include = "include" , string ;` and `image = "image" , string , { option } ;`
  mutating func parseFileStatement(_ keyword: Token) -> Statement? {
    let what = keyword.text == "image" ? Expected.pictureFile : Expected.includedFile
    guard let path = parseTextTemplate(what: what) else { return nil }
    guard let literal = path.literalText else {
      if keyword.text == "image" {
        // A picture the data sends (a logo as a `data:` URI): read when the receipt renders.
        let options = parseOptions()
        return .image(
          ImageStatement(
            path: "", pathRange: path.range, options: options, range: span(from: keyword), template: path))
      }
      report(.pathInterpolated(keyword.text), at: path.range)
      skipLine()
      return nil
    }
    if keyword.text == "image" {
      let options = parseOptions()
      return .image(
        ImageStatement(path: literal, pathRange: path.range, options: options, range: span(from: keyword)))
    }
    return .include(IncludeStatement(path: literal, pathRange: path.range, range: span(from: keyword)))
  }

  /// Grammar: `symbol = "qr" , string , { option } | "barcode" , name , string , { option } ;`
  mutating func parseSymbol(_ keyword: Token) -> Statement? {
    var symbology = keyword.text
    var symbologyRange = keyword.range
    if keyword.text == "barcode" {
      guard current.kind == .identifier || current.kind == .dimension else {
        report(.expected(Expected.barcodeType, found: describe(current)), at: current.range)
        skipLine()
        return nil
      }
      symbology = current.text
      symbologyRange = current.range
      advance()
      // A type written with a hyphen (`gs1-128`) lexes as several tokens: written together they
      // are one name, which the checker reports as an unknown type with the types it knows,
      // instead of the data seeming to be missing.
      while current.range.start == symbologyRange.end,
        current.isSymbol("-") || [.identifier, .number, .dimension].contains(current.kind)
      {
        symbology += current.text
        symbologyRange.end = current.range.end
        advance()
      }
    }
    guard let content = parseTextTemplate(what: Expected.symbolData) else { return nil }
    let options = parseOptions()
    return .symbol(
      SymbolStatement(
        symbology: symbology, symbologyRange: symbologyRange, content: content, options: options,
        range: span(from: keyword)))
  }
}
