// Expressions, loosest first, one function per precedence level of grammar/slip.ebnf, with the
// depth limits that keep later stages' recursion bounded.
extension Parser {
  /// An expression and its filters: filters bind loosest, so `a * b | rupiah` formats the product.
  ///
  /// Grammar: `expression = or expression , { "|" , filter } ;`
  mutating func parseExpression() -> Expression? {
    expressionTokens = 0
    return parsePipeline()
  }

  /// The filters after an operand, each a call of its name with arguments.
  ///
  /// Grammar: `expression = or expression , { "|" , filter } ;` with
  /// `filter = name , [ "(" , [ or expression , { "," , or expression } ] , ")" ] ;`
  mutating func parsePipeline() -> Expression? {
    guard enterNesting(at: current.range) else { return nil }
    defer { nesting -= 1 }
    guard var value = parseOr() else { return nil }
    while consumeSymbol("|") {
      let name = current
      guard name.kind == .identifier else {
        report(.expected(Expected.filterName, found: describe(name)), at: name.range)
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
          report(
            .expected(Expected.closingParenthesisAfterArguments, found: describe(current)), at: current.range)
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

  /// Grammar: `or expression = and expression , { "or" , and expression } ;`
  mutating func parseOr() -> Expression? {
    guard var left = parseAnd() else { return nil }
    while current.isIdentifier("or") {
      advance()
      guard let right = parseAnd() else { return nil }
      guard let next = node(.binary(.or, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  /// Grammar: `and expression = not expression , { "and" , not expression } ;`
  mutating func parseAnd() -> Expression? {
    guard var left = parseNot() else { return nil }
    while current.isIdentifier("and") {
      advance()
      guard let right = parseNot() else { return nil }
      guard let next = node(.binary(.and, left, right), left.range.union(right.range)) else { return nil }
      left = next
    }
    return left
  }

  /// Grammar: `not expression = "not" , not expression | comparison ;`
  mutating func parseNot() -> Expression? {
    guard current.isIdentifier("not") else { return parseComparison() }
    let keyword = current
    advance()
    guard enterNesting(at: keyword.range) else { return nil }
    defer { nesting -= 1 }
    guard let operand = parseNot() else { return nil }
    return node(.unary(.not, operand), keyword.range.union(operand.range))
  }

  /// One comparison at most: `a < b < c` is reported, since it does not mean what it says.
  ///
  /// Grammar: `comparison = additive , [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) , additive ] ;`
  mutating func parseComparison() -> Expression? {
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

  /// Grammar: `additive = multiplicative , { ( "+" | "-" ) , multiplicative } ;`
  mutating func parseAdditive() -> Expression? {
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

  /// Grammar: `multiplicative = unary , { ( "*" | "/" | "%" ) , unary } ;`
  mutating func parseMultiplicative() -> Expression? {
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

  /// Grammar: `unary = "-" , unary | postfix ;`
  mutating func parseUnary() -> Expression? {
    guard current.isSymbol("-") else { return parsePostfix() }
    let minus = current
    advance()
    guard enterNesting(at: minus.range) else { return nil }
    defer { nesting -= 1 }
    guard let operand = parseUnary() else { return nil }
    return node(.unary(.negate, operand), minus.range.union(operand.range))
  }

  /// Grammar: `postfix = primary , { "." , name | "[" , expression , "]" } ;`
  mutating func parsePostfix() -> Expression? {
    guard var value = parsePrimary() else { return nil }
    while true {
      if current.isSymbol(".") {
        advance()
        let member = current
        guard member.kind == .identifier else {
          var help: [String] = []
          if member.kind == .number { help.append(Help.elementOfList(member.text)) }
          diagnostics.append(
            Diagnostic(.expected(Expected.memberName, found: describe(member)), at: member.range, help: help))
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
          report(.expected(Expected.closingBracket, found: describe(current)), at: current.range)
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

  /// Grammar: `primary = number | string | "true" | "false" | "null" | name | "(" , expression , ")" ;`
  mutating func parsePrimary() -> Expression? {
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
        report(.expected(Expected.shortNumber, found: describe(token)), at: token.range)
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
        report(.expected(Expected.closingParenthesis, found: describe(current)), at: current.range)
        return nil
      }
      let range = token.range.union(current.range)
      advance()
      return Expression(inner.kind, range)
    default:
      report(.expected(Expected.expression, found: describe(token)), at: token.range)
      return nil
    }
  }

  /// An expression node, unless the tree gets deeper than later stages may recurse.
  mutating func node(_ kind: Expression.Kind, _ range: SourceRange) -> Expression? {
    let expression = Expression(kind, range)
    guard expression.depth <= maxExpressionDepth else {
      report(.expressionTooDeep(maxExpressionDepth), at: range)
      skipLine()
      return nil
    }
    return expression
  }

  /// Counts one more level of parentheses, `not` or minus; false (reported) past the limit.
  mutating func enterNesting(at range: SourceRange) -> Bool {
    guard nesting < maxExpressionDepth else {
      report(.expressionTooDeep(maxExpressionDepth), at: range)
      skipLine()
      return false
    }
    nesting += 1
    return true
  }
}
