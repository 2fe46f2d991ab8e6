/// Turns a template's bytes into tokens; problems become diagnostics and lexing goes on.
///
/// Statements are line based: a newline ends one, `#` starts a comment that runs to the end
/// of the line. Strings are quoted with `"` or `'` and hold `{{ expression }}` interpolations,
/// lexed here into their own token lists (which may contain strings of either quote).
public struct Lexer {
  private let bytes: [UInt8]
  private let file: Int
  private var position = 0
  private var diagnostics: [Diagnostic] = []
  /// Strings and interpolations nest; beyond this depth the input is hostile, not a template.
  private let maxNesting = 16

  /// A lexer over `source`, whose ranges will name file index `file`.
  /// Whether comments become `.comment` tokens instead of being skipped.
  private let keepsComments: Bool

  /// A lexer over `source`, whose ranges will name file index `file`; the formatter asks it to
  /// keep comments.
  public init(source: SourceFile, file: Int, keepsComments: Bool = false) {
    self.bytes = source.bytes
    self.file = file
    self.keepsComments = keepsComments
  }

  /// Every token of the file, ending with `.end`, and the problems found.
  public mutating func tokenize() -> (tokens: [Token], diagnostics: [Diagnostic]) {
    var tokens: [Token] = []
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    if let bad = firstInvalidUTF8Offset() {
      diagnostics.append(Diagnostic(.invalidUTF8(), at: range(bad, bad + 1)))
      return ([Token(.end, "", range(bytes.count, bytes.count))], diagnostics)
    }
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        position += 1
      case UInt8(ascii: "\n"):
        tokens.append(Token(.newline, "\n", range(position, position + 1)))
        position += 1
      case UInt8(ascii: "#"):
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        if keepsComments { tokens.append(Token(.comment, text(start, position), range(start, position))) }
      default:
        if let token = lexToken(depth: 0, inExpression: false) { tokens.append(token) }
      }
    }
    tokens.append(Token(.end, "", range(bytes.count, bytes.count)))
    return (tokens, diagnostics)
  }

  /// Lexes one non-space token at `position`, or reports and skips what cannot start one.
  private mutating func lexToken(depth: Int, inExpression: Bool) -> Token? {
    let start = position
    let byte = bytes[position]
    if isIdentifierStart(byte) {
      while position < bytes.count, isIdentifierPart(bytes[position]) { position += 1 }
      return Token(.identifier, text(start, position), range(start, position))
    }
    if isDigit(byte) {
      return lexNumber()
    }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      return lexString(depth: depth + 1)
    }
    if byte == UInt8(ascii: "\\"), inExpression {
      position += 1
      diagnostics.append(Diagnostic(.backslashInExpression(), at: range(start, position)))
      // `\"-\"` inside '{{ }}': read it as the string the author meant, closed by `\"`.
      if position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      {
        return lexString(depth: depth + 1, escapedQuotes: true)
      }
      return nil
    }
    if byte == UInt8(ascii: "#"), inExpression {
      position += 1
      diagnostics.append(Diagnostic(.commentInExpression(), at: range(start, position)))
      return nil
    }
    let next: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : 0
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
      position += next == UInt8(ascii: "=") ? 2 : 1
      return Token(.symbol, text(start, position), range(start, position))
    case UInt8(ascii: "!"):
      if next == UInt8(ascii: "=") {
        position += 2
        return Token(.symbol, "!=", range(start, position))
      }
      position += 1
      diagnostics.append(Diagnostic(.bangWithoutEquals(), at: range(start, position)))
      return nil
    case UInt8(ascii: "|"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
      UInt8(ascii: ":"):
      position += 1
      return Token(.symbol, text(start, position), range(start, position))
    default:
      let length = scalarLength(at: position)
      position += length
      diagnostics.append(
        Diagnostic(.unexpectedCharacter(text(start, position)), at: range(start, position)))
      return nil
    }
  }

  /// `12`, `0.5`, and with letters attached a dimension: `58mm`, `2x1`, `0.5in`.
  private mutating func lexNumber() -> Token {
    let start = position
    while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."),
      isDigit(bytes[position + 1])
    {
      position += 1
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    // `50%` in an option (`width=50%`) is a dimension; `17 % 5` keeps its spaces.
    if position < bytes.count, bytes[position] == UInt8(ascii: "%") {
      let after: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : UInt8(ascii: "\n")
      if after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\n")
        || after == UInt8(ascii: "\r")
      {
        position += 1
        return Token(.dimension, text(start, position), range(start, position))
      }
    }
    guard position < bytes.count, isIdentifierStart(bytes[position]) else {
      return Token(.number, text(start, position), range(start, position))
    }
    while position < bytes.count,
      isIdentifierPart(bytes[position])
        || (bytes[position] == UInt8(ascii: ".") && position + 1 < bytes.count
          && isDigit(bytes[position + 1]))
    {
      position += 1
    }
    return Token(.dimension, text(start, position), range(start, position))
  }

  /// A quoted string on one line, with escapes resolved and interpolations lexed. With
  /// `escapedQuotes` (a mistaken `\"` inside '{{ }}', already reported) it ends at `\"`.
  private mutating func lexString(depth: Int, escapedQuotes: Bool = false) -> Token {
    let start = escapedQuotes ? position - 1 : position
    let quote = bytes[position]
    position += 1
    if depth > maxNesting {
      diagnostics.append(Diagnostic(.interpolationNestedTooDeep(), at: range(start, position)))
      skipNestedString(quote: quote)
      return Token(.string(StringLiteral(parts: [])), text(start, position), range(start, position))
    }
    var parts: [StringLiteral.Part] = []
    var pending: [UInt8] = []
    var pendingStart = position
    var unclosedInterpolation = false
    func flush(_ end: Int) {
      if !pending.isEmpty {
        parts.append(.text(String(decoding: pending, as: UTF8.self), range(pendingStart, end)))
        pending.removeAll(keepingCapacity: true)
      }
    }
    while true {
      guard !atLineEnd else {
        // An unclosed '{{' has been reported and ran to the line's end: this string's missing
        // quote is the same mistake, not a second one.
        if !unclosedInterpolation {
          diagnostics.append(Diagnostic(.unterminatedString(), at: range(start, start + 1)))
        }
        flush(position)
        return Token(.string(StringLiteral(parts: parts)), text(start, position), range(start, position))
      }
      let byte = bytes[position]
      if byte == quote, !escapedQuotes {
        flush(position)
        position += 1
        return Token(.string(StringLiteral(parts: parts)), text(start, position), range(start, position))
      }
      if escapedQuotes, byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == quote {
        flush(position)
        diagnostics.append(Diagnostic(.backslashInExpression(), at: range(position, position + 1)))
        position += 2
        return Token(.string(StringLiteral(parts: parts)), text(start, position), range(start, position))
      }
      if byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
        // `\<` is a literal '<' where an inline span tag could start: a part of its own, two
        // bytes long for one character, is how the span reader tells it from a tag's '<'.
        flush(position)
        parts.append(.text("<", range(position, position + 2)))
        position += 2
        pendingStart = position
        continue
      }
      if byte == UInt8(ascii: "\\") {
        if pending.isEmpty { pendingStart = position }
        lexEscape(into: &pending)
        continue
      }
      if byte == UInt8(ascii: "{"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "{") {
        flush(position)
        let part = lexInterpolation(depth: depth)
        if let part { parts.append(part) } else { unclosedInterpolation = true }
        pendingStart = position
        continue
      }
      if pending.isEmpty { pendingStart = position }
      pending.append(byte)
      position += 1
    }
  }

  /// `{{ expression }}` inside a string: its tokens up to the closing braces.
  private mutating func lexInterpolation(depth: Int) -> StringLiteral.Part? {
    let start = position
    position += 2
    var tokens: [Token] = []
    let reported = diagnostics.count
    while true {
      guard !atLineEnd else {
        // One unclosed '{{' is one mistake: the quote that was meant to close the string
        // opened a string inside the expression instead, and its "unterminated string" (or an
        // inner unclosed '{{', already reported) says nothing more.
        let repeated: Set = [
          DiagnosticMessage.unterminatedString().id, DiagnosticMessage.unterminatedInterpolation().id,
        ]
        let kept = diagnostics[reported...].filter { !repeated.contains($0.id) }
        diagnostics.replaceSubrange(reported..., with: kept)
        diagnostics.append(Diagnostic(.unterminatedInterpolation(), at: range(start, start + 2)))
        return nil
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        position += 1
        continue
      }
      if byte == UInt8(ascii: "}"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "}") {
        position += 2
        tokens.append(Token(.end, "}}", range(position - 2, position)))
        return .interpolation(tokens, range(start, position))
      }
      if let token = lexToken(depth: depth, inExpression: true) { tokens.append(token) }
    }
  }

  /// One escape sequence after a backslash, appended as UTF-8.
  private mutating func lexEscape(into buffer: inout [UInt8]) {
    let start = position
    position += 1
    guard position < bytes.count, bytes[position] != UInt8(ascii: "\n") else {
      diagnostics.append(Diagnostic(.invalidEscape(""), at: range(start, position)))
      return
    }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "{"),
      UInt8(ascii: "}"):
      buffer.append(byte)
    // `\ ` is a hard space: U+00A0, which no line breaks at and no line end drops.
    case UInt8(ascii: " "): buffer.append(contentsOf: [0xC2, 0xA0])
    case UInt8(ascii: "n"): buffer.append(UInt8(ascii: "\n"))
    case UInt8(ascii: "t"): buffer.append(UInt8(ascii: "\t"))
    case UInt8(ascii: "u"):
      guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
        diagnostics.append(Diagnostic(.invalidUnicodeEscape(), at: range(start, position)))
        return
      }
      position += 1
      var value: UInt32 = 0
      var digits = 0
      while position < bytes.count, let digit = hexValue(bytes[position]), digits < 8 {
        value = value &* 16 &+ UInt32(digit)
        digits += 1
        position += 1
      }
      let closed = position < bytes.count && bytes[position] == UInt8(ascii: "}")
      // A closed escape is consumed whole, valid or not, so its brace is not left as text.
      if closed { position += 1 }
      guard digits > 0, closed, let scalar = Unicode.Scalar(value) else {
        diagnostics.append(Diagnostic(.invalidUnicodeEscape(), at: range(start, position)))
        return
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      position = start + 1 + scalarLength(at: start + 1)
      diagnostics.append(
        Diagnostic(.invalidEscape(text(start + 1, position)), at: range(start, position)))
    }
  }

  /// Whether `position` is at the end of the input or of a line (`\n` or `\r\n`).
  private var atLineEnd: Bool {
    guard position < bytes.count else { return true }
    let byte = bytes[position]
    return byte == UInt8(ascii: "\n")
      || (byte == UInt8(ascii: "\r") && position + 1 < bytes.count
        && bytes[position + 1] == UInt8(ascii: "\n"))
  }

  /// Skips a string nested too deeply to lex, up to its closing quote, tracking the strings
  /// and interpolations inside it with a stack instead of recursion.
  private mutating func skipNestedString(quote: UInt8) {
    var open: [UInt8] = [quote]  // a quote for a string, `{` for an interpolation
    while let top = open.last, !atLineEnd {
      let byte = bytes[position]
      let next: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : 0
      if top == UInt8(ascii: "{") {
        if byte == UInt8(ascii: "}"), next == UInt8(ascii: "}") {
          open.removeLast()
          position += 2
          continue
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { open.append(byte) }
      } else if byte == UInt8(ascii: "\\") {
        // The escaped byte is skipped with it, unless the line (or the file) ends there: a
        // backslash as the last byte took the position past the end.
        if position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "\n") { position += 1 }
      } else if byte == top {
        open.removeLast()
      } else if byte == UInt8(ascii: "{"), next == UInt8(ascii: "{") {
        open.append(UInt8(ascii: "{"))
        position += 1
      }
      position += 1
    }
  }

  private func firstInvalidUTF8Offset() -> Int? {
    var index = position
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length = scalarLength(at: index)
      let decoded = String(validating: bytes[index..<min(bytes.count, index + length)], as: UTF8.self)
      if length == 1 || decoded == nil { return index }
      index += length
    }
    return nil
  }

  /// The length in bytes of the UTF-8 sequence starting at `index` (1 for a stray byte).
  private func scalarLength(at index: Int) -> Int {
    guard index < bytes.count else { return 0 }
    let byte = bytes[index]
    let length =
      switch byte {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    return min(length, bytes.count - index)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private func isIdentifierPart(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private func range(_ start: Int, _ end: Int) -> SourceRange {
    SourceRange(file: file, start: start, end: end)
  }
}
