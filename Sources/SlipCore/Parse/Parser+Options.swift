// Options (`name=value`) and quoted text with its `{{ }}` interpolations.
extension Parser {
  /// `name` or `name=value` pairs up to the end of the line.
  ///
  /// Grammar: `option = name , [ "=" , option value ] ;` with
  /// `option value = word | [ "-" ] , number | [ "-" ] , dimension | string ;`
  mutating func parseOptions() -> [Option] {
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
      case .number, .dimension:
        // `home=20,30`: lengths written together with a comma between them are one value.
        var text = valueToken.text
        while peek.isSymbol(","), peek.range.start == valueRange.end, index + 2 < tokens.count,
          [.number, .dimension].contains(tokens[index + 2].kind),
          tokens[index + 2].range.start == peek.range.end
        {
          text += "," + tokens[index + 2].text
          valueRange = valueRange.union(tokens[index + 2].range)
          advance()
          advance()
        }
        value = valueToken.kind == .number && text == valueToken.text ? .number(text) : .dimension(text)
      case .string:
        value = parseTextTemplate(what: Expected.value).map(Option.Value.string)
        options.append(Option(name: name.text, nameRange: name.range, value: value, valueRange: valueRange))
        continue
      case .symbol where valueToken.text == "-" && (peek.kind == .number || peek.kind == .dimension):
        advance()
        valueRange = valueRange.union(current.range)
        value = current.kind == .number ? .number("-" + current.text) : .dimension("-" + current.text)
      default:
        report(.expected(Expected.optionValue, found: describe(valueToken)), at: valueToken.range)
        return options
      }
      advance()
      options.append(Option(name: name.text, nameRange: name.range, value: value, valueRange: valueRange))
    }
    return options
  }

  /// A quoted string with its interpolations parsed.
  ///
  /// Grammar: `string = '"' , { string char | escape | interpolation } , '"' | …` (the lexer has
  /// split it into text and interpolations already).
  mutating func parseTextTemplate(what: String) -> TextTemplate? {
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
  ///
  /// Grammar: `interpolation = "{{" , expression , "}}" ;`
  mutating func parseInterpolation(range: SourceRange) -> Expression? {
    guard !atEnd else {
      report(.expected(Expected.interpolatedExpression, found: "'}}'"), at: range)
      return nil
    }
    let expression = parseExpression()
    if expression != nil, !atEnd {
      report(.expected(Expected.closingBraces, found: describe(current)), at: current.range)
    }
    return expression
  }
}
