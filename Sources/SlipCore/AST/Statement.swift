/// A parsed template: its statements in order.
public struct Template: Sendable, Equatable {
  /// The top-level statements.
  public var statements: [Statement]
}

/// One statement of the language; each case carries the struct for its syntax.
public enum Statement: Sendable, Equatable {
  /// `receipt paper=58mm font=A columns=32`: what the template prints on.
  case receipt(HeaderStatement)
  /// `text "…" align=center scale=2 bold`.
  case text(TextStatement)
  /// `row "left" | "right" bold`.
  case row(RowStatement)
  /// `rule` or `rule "="`.
  case rule(RuleStatement)
  /// `feed 2`.
  case feed(FeedStatement)
  /// `cut` or `cut partial`.
  case cut(CutStatement)
  /// `drawer` or `drawer pin=5`.
  case drawer(DrawerStatement)
  /// `for item in items … end`.
  case forEach(ForStatement)
  /// `if condition … else if condition … else … end`.
  case conditional(IfStatement)
  /// `set name = expression`.
  case set(SetStatement)
  /// `table widths="* 4 14" align="left right right" … end`.
  case table(TableStatement)
  /// `include "footer.slip"`.
  case include(IncludeStatement)
  /// `image "logo.png" width=50% align=center dither=atkinson`.
  case image(ImageStatement)
  /// `qr "{{ url }}" size=4 ecc=M` or `barcode code128 "{{ id }}" height=80 hri=below`.
  case symbol(SymbolStatement)
  /// `box x=0 y=0 w=812 h=609 border=4`, `line x1=… y1=… x2=… y2=…`, `circle x=… y=… d=…`.
  case shape(ShapeStatement)
  /// A receipt's `box border=line … end`, `columns widths="14 *" … end` or `column … end`.
  case frame(FrameStatement)

  /// Where the statement is written (for blocks, the opening line).
  public var range: SourceRange {
    switch self {
    case .receipt(let s): s.range
    case .text(let s): s.range
    case .row(let s): s.range
    case .rule(let s): s.range
    case .feed(let s): s.range
    case .cut(let s): s.range
    case .drawer(let s): s.range
    case .forEach(let s): s.range
    case .conditional(let s): s.branches[0].range
    case .set(let s): s.range
    case .table(let s): s.range
    case .include(let s): s.range
    case .image(let s): s.range
    case .symbol(let s): s.range
    case .shape(let s): s.range
    case .frame(let s): s.range
    }
  }
}

/// `receipt paper=58mm`: the template's kind and medium.
public struct HeaderStatement: Sendable, Equatable {
  /// The keyword as written (`receipt`).
  public var kind: String
  /// Options such as `paper=58mm`.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `text "Kopi {{ shop.name }}" align=center`.
public struct TextStatement: Sendable, Equatable {
  /// The text with its interpolations.
  public var content: TextTemplate
  /// Style and alignment options.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `row "left" | "right"`: cells on one line.
public struct RowStatement: Sendable, Equatable {
  /// The cells, left to right.
  public var cells: [TextTemplate]
  /// Style options for the whole row.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `rule` or `rule "="`: a line across the paper.
public struct RuleStatement: Sendable, Equatable {
  /// The character to repeat, if given.
  public var character: TextTemplate?
  /// Style options.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `feed 2`: blank lines.
public struct FeedStatement: Sendable, Equatable {
  /// How many lines; nil means one.
  public var lines: Expression?
  /// Options.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `cut` or `cut partial`.
public struct CutStatement: Sendable, Equatable {
  /// Options, including the bare word `partial`.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `drawer` or `drawer pin=5`: kick the cash drawer.
public struct DrawerStatement: Sendable, Equatable {
  /// Options.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `for item in items … end`.
public struct ForStatement: Sendable, Equatable {
  /// The loop variable.
  public var variable: String
  /// Where the variable is written.
  public var variableRange: SourceRange
  /// The list to iterate.
  public var sequence: Expression
  /// The loop's statements.
  public var body: [Statement]
  /// The `for … in …` line.
  public var range: SourceRange
}

/// `if … else if … else … end`.
public struct IfStatement: Sendable, Equatable {
  /// One `if` or `else if` with its statements.
  public struct Branch: Sendable, Equatable {
    /// The condition.
    public var condition: Expression
    /// The statements run when it holds.
    public var body: [Statement]
    /// The `if …` or `else if …` line.
    public var range: SourceRange
  }

