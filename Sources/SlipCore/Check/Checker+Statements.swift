import SlipIR

// A block's statements, each checked where it stands: in a table, on a label or on a receipt.
extension Checker {
  mutating func checkBlock(_ statements: [Statement], media: ReceiptMedia) -> [CheckedStatement] {
    var checked: [CheckedStatement] = []
    for statement in statements {
      switch statement {
      case .include(let include):
        checked += checkInclude(include, media: media)
      case .table(let table):
        if label != nil {
          diagnostics.append(Diagnostic(.receiptOnly("table"), at: table.range))
        } else {
          checked += checkTable(table, media: media)
        }
      case .frame(let frame):
        if label != nil {
          diagnostics.append(Diagnostic(.receiptOnly(frame.kind.rawValue), at: frame.range))
        } else if table != nil {
          diagnostics.append(Diagnostic(.notInTable(frame.kind.rawValue), at: frame.range))
        } else {
          switch frame.kind {
          case .box: checked += checkFrame(frame, media: media)
          case .columns: checked += checkColumns(frame, media: media)
          case .column: diagnostics.append(Diagnostic(.columnOutsideColumns(), at: frame.range))
          }
        }
      default:
        if let statement = checkStatement(statement, media: media) { checked.append(statement) }
      }
    }
    return checked
  }

  mutating func checkStatement(_ statement: Statement, media: ReceiptMedia) -> CheckedStatement? {
    if let label {
      return checkOnLabel(statement, label: label, media: media)
    }
    if case .shape(let shape) = statement {
      diagnostics.append(Diagnostic(.labelOnly(shape.kind), at: shape.range))
      return nil
    }
    if table != nil, let keyword = Self.keywordOutsideTables(statement) {
      diagnostics.append(Diagnostic(.notInTable(keyword), at: statement.range))
      return nil
    }
    if boxDepth > 0, let keyword = Self.keywordOutsideBoxes(statement) {
      diagnostics.append(Diagnostic(.notInBox(keyword), at: statement.range))
      return nil
    }
    switch statement {
    case .include, .table, .frame:
      // Expanded in place by checkBlock.
      return nil
    case .image(let image):
      return checkImage(image, media: media)
    case .symbol(let symbol):
      return checkSymbol(symbol, media: media)
    case .shape:
      return nil
    case .receipt(let header):
      diagnostics.append(Diagnostic(.headerNotFirst(header.kind), at: header.range))
      return nil
    case .text(let text):
      let settings = lineSettings(text.options, statement: "text", alignable: true, media: media)
      checkFramed(settings, options: text.options, at: text.range, media: media)
      return .text(checkPrinted(text.content), settings, text.range)
    case .row(let row):
      // In a table, `align=` and `header` belong to the table's columns, not the line.
      let lineOptions =
        table == nil ? row.options : row.options.filter { !Self.tableRowOptions.contains($0.name) }
      let settings = lineSettings(lineOptions, statement: "row", alignable: false, media: media)
      let cells = row.cells.map { checkPrinted($0) }
      if table?.border ?? .none != .none || boxDepth > 0 {
        checkFramed(settings, options: row.options, at: row.range, media: media)
      }
      guard let table else { return .row(cells, settings, row.range) }
      guard row.cells.count == table.columns.count else {
        diagnostics.append(
          Diagnostic(
            .tableCellCount(row.cells.count, expected: table.columns.count), at: row.range,
            notes: [.tableColumnsSetHere(at: table.range)]))
        return nil
      }
      // A table's columns are counted in single-width characters: a row printed wider would
      // run off the paper or wrap its words in half (issue 21).
      guard settings.scale.width == 1 else {
        let scaleRange = row.options.last(where: { $0.name == "scale" })?.range
        diagnostics.append(
          Diagnostic(
            .tableRowScaled(settings.scale.width), at: scaleRange ?? row.range,
            notes: [Note("the table's columns are set here", at: table.range)],
            help: [Help.tableRowScaled()]))
        return nil
      }
      return .tableRow(cells, settings, tableRow(row, in: table), row.range)
    case .rule(let rule):
      var options = OptionReader(rule.options, statement: "rule", accepts: ["font", "bold"])
      let font = options.choice("font", ["A", "B"]).flatMap(Font.init(rawValue:)) ?? media.font
      let style = TextStyle(bold: options.flag("bold"))
      diagnostics += options.diagnostics
      var character = "-"
      if let template = rule.character {
        if let text = template.literalText, text.count == 1,
          TextWidth.columns(of: TextWidth.normalized(text)) == 1
        {
          character = TextWidth.normalized(text)
        } else {
          diagnostics.append(Diagnostic(.ruleCharacter(template.literalText ?? "{{ }}"), at: template.range))
        }
      }
      let settings = LineSettings(font: font, scale: .normal, alignment: .left, style: style)
      checkFramed(settings, options: rule.options, at: rule.range, media: media)
      return .rule(character, settings, rule.range)
    case .feed(let feed):
      let options = OptionReader(feed.options, statement: "feed", accepts: [])
      diagnostics += options.diagnostics
      if let lines = feed.lines {
        checkExpression(lines)
        checkFeedLiteral(lines)
      }
      return .feed(feed.lines, feed.range)
    case .cut(let cut):
      var options = OptionReader(cut.options, statement: "cut", accepts: ["partial", "full"])
      let partial = options.flag("partial")
      if options.flag("full"), partial, let range = options.range(of: "full") {
        diagnostics.append(Diagnostic(.conflictingOptions("partial", "full", statement: "cut"), at: range))
      }
      diagnostics += options.diagnostics
      return .cut(partial ? .partial : .full, cut.range)
    case .drawer(let drawer):
      var options = OptionReader(drawer.options, statement: "drawer", accepts: ["pin", "on", "off"])
      let pin = options.choice("pin", ["2", "5"]).flatMap { Int($0) } ?? 2
      let on = options.integer("on", in: 2...510) ?? 100
      let off = options.integer("off", in: 2...510) ?? 100
      diagnostics += options.diagnostics
      return .drawer(pin: pin, on: on, off: off, drawer.range)
    case .forEach, .conditional, .set:
      return checkBlockStatement(statement, media: media)
    }
  }

