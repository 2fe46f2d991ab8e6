/// Rewrites a template into one canonical layout: blocks indented by two spaces, one space
/// between words and around `|`, binary operators and a statement's `=`, none around an
/// option's `=`, options in one order, at most one blank line in a row, comments kept.
/// Strings stay exactly as written. Formatting a formatted template changes nothing.
public struct Formatter: Sendable {
  /// A formatter.
  public init() {}

  /// The formatted text, or nil with the problems when the template does not parse: a file
  /// that does not parse is not rewritten.
  public func format(_ source: SourceFile) -> (text: String?, diagnostics: [Diagnostic]) {
    var lexer = Lexer(source: source, file: 0)
    let (tokens, lexDiagnostics) = lexer.tokenize()
    var parser = Parser(tokens: tokens)
    let parseDiagnostics = parser.parse().diagnostics
    let problems = lexDiagnostics + parseDiagnostics
    guard !problems.hasErrors else { return (nil, problems) }

    var commented = Lexer(source: source, file: 0, keepsComments: true)
    var lines: [[Token]] = [[]]
    for token in commented.tokenize().tokens {
      switch token.kind {
      case .newline: lines.append([])
      case .end: break
      default: lines[lines.count - 1].append(token)
      }
    }
    var out = ""
    var depth = 0
    var blankPending = false
    for line in lines {
      guard let first = line.first else {
        blankPending = !out.isEmpty
        continue
      }
      let closes = first.isIdentifier("end") || first.isIdentifier("else")
      if closes { depth = max(0, depth - 1) }
      if blankPending { out += "\n" }
      blankPending = false
      out += String(repeating: "  ", count: depth) + render(line) + "\n"
      let opensFrame =
        ["columns", "column"].contains(where: first.isIdentifier)
        || (first.isIdentifier("box")
          && !line.contains { ["x", "y", "w", "h"].contains(where: $0.isIdentifier) })
      if opensFrame || first.isIdentifier("else")
        || ["for", "if", "table"].contains(where: first.isIdentifier)
      {
        depth += 1
      }
    }
    return (out, problems)
  }

  /// One line: the statement's tokens with canonical spacing, options ordered, comment last.
  private func render(_ line: [Token]) -> String {
    var tokens = line
    var comment: Token?
    if tokens.last?.kind == .comment { comment = tokens.removeLast() }
    var text = ""
    if let first = tokens.first {
      let keyword = first.text
      let expressionStatement =
        ["if", "else", "for", "set", "feed"].contains(keyword) && first.kind == .identifier
      text = expressionStatement ? expression(tokens) : statement(tokens)
    }
    if let comment {
      text += (text.isEmpty ? "" : " ") + trimmingTrailingSpaces(comment.text)
    }
    return text
  }

