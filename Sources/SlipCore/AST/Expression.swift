/// An expression: inside `{{ }}`, after `if`, `for … in` and `set … =`.
public struct Expression: Sendable, Equatable {
  /// The shapes an expression takes, each with the syntax it stands for.
  public indirect enum Kind: Sendable, Equatable {
    /// `12`, `0.5`: an exact decimal.
    case number(ExactDecimal)
    /// `"text"` or `'text'`.
    case string(String)
    /// `true`, `false`.
    case boolean(Bool)
    /// `null`.
    case null
    /// `name`: a local variable or a top-level data key.
    case name(String)
    /// `base.member`.
    case member(Expression, String)
    /// `base[index]`.
    case index(Expression, Expression)
    /// `-x`, `not x`.
    case unary(UnaryOperator, Expression)
    /// `a + b`, `a and b`, `a < b`.
    case binary(BinaryOperator, Expression, Expression)
    /// `value | name(arguments)`.
    case filter(Expression, FilterCall)
  }

  /// The shape.
  public var kind: Kind
  /// Where it is written.
  public var range: SourceRange
  /// Levels of the tree below and including this node; later stages recurse this deep, so the
  /// parser refuses trees deeper than it allows.
  public let depth: Int

  /// An expression of `kind` at `range`.
  public init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
    self.depth =
      switch kind {
      case .number, .string, .boolean, .null, .name: 1
      case .member(let base, _): base.depth + 1
      case .index(let base, let index): max(base.depth, index.depth) + 1
      case .unary(_, let operand): operand.depth + 1
      case .binary(_, let left, let right): max(left.depth, right.depth) + 1
      case .filter(let input, let call): max(input.depth, call.arguments.map { $0.depth }.max() ?? 0) + 1
      }
  }

  /// The dotted path this expression names, such as `shop.name` or `items[0].qty`, if it is one.
  public var path: String? {
    switch kind {
    case .name(let name): name
    case .member(let base, let member): base.path.map { "\($0).\(member)" }
    case .index(let base, let index):
      switch (base.path, index.kind) {
      case (let base?, .number(let n)): "\(base)[\(n)]"
      case (let base?, .string(let s)): "\(base)[\"\(s)\"]"
      default: nil
      }
    default: nil
    }
  }
}

/// A prefix operator.
public enum UnaryOperator: String, Sendable, Equatable {
  case negate = "-"
  case not = "not"
}

/// An infix operator.
public enum BinaryOperator: String, Sendable, Equatable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case and = "and"
  case or = "or"
}

/// A filter application: `rupiah`, `rupiah(2)`, `default("-")`.
public struct FilterCall: Sendable, Equatable {
  /// The filter's name.
  public var name: String
  /// Where the name is written.
  public var nameRange: SourceRange
  /// The arguments in parentheses, if any.
  public var arguments: [Expression]
}
