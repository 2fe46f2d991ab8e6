import Foundation
import Testing

@testable import SlipCore

/// Keeps `grammar/slip.ebnf` normative: a recogniser built from the EBNF file itself must accept
/// every template the parser accepts (bundled templates, golden cases, docs examples and recipes,
/// the grammar's samples), reject a broken one, use every production, and name the same statement
/// keywords as the parser.
@Suite struct GrammarTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func grammar() throws -> EBNF {
    try EBNF(text: String(contentsOf: root.appendingPathComponent("grammar/slip.ebnf"), encoding: .utf8))
  }

  /// Templates the parser accepts, from every place the project keeps them.
  static func acceptedTemplates() throws -> [URL] {
    var urls: [URL] = []
    let fm = FileManager.default
    for folder in [
      "templates", "Tests/GoldenTests/Cases", "docs/examples", "docs/cookbook", "grammar/samples",
    ] {
      let base = root.appendingPathComponent(folder)
      guard let walker = fm.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "slip" {
        let caseFolder = url.deletingLastPathComponent()
        // Golden cases that expect errors may be broken on purpose (warnings are fine).
        let expected = caseFolder.appendingPathComponent("expected.diagnostics")
        if let text = try? String(contentsOf: expected, encoding: .utf8), text.contains(": error: ") {
          continue
        }
        if caseFolder.deletingLastPathComponent().lastPathComponent.hasPrefix("diag-") { continue }
        urls.append(url)
      }
    }
    return urls.sorted { $0.path < $1.path }
  }

  @Test func everyAcceptedTemplateMatchesTheGrammar() throws {
    let grammar = try Self.grammar()
    var recogniser = Recogniser(grammar: grammar)
    let templates = try Self.acceptedTemplates()
    #expect(templates.count >= 10)
    for url in templates {
      let source = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
      var lexer = Lexer(source: source, file: 0)
      let (tokens, lexDiagnostics) = lexer.tokenize()
      var parser = Parser(tokens: tokens)
      let (_, parseDiagnostics) = parser.parse()
      #expect(
        lexDiagnostics.isEmpty && parseDiagnostics.isEmpty, "the parser rejects \(url.lastPathComponent)")
      let accepted = recogniser.accepts(tokens, source: source)
      #expect(accepted, "the grammar rejects \(url.path)")
    }
    let unused = Set(grammar.rules.keys).subtracting(recogniser.used).sorted()
    #expect(unused.isEmpty, "productions no template exercises: \(unused)")
  }

  @Test func theGrammarRejectsWhatTheParserRejects() throws {
    var recogniser = Recogniser(grammar: try Self.grammar())
    for text in [
      "receipt paper=58mm\ntext\n", "row \"a\" |\n", "for in x\nend\n", "if a +\nend\n",
      "text \"{{ a b }}\"\n",
    ] {
      let source = SourceFile(path: "bad.slip", text: text)
      var lexer = Lexer(source: source, file: 0)
      let tokens = lexer.tokenize().tokens
      var parser = Parser(tokens: tokens)
      #expect(!parser.parse().diagnostics.isEmpty, "the parser accepts \(text)")
      let accepted = recogniser.accepts(tokens, source: source)
      #expect(!accepted, "the grammar accepts \(text)")
    }
  }

  @Test func statementKeywordsAgree() throws {
    let grammar = try Self.grammar()
    // Words, not the one-letter escapes (`\n`, `\t`) of the string rules.
    let words = grammar.terminals.filter { $0.count > 1 && $0.first?.isLetter == true }
    let parserWords = Set(Parser.statementKeywords)
    let expressionWords: Set = ["in", "and", "or", "not", "true", "false", "null"]
    #expect(
      parserWords.subtracting(words).isEmpty, "missing from the grammar: \(parserWords.subtracting(words))")
    // Inline span tags are read from printed strings, not statements (SpanReader).
    let spanWords: Set = ["inv", "size"]
    let unknown = words.subtracting(parserWords).subtracting(expressionWords).subtracting(spanWords)
    #expect(unknown.isEmpty, "grammar words the parser does not know: \(unknown)")
  }
}