  /// `keyword arguments | … options`: words spaced, options joined by `=` and reordered.
  private func statement(_ tokens: [Token]) -> String {
    let (arguments, options) = split(tokens)
    var parts = [join(arguments)]
    let ordered = options.enumerated().sorted { a, b in
      let (ra, rb) = (Self.rank(a.element.first?.text ?? ""), Self.rank(b.element.first?.text ?? ""))
      return ra != rb ? ra < rb : a.offset < b.offset
    }
    for (_, option) in ordered {
      parts.append(option.map { $0.text }.joined())
    }
    return parts.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Splits a statement into its leading arguments and its options (`name` or `name=value`).
  private func split(_ tokens: [Token]) -> (arguments: [Token], options: [[Token]]) {
    var tokens = tokens
    // Options start after the last string and after the keyword's own words (`barcode TYPE`).
    var start = 1
    if tokens.first?.isIdentifier("barcode") == true {
      start = 2
      // A type written with a hyphen (`gs1-128`) is one name, as the parser reads it.
      while tokens.count > 2, tokens[2].range.start == tokens[1].range.end, tokens[1].kind != .symbol,
        tokens[2].isSymbol("-") || [.identifier, .number, .dimension].contains(tokens[2].kind)
      {
        var range = tokens[1].range
        range.end = tokens[2].range.end
        tokens[1] = Token(.identifier, tokens[1].text + tokens[2].text, range)
        tokens.remove(at: 2)
      }
    }
    // A string right after `=` is an option's value, not an argument.
    let lastArgument = tokens.indices.last { index in
      guard case .string = tokens[index].kind else { return false }
      return index == 0 || !tokens[index - 1].isSymbol("=")
    }
    if let lastArgument { start = max(start, lastArgument + 1) }
    start = min(start, tokens.count)
    var options: [[Token]] = []
    var index = start
    while index < tokens.count {
      var option = [tokens[index]]
      index += 1
      if index < tokens.count, tokens[index].isSymbol("=") {
        option.append(tokens[index])
        index += 1
        // The value: a word, number, dimension or string, a leading minus, hyphenated words.
        while index < tokens.count {
          let token = tokens[index]
          let previous = option[option.count - 1]
          let adjacent = token.range.start == previous.range.end
          let isValue =
            previous.isSymbol("=") || (previous.isSymbol("-") && adjacent)
            || (token.isSymbol("-") && adjacent)
          guard isValue else { break }
          option.append(token)
          index += 1
        }
      }
      options.append(option)
    }
    return (Array(tokens[..<start]), options)
  }

  /// Words and strings spaced, `|` between cells spaced.
  private func join(_ tokens: [Token]) -> String {
    tokens.map { $0.text }.joined(separator: " ")
  }

  /// A statement around an expression (`if`, `for … in`, `set … =`, `feed`): operators spaced,
  /// member access, calls and indexing tight, a minus that negates kept on its operand.
  private func expression(_ tokens: [Token]) -> String {
    var out = ""
    var previous: Token?
    for token in tokens {
      defer { previous = token }
      guard let before = previous else {
        out += token.text
        continue
      }
      let tight =
        token.isSymbol(".") || token.isSymbol(")") || token.isSymbol("]") || token.isSymbol(",")
        || before.isSymbol(".") || before.isSymbol("(") || before.isSymbol("[")
        || (token.isSymbol("(") && before.kind == .identifier && !Self.keywords.contains(before.text))
        || (token.isSymbol("[")
          && (before.kind == .identifier || before.isSymbol("]") || before.isSymbol(")")))
        || (before.isSymbol("-") && isUnary(before, in: tokens))
      out += (tight ? "" : " ") + token.text
    }
    return out
  }

  /// Whether the `-` at `token` negates (it follows an operator, an opening bracket or nothing).
  private func isUnary(_ token: Token, in tokens: [Token]) -> Bool {
    guard let index = tokens.firstIndex(where: { $0.range == token.range }), index > 0 else { return true }
    let before = tokens[index - 1]
    if before.kind == .symbol { return !(before.isSymbol(")") || before.isSymbol("]")) }
    return before.kind == .identifier && Self.keywords.contains(before.text)
  }

  /// Words that start or join expressions rather than name values.
  private static let keywords: Set = ["if", "else", "for", "in", "set", "feed", "and", "or", "not"]

  /// The canonical order of options: where, how big, how placed, how drawn, then flags.
  private static let order = [
    "paper", "font", "columns", "dir", "x", "y", "x1", "y1", "x2", "y2", "w", "h", "d", "width", "height",
    "dpi",
    "widths", "size", "module", "align", "scale", "lines", "fit", "gap", "hri", "ecc", "dither", "threshold",
    "border", "thickness", "fill", "bold", "underline", "invert", "partial", "full", "pin", "on", "off",
  ]

  private static func rank(_ name: String) -> Int {
    order.firstIndex(of: name) ?? order.count
  }

  private func trimmingTrailingSpaces(_ text: String) -> String {
    var text = Substring(text)
    while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
    return String(text)
  }
}
