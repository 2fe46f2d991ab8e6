/// One lexical unit of a template.
public struct Token: Sendable, Equatable {
  /// What kind of token it is.
  public enum Kind: Sendable, Equatable {
    /// A name or keyword: `text`, `item`, `bold`.
    case identifier
    /// A decimal number: `12`, `0.5`.
    case number
    /// A number with a unit or shape: `58mm`, `2x1`, `0.5in`.
    case dimension
    /// A quoted string with its interpolations.
    case string(StringLiteral)
    /// Punctuation or an operator: `|`, `=`, `==`, `(`.
    case symbol
    /// The end of a line: statements end here.
    case newline
    /// `# …` to the end of the line; only when the lexer keeps comments (for the formatter).
    case comment
    /// The end of the input.
    case end
  }

  /// The kind.
  public var kind: Kind
  /// The token's text as written (for strings, the whole literal with quotes).
  public var text: String
  /// Where it is.
  public var range: SourceRange

  /// A token of `kind` spelled `text` at `range`.
  public init(_ kind: Kind, _ text: String, _ range: SourceRange) {
    self.kind = kind
    self.text = text
    self.range = range
  }

  /// Whether this is the symbol `symbol`.
  public func isSymbol(_ symbol: String) -> Bool {
    kind == .symbol && text == symbol
  }

  /// Whether this is the identifier or keyword `name`.
  public func isIdentifier(_ name: String) -> Bool {
    kind == .identifier && text == name
  }
}

/// A quoted string: literal text and `{{ expression }}` interpolations, each with its range.
public struct StringLiteral: Sendable, Equatable {
  /// A piece of a string.
  public enum Part: Sendable, Equatable {
    /// Literal text, escapes already resolved.
    case text(String, SourceRange)
    /// The tokens between `{{` and `}}`; the range covers the braces.
    case interpolation([Token], SourceRange)
  }

  /// The pieces in order.
  public var parts: [Part]
}
