import SlipIR

/// Validates a parsed template and resolves its options: the header, every statement's
/// options, filters and their arities, and names that only exist in some places (`loop`).
struct Checker {
  private let filters: FilterCatalog
  private var diagnostics: [Diagnostic] = []
  /// How many `for` blocks enclose the statement being checked.
  private var loopDepth = 0

  init(filters: FilterCatalog = .standard) {
    self.filters = filters
  }

  /// The checked template (nil when the header is unusable) and the problems found.
  mutating func check(_ template: Template) -> (template: CheckedTemplate?, diagnostics: [Diagnostic]) {
    var statements = template.statements[...]
    var media: ReceiptMedia?
    if case .receipt(let header) = statements.first {
      media = checkHeader(header)
      statements = statements.dropFirst()
    } else {
      let place = statements.first?.range
      diagnostics.append(
        Diagnostic(
          .missingHeader(), at: place,
          help: ["start the template with a line such as 'receipt paper=58mm'"]))
    }
    let body = checkBlock(Array(statements), media: media ?? Self.defaultMedia)
    guard let media else { return (nil, diagnostics) }
    return (CheckedTemplate(media: media, body: body), diagnostics)
  }

  /// 58 mm, font A: what checking continues with when the header is missing.
  static let defaultMedia = ReceiptMedia(
    paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42)

  // MARK: Header

  private mutating func checkHeader(_ header: HeaderStatement) -> ReceiptMedia? {
    var options = OptionReader(header.options, statement: "receipt", accepts: ["paper", "font", "columns"])
    defer { diagnostics += options.diagnostics }
    let papers = ["58mm": 384, "80mm": 576]
    let paper = options.choice("paper", ["58mm", "80mm"]) ?? "58mm"
    let widthDots = papers[paper] ?? 384
    let font = options.choice("font", ["A", "B"]).flatMap(Font.init(rawValue:)) ?? .a
    let other: Font = font == .a ? .b : .a
    let most = widthDots / font.cellWidth
    var columns = most
    if let requested = options.integer("columns", in: 1...255) {
      if requested > most, let range = options.range(of: "columns") {
        diagnostics.append(
          Diagnostic(
            .columnsTooMany(requested, paper: paper, font: font.rawValue, most: most), at: range))
      } else {
        columns = requested
      }
    }
    return ReceiptMedia(
      paper: paper, widthDots: widthDots, dpi: 203, font: font, columns: columns,
      alternateColumns: widthDots / other.cellWidth)
  }

  // MARK: Statements

  private mutating func checkBlock(_ statements: [Statement], media: ReceiptMedia) -> [CheckedStatement] {
    var checked: [CheckedStatement] = []
    for statement in statements {
      if let statement = checkStatement(statement, media: media) { checked.append(statement) }
    }
    return checked
  }

  private mutating func checkStatement(_ statement: Statement, media: ReceiptMedia) -> CheckedStatement? {
    switch statement {
    case .receipt(let header):
      diagnostics.append(Diagnostic(.headerNotFirst(header.kind), at: header.range))
      return nil
    case .text(let text):
      let settings = lineSettings(text.options, statement: "text", alignable: true, media: media)
      checkText(text.content)
      return .text(text.content, settings, text.range)
    case .row(let row):
      let settings = lineSettings(row.options, statement: "row", alignable: false, media: media)
      row.cells.forEach { checkText($0) }
      return .row(row.cells, settings, row.range)
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
      return .rule(character, settings, rule.range)
    case .feed(let feed):
      let options = OptionReader(feed.options, statement: "feed", accepts: [])
      diagnostics += options.diagnostics
      feed.lines.map { checkExpression($0) }
      return .feed(feed.lines, feed.range)
    case .cut(let cut):
      var options = OptionReader(cut.options, statement: "cut", accepts: ["partial", "full"])
      let partial = options.flag("partial")
      _ = options.flag("full")
      diagnostics += options.diagnostics
      return .cut(partial ? .partial : .full, cut.range)
    case .drawer(let drawer):
      var options = OptionReader(drawer.options, statement: "drawer", accepts: ["pin", "on", "off"])
      let pin = options.choice("pin", ["2", "5"]).flatMap { Int($0) } ?? 2
      let on = options.integer("on", in: 2...510) ?? 100
      let off = options.integer("off", in: 2...510) ?? 100
      diagnostics += options.diagnostics
      return .drawer(pin: pin, on: on, off: off, drawer.range)
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
    }
  }

  /// `font`, `scale`, `align` (where the statement aligns), `bold`, `underline`, `invert`.
  private mutating func lineSettings(
    _ options: [Option], statement: String, alignable: Bool, media: ReceiptMedia
  ) -> LineSettings {
    var names = ["font", "scale", "bold", "underline", "invert"]
    if alignable { names.insert("align", at: 0) }
    var reader = OptionReader(options, statement: statement, accepts: names)
    defer { diagnostics += reader.diagnostics }
    let font = reader.choice("font", ["A", "B"]).flatMap(Font.init(rawValue:)) ?? media.font
    let scale = reader.scale("scale").map { Scale(width: $0.width, height: $0.height) } ?? .normal
    let alignment = reader.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let style = TextStyle(
      bold: reader.flag("bold"), underline: reader.flag("underline"), invert: reader.flag("invert"))
    return LineSettings(font: font, scale: scale, alignment: alignment, style: style)
  }

  // MARK: Expressions

  private mutating func checkText(_ text: TextTemplate) {
    for case .expression(let expression) in text.parts {
      checkExpression(expression)
    }
  }

  private mutating func checkExpression(_ expression: Expression) {
    switch expression.kind {
    case .number, .string, .boolean, .null:
      break
    case .name(let name):
      if name == "loop", loopDepth == 0 {
        diagnostics.append(Diagnostic(.loopOutsideFor(), at: expression.range))
      }
    case .member(let base, _):
      checkExpression(base)
    case .index(let base, let index):
      checkExpression(base)
      checkExpression(index)
    case .unary(_, let operand):
      checkExpression(operand)
    case .binary(_, let left, let right):
      checkExpression(left)
      checkExpression(right)
    case .filter(let input, let call):
      checkExpression(input)
      call.arguments.forEach { checkExpression($0) }
      guard let filter = filters[call.name] else {
        let names = filters.filters.keys.sorted()
        var (help, fixIts) = Suggestion.didYouMean(call.name, at: call.nameRange, in: names)
        if help.isEmpty {
          help.append("the filters are \(names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        diagnostics.append(
          Diagnostic(.unknownFilter(call.name), at: call.nameRange, help: help, fixIts: fixIts))
        return
      }
      let count = call.arguments.count
      if count < filter.minArguments || count > filter.maxArguments {
        let expected =
          filter.minArguments == filter.maxArguments
          ? (filter.maxArguments == 0
            ? "no arguments" : "\(filter.maxArguments) argument\(filter.maxArguments == 1 ? "" : "s")")
          : "\(filter.minArguments) to \(filter.maxArguments) arguments"
        diagnostics.append(
          Diagnostic(
            .filterArity(call.name, expected: expected, got: count), at: call.nameRange,
            help: ["write it as \(filter.signature)"]))
      }
    }
  }
}