/// The editor grammar starts a statement at every keyword the parser knows (scripts/grammar-check
/// tests it with a TextMate engine; this catches a new statement without Python).
@Suite struct TextMateGrammarTests {
  @Test func everyStatementKeywordStartsAStatement() throws {
    let url = GrammarTests.root.appendingPathComponent("grammar/slip.tmLanguage.json")
    let grammar = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    #expect((grammar as? [String: Any])?["scopeName"] as? String == "source.slip")
    // Every `begin` and `match` pattern, wherever it is.
    var patterns: [String] = []
    func collect(_ value: Any) {
      if let object = value as? [String: Any] {
        for (key, inner) in object {
          if key == "begin" || key == "match", let pattern = inner as? String { patterns.append(pattern) }
          collect(inner)
        }
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    collect(grammar)
    // Line-start patterns: `^\\s*(text|row|…)` and `^\\s*(else)\\s+(if)`.
    var starters: Set<String> = []
    for pattern in patterns where pattern.hasPrefix("^\\s*(") {
      for match in pattern.matches(of: /\(([a-z|]+)\)/) {
        starters.formUnion(match.output.1.split(separator: "|").map(String.init))
      }
    }
    let missing = Set(Parser.statementKeywords).subtracting(starters)
    #expect(missing.isEmpty, "statements grammar/slip.tmLanguage.json does not know: \(missing.sorted())")
  }
}

/// Keeps `docs/LANGUAGE.md` complete: every production of the EBNF has a row in its grammar
/// table (and no row names a production that is gone), and every keyword and operator of the
/// grammar appears in the page's code.
@Suite struct ReferenceCoverageTests {
  static func reference() throws -> String {
    try String(contentsOf: GrammarTests.root.appendingPathComponent("docs/LANGUAGE.md"), encoding: .utf8)
  }

  @Test func everyProductionHasARow() throws {
    let grammar = try GrammarTests.grammar()
    let page = try Self.reference()
    guard let table = page.range(of: "## The grammar") else {
      Issue.record("docs/LANGUAGE.md has no '## The grammar' section")
      return
    }
    // The first cell of each row: one or more `production` names.
    var listed: Set<String> = []
    for line in page[table.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
      let cell = line.dropFirst(2).prefix { $0 != "|" }
      for match in cell.matches(of: /`([^`]+)`/) { listed.insert(String(match.output.1)) }
    }
    let productions = Set(grammar.rules.keys)
    #expect(
      productions.subtracting(listed).isEmpty, "not in the table: \(productions.subtracting(listed).sorted())"
    )
    #expect(
      listed.subtracting(productions).isEmpty, "not in the EBNF: \(listed.subtracting(productions).sorted())")
  }

  @Test func everyTerminalIsInTheCode() throws {
    let grammar = try GrammarTests.grammar()
    let page = try Self.reference()
    // The text of inline code spans and fenced blocks.
    var code = ""
    var inBlock = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inBlock.toggle()
      } else if inBlock {
        code += line + "\n"
      } else {
        for match in line.matches(of: /`([^`]+)`/) { code += match.output.1 + "\n" }
      }
    }
    let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    var missing: [String] = []
    for terminal in grammar.terminals.sorted() {
      let isWord = terminal.allSatisfy { $0.isLetter }
      // One-letter escapes (`n`, `t`) are checked as the escapes themselves.
      let found = isWord && terminal.count > 1 ? words.contains(terminal) : code.contains(terminal)
      if !found { missing.append(terminal) }
    }
    #expect(missing.isEmpty, "keywords and symbols of the EBNF that docs/LANGUAGE.md never shows: \(missing)")
  }
}

/// An ISO 14977 EBNF grammar read from text: rules of sequences, choices, repetitions, options,
/// terminals and `? special ?` sequences; `(* comments *)` skipped.
struct EBNF {
  indirect enum Node {
    case sequence([Node])
    case choice([Node])
    case repeated(Node)
    case optional(Node)
    case terminal(String)
    case reference(String)
    case special(String)
  }

