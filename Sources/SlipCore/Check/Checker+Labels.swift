import SlipIR

// Label elements: positions, text boxes and shapes in the label's dots.
extension Checker {
  /// A statement in a label template: elements with positions, loops, conditions, variables.
  mutating func checkOnLabel(_ statement: Statement, label: LabelSpec, media: ReceiptMedia)
    -> CheckedStatement?
  {
    switch statement {
    case .text(let text):
      return checkLabelText(text, label: label)
    case .image(let image):
      return checkImage(image, media: media)
    case .symbol(let symbol):
      return checkSymbol(symbol, media: media)
    case .shape(let shape):
      return checkShape(shape, label: label)
    case .forEach, .conditional, .set, .include, .table, .frame:
      // Blocks and variables work as on receipts (tables are refused in checkBlock).
      return nil
    case .row, .rule, .feed, .cut, .drawer:
      let keyword = Self.keywordOutsideTables(statement) ?? "row"
      diagnostics.append(Diagnostic(.receiptOnly(keyword), at: statement.range))
      return nil
    case .receipt(let header):
      diagnostics.append(Diagnostic(.headerNotFirst(header.kind), at: header.range))
      return nil
    }
  }

  /// `x=` and `y=` of a label element, both required.
  mutating func labelPosition(
    _ options: inout OptionReader, statement: String, range: SourceRange, dpi: Int
  ) -> LabelPoint? {
    let x = options.dots("x", dpi: dpi, in: -20_000...20_000)
    let y = options.dots("y", dpi: dpi, in: -20_000...20_000)
    guard let x, let y else {
      if options.range(of: "x") == nil || options.range(of: "y") == nil {
        diagnostics.append(Diagnostic(.positionMissing(statement), at: range))
      }
      return nil
    }
    return LabelPoint(x: x, y: y)
  }

  /// `text "…" x= y= [w=] [size=] [align=] [lines=N] [fit=shrink]`.
  mutating func checkLabelText(_ text: TextStatement, label: LabelSpec) -> CheckedStatement? {
    var options = OptionReader(
      text.options, statement: "text", accepts: ["x", "y", "w", "size", "align", "lines", "fit"])
    defer { diagnostics += options.diagnostics }
    checkText(text.content)
    let position = labelPosition(&options, statement: "text", range: text.range, dpi: label.dpi)
    let width = options.dots("w", dpi: label.dpi, in: 1...20_000)
    let size = options.dots("size", dpi: label.dpi, in: 8...2000) ?? 30
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let maxLines = options.integer("lines", in: 1...50) ?? 1
    let shrink = options.choice("fit", ["shrink"]) != nil
    if width == nil, alignment != .left || maxLines > 1 || shrink {
      diagnostics.append(Diagnostic(.textBoxNeedsWidth(), at: text.range))
    }
    guard let position else { return nil }
    let spec = LabelTextSpec(
      position: position, width: width, size: size, alignment: alignment, maxLines: maxLines, shrink: shrink)
    return .labelText(text.content, spec, text.range)
  }

  /// `box x y w h [border] [fill]`, `line x1 y1 x2 y2 [thickness]`, `circle x y d [border] [fill]`.
  mutating func checkShape(_ shape: ShapeStatement, label: LabelSpec) -> CheckedStatement? {
    let dpi = label.dpi
    switch shape.kind {
    case "line":
      var options = OptionReader(
        shape.options, statement: "line", accepts: ["x1", "y1", "x2", "y2", "thickness"])
      defer { diagnostics += options.diagnostics }
      let ends = ["x1", "y1", "x2", "y2"].map { options.dots($0, dpi: dpi, in: -20_000...20_000) }
      let thickness = options.dots("thickness", dpi: dpi, in: 1...500) ?? 2
      guard let x1 = ends[0], let y1 = ends[1], let x2 = ends[2], let y2 = ends[3] else {
        diagnostics.append(Diagnostic(.lineEndsMissing(), at: shape.range))
        return nil
      }
      return .shape(
        .line(LabelLine(x1: x1, y1: y1, x2: x2, y2: y2, thickness: thickness, source: nil)), shape.range)
    case "circle":
      var options = OptionReader(
        shape.options, statement: "circle", accepts: ["x", "y", "d", "border", "fill"])
      defer { diagnostics += options.diagnostics }
      let point = labelPosition(&options, statement: "circle", range: shape.range, dpi: dpi)
      let diameter = options.dots("d", dpi: dpi, in: 1...20_000)
      let border = options.dots("border", dpi: dpi, in: 1...500) ?? 2
      let filled = options.flag("fill")
      guard let point, let diameter else {
        if diameter == nil, options.range(of: "d") == nil {
          diagnostics.append(
            Diagnostic(.optionMissing("d", statement: "circle", example: "d=100"), at: shape.range))
        }
        return nil
      }
      return .shape(
        .circle(
          LabelCircle(x: point.x, y: point.y, diameter: diameter, border: border, filled: filled, source: nil)
        ),
        shape.range)
    default:
      var options = OptionReader(
        shape.options, statement: "box", accepts: ["x", "y", "w", "h", "border", "fill"])
      defer { diagnostics += options.diagnostics }
      let point = labelPosition(&options, statement: "box", range: shape.range, dpi: dpi)
      let width = options.dots("w", dpi: dpi, in: 1...20_000)
      let height = options.dots("h", dpi: dpi, in: 1...20_000)
      let border = options.dots("border", dpi: dpi, in: 1...500) ?? 2
      let filled = options.flag("fill")
      for (name, value) in [("w", width), ("h", height)] where value == nil && options.range(of: name) == nil
      {
        diagnostics.append(
          Diagnostic(.optionMissing(name, statement: "box", example: "w=200 h=100"), at: shape.range))
      }
      guard let point, let width, let height else { return nil }
      return .shape(
        .box(
          LabelBox(
            x: point.x, y: point.y, width: width, height: height, border: border, filled: filled, source: nil)
        ),
        shape.range)
    }
  }
}