  /// The conditional branches in order; never empty.
  public var branches: [Branch]
  /// The `else` statements, if there is an `else`.
  public var elseBody: [Statement]?
}

/// `set name = expression`.
public struct SetStatement: Sendable, Equatable {
  /// The variable.
  public var name: String
  /// Where the name is written.
  public var nameRange: SourceRange
  /// Its value.
  public var value: Expression
  /// The whole statement.
  public var range: SourceRange
}

/// `table widths="* 4 14" align="left right right"`, then rows (in loops and conditions) up to `end`.
public struct TableStatement: Sendable, Equatable {
  /// Column widths, alignment and gap.
  public var options: [Option]
  /// The rows and the statements that produce them.
  public var body: [Statement]
  /// The `table …` line.
  public var range: SourceRange
}

/// A block that lays statements out in a frame of its own on a receipt.
public struct FrameStatement: Sendable, Equatable {
  /// Which block.
  public enum Kind: String, Sendable, Equatable {
    /// `box border=line … end`: a border around statements.
    case box
    /// `columns widths="14 *" gap=1 valign=top … end`: `column` blocks side by side.
    case columns
    /// `column align=right … end`: one of them.
    case column
  }

  /// Which block.
  public var kind: Kind
  /// Its options.
  public var options: [Option]
  /// The statements inside.
  public var body: [Statement]
  /// The opening line.
  public var range: SourceRange
}

/// `include "footer.slip"`: another template's statements, in place.
public struct IncludeStatement: Sendable, Equatable {
  /// The path as written, relative to the including file.
  public var path: String
  /// Where the path is written.
  public var pathRange: SourceRange
  /// The whole statement.
  public var range: SourceRange
}

/// `image "logo.png" [width=N|N%] [align=…] [dither=…] [threshold=N]`: a picture file.
public struct ImageStatement: Sendable, Equatable {
  /// The path as written, relative to the template's file.
  public var path: String
  /// Where the path is written.
  public var pathRange: SourceRange
  /// Size, placement and dithering.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
  /// The path as written when it interpolates data (`image "{{ logo }}"`: a `data:` URI or a
  /// path, read when the receipt is rendered); nil for a fixed path, read when it compiles.
  public var template: TextTemplate? = nil
}

/// `qr "…" [size=N] [ecc=L|M|Q|H] [align=…]` or
/// `barcode TYPE "…" [height=N] [module=N] [hri=none|above|below] [align=…]`.
public struct SymbolStatement: Sendable, Equatable {
  /// `qr`, or the barcode type as written (`code128`, `ean13`, …).
  public var symbology: String
  /// Where the type is written (the `qr` keyword for QR codes).
  public var symbologyRange: SourceRange
  /// The data, with its interpolations.
  public var content: TextTemplate
  /// Size, placement and options.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// A label's drawing: `box`, `line` or `circle` with its options.
public struct ShapeStatement: Sendable, Equatable {
  /// `box`, `line` or `circle`.
  public var kind: String
  /// Position, size, border and fill.
  public var options: [Option]
  /// The whole statement.
  public var range: SourceRange
}

/// `name` or `name=value` after a statement's arguments.
public struct Option: Sendable, Equatable {
  /// What an option's value looks like.
  public enum Value: Sendable, Equatable {
    /// `center`, `A`.
    case word(String)
    /// `2`, `0.5`.
    case number(String)
    /// `58mm`, `2x1`.
    case dimension(String)
    /// `"* 4 14"`.
    case string(TextTemplate)
  }

  /// The option's name.
  public var name: String
  /// Where the name is written.
  public var nameRange: SourceRange
  /// The value after `=`, if any.
  public var value: Value?
  /// Where the value is written.
  public var valueRange: SourceRange?

  /// The whole option.
  public var range: SourceRange { valueRange.map(nameRange.union) ?? nameRange }

  /// The value's text as written, for messages; strings without interpolation give their text.
  public var valueText: String? {
    switch value {
    case .word(let s), .number(let s), .dimension(let s): s
    case .string(let template): template.literalText
    case nil: nil
    }
  }
}

/// Text with `{{ expression }}` interpolations.
public struct TextTemplate: Sendable, Equatable {
  /// A piece of text.
  public enum Part: Sendable, Equatable {
    /// Literal text.
    case text(String, SourceRange)
    /// An interpolated expression.
    case expression(Expression)
    /// An inline span tag, `<b>` or `</b>`: only in printed text, where the checker reads them
    /// out of its literal pieces (``SpanReader``).
    case span(SpanTag, SourceRange)
  }

  /// The pieces in order.
  public var parts: [Part]
  /// The whole literal, quotes included.
  public var range: SourceRange

  /// The text when there is no interpolation.
  public var literalText: String? {
    var out = ""
    for part in parts {
      guard case .text(let text, _) = part else { return nil }
      out += text
    }
    return out
  }
}