  var rules: [String: Node] = [:]
  var terminals: Set<String> = []

  init(text: String) throws {
    var chars = Array(text)
    // Drop comments first.
    var cleaned: [Character] = []
    var i = 0
    while i < chars.count {
      if chars[i] == "(", i + 1 < chars.count, chars[i + 1] == "*" {
        i += 2
        while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == ")") { i += 1 }
        i += 2
      } else {
        cleaned.append(chars[i])
        i += 1
      }
    }
    chars = cleaned
    var reader = Reader(chars: chars)
    while true {
      reader.skipSpace()
      if reader.atEnd { break }
      let name = reader.identifier()
      reader.skipSpace()
      try reader.expect("=")
      let node = try reader.choice()
      try reader.expect(";")
      rules[name] = node
    }
    terminals = reader.terminals
  }

  private struct Reader {
    var chars: [Character]
    var index = 0
    var terminals: Set<String> = []
    var atEnd: Bool { index >= chars.count }

    mutating func skipSpace() {
      while index < chars.count, chars[index].isWhitespace { index += 1 }
    }

    mutating func identifier() -> String {
      var name = ""
      while index < chars.count, chars[index].isLetter || chars[index] == " " || chars[index].isNumber {
        name.append(chars[index])
        index += 1
      }
      return name.trimmingCharacters(in: .whitespaces)
    }

    mutating func expect(_ c: Character) throws {
      skipSpace()
      guard index < chars.count, chars[index] == c else {
        throw GrammarError(message: "expected \(c) at \(index)")
      }
      index += 1
    }

    mutating func choice() throws -> Node {
      var options = [try sequence()]
      skipSpace()
      while index < chars.count, chars[index] == "|" {
        index += 1
        options.append(try sequence())
        skipSpace()
      }
      return options.count == 1 ? options[0] : .choice(options)
    }

    mutating func sequence() throws -> Node {
      var items = [try item()]
      skipSpace()
      while index < chars.count, chars[index] == "," {
        index += 1
        items.append(try item())
        skipSpace()
      }
      return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func item() throws -> Node {
      skipSpace()
      guard index < chars.count else { throw GrammarError(message: "unexpected end") }
      let c = chars[index]
      switch c {
      case "\"", "'":
        index += 1
        var text = ""
        while index < chars.count, chars[index] != c {
          text.append(chars[index])
          index += 1
        }
        index += 1
        terminals.insert(text)
        return .terminal(text)
      case "?":
        index += 1
        var text = ""
        while index < chars.count, chars[index] != "?" {
          text.append(chars[index])
          index += 1
        }
        index += 1
        return .special(text.trimmingCharacters(in: .whitespaces))
      case "{", "[", "(":
        index += 1
        let inner = try choice()
        try expect(c == "{" ? "}" : c == "[" ? "]" : ")")
        return c == "{" ? .repeated(inner) : c == "[" ? .optional(inner) : inner
      default:
        return .reference(identifier())
      }
    }
  }
}

struct GrammarError: Error {
  var message: String
}

/// Recognises token sequences with an EBNF grammar, trying every alternative (sets of end
/// positions, memoised per rule), and records which rules took part in a match.
///
/// Tokens stand for the lexical rules: an identifier for `name`, a number for `number`, and so
/// on; a string token's interpolations are matched against `expression` on their own tokens.
/// Rules that only describe characters are marked used when the source shows them.
struct Recogniser {
  let grammar: EBNF
  private(set) var used: Set<String> = []
  private var tokens: [Token] = []
  private var memo: [String: Set<Int>] = [:]

