import SlipIR

// Frames: `box … end` around statements, and what may print inside a border.
extension Checker {
  /// `box border=line … end` (and, inside `columns`, `column … end`): its statements, between
  /// the frame's top and bottom.
  mutating func checkFrame(_ frame: FrameStatement, media: ReceiptMedia) -> [CheckedStatement] {
    var options = OptionReader(frame.options, statement: frame.kind.rawValue, accepts: ["border"])
    let border =
      options.choice("border", Border.allCases.map { $0.rawValue }).flatMap(Border.init(rawValue:)) ?? .line
    diagnostics += options.diagnostics
    // The box's rule and a space each side take 4 columns; it must leave at least one.
    guard media.columns > 4 else {
      diagnostics.append(Diagnostic(.boxTooNarrow(columns: media.columns), at: frame.range))
      return []
    }
    boxDepth += 1
    defer { boxDepth -= 1 }
    // Inside, statements print on what the box's rule and a space each side leave: pictures
    // scale to it, tables must fit it.
    let body = checkBlock(frame.body, media: Self.media(media, columns: media.columns - 4))
    return [.box(border, .top, frame.range)] + body + [.box(border, .bottom, frame.range)]
  }

  /// Inside a border, a line must keep the border's columns: the receipt's font at single width
  /// (a wider or other font's line would put its rules between the others').
  mutating func checkFramed(
    _ settings: LineSettings, options: [Option], at range: SourceRange, media: ReceiptMedia
  ) {
    guard boxDepth > 0 || (table?.border ?? .none) != .none else { return }
    // A table's scaled row is already E0341.
    if settings.scale.width > 1, table == nil {
      let at = options.last(where: { $0.name == "scale" })?.range ?? range
      diagnostics.append(Diagnostic(.frameLine("\(settings.scale.width) times as wide"), at: at))
    } else if settings.font != media.font {
      let at = options.last(where: { $0.name == "font" })?.range ?? range
      diagnostics.append(Diagnostic(.frameLine("in font \(settings.font.rawValue)"), at: at))
    }
  }

  /// Statements that cannot print between a box's rules: they print nothing to frame.
  static func keywordOutsideBoxes(_ statement: Statement) -> String? {
    switch statement {
    case .cut: "cut"
    case .drawer: "drawer"
    default: nil
    }
  }
}

// Columns: `columns widths="14 *" gap=1 valign=top … end` and the `column` blocks inside.
extension Checker {
  /// `columns … end`: each `column`'s statements checked on paper as wide as the column, so that
  /// pictures scale, tables fit and rows wrap in its width.
  mutating func checkColumns(_ frame: FrameStatement, media: ReceiptMedia) -> [CheckedStatement] {
    var options = OptionReader(frame.options, statement: "columns", accepts: ["widths", "gap", "valign"])
    defer { diagnostics += options.diagnostics }
    let gap = options.integer("gap", in: 0...8) ?? 1
    let alignment =
      options.choice("valign", VerticalAlignment.allCases.map { $0.rawValue }).flatMap(VerticalAlignment.init)
      ?? .top
    var blocks: [FrameStatement] = []
    for statement in frame.body {
      if case .frame(let inner) = statement, inner.kind == .column {
        blocks.append(inner)
      } else {
        diagnostics.append(Diagnostic(.notInColumns(Self.keyword(of: statement)), at: statement.range))
      }
    }
    guard let widthsText = options.text("widths", expected: ExpectedValue.widthWords) else {
      if !frame.options.contains(where: { $0.name == "widths" }) {
        diagnostics.append(
          Diagnostic(
            .optionMissing("widths", statement: "columns", example: "widths=\"14 *\""), at: frame.range))
      }
      return []
    }
    var widths: [TableSpec.Column] = []
    for word in widthsText.split(separator: " ") {
      if word == "*" {
        widths.append(TableSpec.Column(fixed: nil, alignment: .left))
      } else if let width = Int(word), (1...255).contains(width) {
        widths.append(TableSpec.Column(fixed: width, alignment: .left))
      } else {
        options.reportValue("widths", widthsText, expected: ExpectedValue.widthWords)
        return []
      }
    }
    guard widths.count == blocks.count else {
      diagnostics.append(Diagnostic(.columnCount(blocks.count, expected: widths.count), at: frame.range))
      return []
    }
    // The columns share the line as a table's columns do.
    let grid = TableSpec(columns: widths, gap: gap, range: frame.range)
    guard grid.minimumWidth <= media.columns else {
      diagnostics.append(
        Diagnostic(.columnsTooWide(grid.minimumWidth, columns: media.columns), at: frame.range))
      return []
    }
    let resolved = grid.widths(total: media.columns)
    let used = resolved.reduce(0, +) + gap * (resolved.count - 1)
    var start = 0
    var columns: [(start: Int, width: Int)] = []
    var bodies: [[CheckedStatement]] = []
    for (block, width) in zip(blocks, resolved) {
      var columnOptions = OptionReader(block.options, statement: "column", accepts: ["align"])
      let align = columnOptions.choice("align", ["left", "center", "right"]).flatMap(
        Alignment.init(rawValue:))
      diagnostics += columnOptions.diagnostics
      // A lone column narrower than the line is placed by its `align=`.
      if blocks.count == 1, let align {
        start =
          switch align {
          case .left: 0
          case .center: (media.columns - used) / 2
          case .right: media.columns - used
          }
      }
      columns.append((start, width))
      // A column's lines are its own: a box around the columns frames the band, not each line.
      let depth = boxDepth
      boxDepth = 0
      bodies.append(checkBlock(block.body, media: Self.media(media, columns: width)))
      boxDepth = depth
      start += width + gap
    }
    return [.columns(ColumnsSpec(columns: columns, alignment: alignment), bodies, frame.range)]
  }

  /// The receipt's medium narrowed to `columns` of its font: what a column's statements print on.
  static func media(_ media: ReceiptMedia, columns: Int) -> ReceiptMedia {
    let dots = columns * media.font.cellWidth
    let other: Font = media.font == .a ? .b : .a
    var narrow = media
    narrow.widthDots = dots
    narrow.columns = columns
    narrow.alternateColumns = dots / other.cellWidth
    return narrow
  }

  /// A statement's keyword, for messages.
  static func keyword(of statement: Statement) -> String {
    switch statement {
    case .row: "row"
    case .forEach: "for"
    case .conditional: "if"
    case .set: "set"
    case .table: "table"
    case .include: "include"
    case .frame(let frame): frame.kind.rawValue
    default: keywordOutsideTables(statement) ?? "statement"
    }
  }
}