  /// `for`, `if` and `set`, the same on receipts and labels: bodies are checked where they stand.
  mutating func checkBlockStatement(_ statement: Statement, media: ReceiptMedia) -> CheckedStatement? {
    switch statement {
    case .forEach(let loop):
      checkExpression(loop.sequence)
      loopDepth += 1
      let body = checkBlock(loop.body, media: media)
      loopDepth -= 1
      return .forEach(variable: loop.variable, sequence: loop.sequence, body: body, loop.range)
    case .conditional(let conditional):
      var branches: [(Expression, [CheckedStatement])] = []
      for branch in conditional.branches {
        checkExpression(branch.condition)
        branches.append((branch.condition, checkBlock(branch.body, media: media)))
      }
      let elseBody = conditional.elseBody.map { checkBlock($0, media: media) }
      return .conditional(branches: branches, elseBody: elseBody)
    case .set(let set):
      checkExpression(set.value)
      return .set(name: set.name, value: set.value, set.range)
    default:
      return nil
    }
  }

  /// A count written into the template is judged here, as the evaluator would judge it, so that
  /// `slip check` rejects `feed 256` without data rather than the render failing as a data error.
  mutating func checkFeedLiteral(_ lines: Expression) {
    let literal: Value? =
      switch lines.kind {
      case .number(let n): .number(n)
      case .unary(.negate, let operand):
        if case .number(let n) = operand.kind { .number(n.negated) } else { nil }
      case .string(let text): .string(text)
      case .boolean(let flag): .bool(flag)
      case .null: .null
      default: nil
      }
    guard let literal else { return }
    if case .number(let n) = literal, let count = n.intValue, (0...255).contains(count) { return }
    diagnostics.append(Diagnostic(.feedLiteral(FilterCatalog.describe(literal)), at: lines.range))
  }

  /// Statements that print on their own lines and so cannot sit between a table's rows.
  static func keywordOutsideTables(_ statement: Statement) -> String? {
    switch statement {
    case .text: "text"
    case .rule: "rule"
    case .feed: "feed"
    case .cut: "cut"
    case .drawer: "drawer"
    case .image: "image"
    case .symbol(let s): s.symbology == "qr" ? "qr" : "barcode"
    case .shape(let s): s.kind
    case .receipt(let header): header.kind
    default: nil
    }
  }

  /// `font`, `scale`, `align` (where the statement aligns), `bold`, `underline`, `invert`.
  mutating func lineSettings(
    _ options: [Option], statement: String, alignable: Bool, media: ReceiptMedia
  ) -> LineSettings {
    var names = ["font", "scale", "bold", "underline", "invert", "wrap"]
    if alignable { names.insert("align", at: 0) }
    var reader = OptionReader(options, statement: statement, accepts: names)
    defer { diagnostics += reader.diagnostics }
    let font = reader.choice("font", ["A", "B"]).flatMap(Font.init(rawValue:)) ?? media.font
    let scale = reader.scale("scale").map { Scale(width: $0.width, height: $0.height) } ?? .normal
    let alignment =
      reader.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let style = TextStyle(
      bold: reader.flag("bold"), underline: reader.flag("underline"), invert: reader.flag("invert"))
    let wrap = reader.choice("wrap", ["word", "char", "none"]).flatMap(WrapMode.init(rawValue:)) ?? .word
    return LineSettings(font: font, scale: scale, alignment: alignment, style: style, wrap: wrap)
  }
}