  /// Rules the lexer handles: matched by token class, or (below names) by what the text holds.
  static let tokenRules = ["name", "number", "dimension", "string", "newline"]
  static let characterRules = [
    "letter", "digit", "hex digit", "string char", "escape", "interpolation", "comment", "span tag",
  ]

  init(grammar: EBNF) {
    self.grammar = grammar
  }

  mutating func accepts(_ tokens: [Token], source: SourceFile) -> Bool {
    var stream = tokens.filter { $0.kind != .end }
    if stream.last.map({ $0.kind != .newline }) ?? false {
      stream.append(Token(.newline, "\n", stream.last!.range))
    }
    guard match(stream: stream, rule: "template") else { return false }
    // Every interpolation must be an expression too.
    for token in stream {
      guard case .string(let literal) = token.kind else { continue }
      used.insert("string char")
      for case .interpolation(let inner, _) in literal.parts {
        used.insert("interpolation")
        guard match(stream: inner.filter { $0.kind != .end }, rule: "expression") else { return false }
      }
      if token.text.contains("\\") { used.insert("escape") }
      if token.text.contains("\\u{") { used.insert("hex digit") }
      if token.text.contains(/<\/?(b|u|inv|size)[ >]/) { used.insert("span tag") }
    }
    let text = String(decoding: source.bytes, as: UTF8.self)
    if text.contains("#") { used.insert("comment") }
    if stream.contains(where: { $0.kind == .identifier }) { used.insert("letter") }
    if stream.contains(where: { $0.kind == .number || $0.kind == .dimension }) { used.insert("digit") }
    return true
  }

  private mutating func match(stream: [Token], rule: String) -> Bool {
    tokens = stream
    memo = [:]
    return matches(.reference(rule), at: 0).contains(tokens.count)
  }

  private mutating func matches(_ node: EBNF.Node, at position: Int) -> Set<Int> {
    switch node {
    case .terminal(let text):
      guard position < tokens.count else { return [] }
      let token = tokens[position]
      let same = (token.kind == .identifier || token.kind == .symbol) && token.text == text
      return same ? [position + 1] : []
    case .special:
      return []
    case .sequence(let items):
      var positions: Set<Int> = [position]
      for item in items {
        var next: Set<Int> = []
        for p in positions { next.formUnion(matches(item, at: p)) }
        positions = next
        if positions.isEmpty { break }
      }
      return positions
    case .choice(let options):
      var result: Set<Int> = []
      for option in options { result.formUnion(matches(option, at: position)) }
      return result
    case .optional(let inner):
      return matches(inner, at: position).union([position])
    case .repeated(let inner):
      var all: Set<Int> = [position]
      var frontier: Set<Int> = [position]
      while !frontier.isEmpty {
        var next: Set<Int> = []
        for p in frontier { next.formUnion(matches(inner, at: p)) }
        frontier = next.subtracting(all)
        all.formUnion(next)
      }
      return all
    case .reference(let name):
      let key = "\(name)@\(position)"
      if let known = memo[key] { return known }
      memo[key] = []
      let result = matchRule(name, at: position)
      memo[key] = result
      if !result.isEmpty { used.insert(name) }
      return result
    }
  }

  private mutating func matchRule(_ name: String, at position: Int) -> Set<Int> {
    if Self.tokenRules.contains(name) {
      guard position < tokens.count else { return [] }
      let kind = tokens[position].kind
      let ok: Bool
      switch (name, kind) {
      case ("name", .identifier), ("number", .number), ("dimension", .dimension), ("newline", .newline):
        ok = true
      case ("string", .string): ok = true
      default: ok = false
      }
      return ok ? [position + 1] : []
    }
    if name == "comment" { return [] }
    guard let rule = grammar.rules[name] else { return [] }
    return matches(rule, at: position)
  }
}
