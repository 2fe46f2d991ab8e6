import SlipIR

// Label elements: positions, text boxes and shapes in the label's dots.
extension Checker {
  /// A statement in a label template: elements with positions, loops, conditions, variables.
  mutating func checkOnLabel(_ statement: Statement, label: LabelSpec, media: ReceiptMedia)
    -> CheckedStatement?
  {
    computedOptions = []
    let element: CheckedStatement?
    switch statement {
    case .text(let text):
      element = checkLabelText(text, label: label)
    case .image(let image):
      element = checkImage(image, media: media)
    case .symbol(let symbol):
      element = checkSymbol(symbol, media: media)
    case .shape(let shape):
      element = checkShape(shape, label: label)
    case .forEach, .conditional, .set:
      // Blocks and variables work as on receipts; their bodies come back here.
      return checkBlockStatement(statement, media: media)
    case .include, .table, .frame:
      // Expanded (or refused, for tables and frames) in checkBlock.
      return nil
    case .row, .rule, .feed, .cut, .drawer:
      let keyword = Self.keywordOutsideTables(statement) ?? "row"
      diagnostics.append(Diagnostic(.receiptOnly(keyword), at: statement.range))
      return nil
    case .receipt(let header):
      diagnostics.append(Diagnostic(.headerNotFirst(header.kind), at: header.range))
      return nil
    }
    let computed = computedOptions
    computedOptions = []
    guard let element, !computed.isEmpty else { return element }
    computed.forEach { checkText($0.content) }
    return .computed(element, computed)
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

  /// How many times a bitmap font's `cell` fits `value` exactly (1 to 10); reported at the
  /// option when it does not, and 1 then.
  mutating func magnification(
    of value: Int, cell: Int, font: String, option: String, _ options: inout OptionReader
  ) -> Int {
    let times = value / cell
    guard value % cell == 0, (1...10).contains(times) else {
      if let range = options.range(of: option) {
        diagnostics.append(
          Diagnostic(.bitmapFontSize(font, option: option, cell: cell, value: value), at: range))
      }
      return 1
    }
    return times
  }

  /// `rotate=0|90|180|270`, clockwise.
  mutating func rotation(_ options: inout OptionReader) -> Rotation {
    let names = Rotation.allCases.map { String($0.rawValue) }
    return options.choice("rotate", names).flatMap(Int.init).flatMap(Rotation.init(rawValue:)) ?? .none
  }

  /// `text "…" x= y= [w=] [size=] [align=] [lines=N] [fit=shrink]`.
  mutating func checkLabelText(_ text: TextStatement, label: LabelSpec) -> CheckedStatement? {
    var options = OptionReader(
      text.options, statement: "text",
      accepts: ["x", "y", "w", "size", "width", "font", "align", "lines", "fit", "rotate", "reverse"])
    options.allowsComputed = true
    defer {
      diagnostics += options.diagnostics
      computedOptions += options.computed
    }
    let position = labelPosition(&options, statement: "text", range: text.range, dpi: label.dpi)
    let width = options.dots("w", dpi: label.dpi, in: 1...20_000)
    let fontName = options.choice("font", ["0"] + ZebraBitmapFont.all.map { $0.name }) ?? "0"
    let bitmap = ZebraBitmapFont.named(fontName)
    // A bitmap font's cells are as small as 9 dots; font 0 below 8 would not print legibly.
    let size =
      options.dots("size", dpi: label.dpi, in: (bitmap == nil ? 8 : 1)...2000) ?? bitmap?.height ?? 30
    let glyphWidth = options.dots("width", dpi: label.dpi, in: (bitmap == nil ? 8 : 1)...2000)
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let maxLines = options.integer("lines", in: 1...50) ?? 1
    let shrink = options.choice("fit", ["shrink"]) != nil
    let rotation = rotation(&options)
    let reverse = options.flag("reverse")
    let content = checkLabelPrinted(text.content, rotation: rotation, reverse: reverse)
    var font = LabelTextFont.scalable
    var cellSize = size
    var cellWidth = glyphWidth
    if let bitmap {
      let height = magnification(of: size, cell: bitmap.height, font: bitmap.name, option: "size", &options)
      let width = magnification(
        of: glyphWidth ?? bitmap.width, cell: bitmap.width, font: bitmap.name, option: "width", &options)
      font = .bitmap(bitmap, height: height, width: width)
      (cellSize, cellWidth) = (bitmap.height * height, bitmap.width * width)
      if shrink, let range = options.range(of: "fit") {
        diagnostics.append(Diagnostic(.bitmapFontCannotShrink(bitmap.name), at: range))
      }
    }
    if width == nil, alignment != .left || maxLines > 1 || shrink {
      diagnostics.append(Diagnostic(.textBoxNeedsWidth(), at: text.range))
    }
    guard let position else { return nil }
    let spec = LabelTextSpec(
      position: position, width: width, size: cellSize, alignment: alignment, maxLines: maxLines,
      shrink: shrink,
      rotation: rotation, reverse: reverse, font: font, glyphWidth: cellWidth)
    return .labelText(content, spec, text.range)
  }

  /// `box x y w h [border] [fill]`, `line x1 y1 x2 y2 [thickness]`, `circle x y d [border] [fill]`.
  mutating func checkShape(_ shape: ShapeStatement, label: LabelSpec) -> CheckedStatement? {
    let dpi = label.dpi
    let (statement, accepts): (String, [String]) =
      switch shape.kind {
      case "line": ("line", ["x1", "y1", "x2", "y2", "thickness"])
      case "ellipse": ("ellipse", ["x", "y", "w", "h", "border", "fill"])
      case "circle": ("circle", ["x", "y", "d", "border", "fill"])
      default: ("box", ["x", "y", "w", "h", "border", "fill", "rotate", "rounding"])
      }
    var options = OptionReader(shape.options, statement: statement, accepts: accepts)
    options.allowsComputed = true
    defer {
      diagnostics += options.diagnostics
      computedOptions += options.computed
    }
    switch statement {
    case "line":
      let ends = ["x1", "y1", "x2", "y2"].map { options.dots($0, dpi: dpi, in: -20_000...20_000) }
      let thickness = options.dots("thickness", dpi: dpi, in: 1...500) ?? 2
      guard let x1 = ends[0], let y1 = ends[1], let x2 = ends[2], let y2 = ends[3] else {
        diagnostics.append(Diagnostic(.lineEndsMissing(), at: shape.range))
        return nil
      }
      return .shape(
        .line(LabelLine(x1: x1, y1: y1, x2: x2, y2: y2, thickness: thickness, source: nil)), shape.range)
    case "ellipse":
      let point = labelPosition(&options, statement: "ellipse", range: shape.range, dpi: dpi)
      let width = options.dots("w", dpi: dpi, in: 1...20_000)
      let height = options.dots("h", dpi: dpi, in: 1...20_000)
      let border = options.dots("border", dpi: dpi, in: 1...500) ?? 2
      let filled = options.flag("fill")
      reportMissingSize(width, height, options, statement: "ellipse", at: shape.range)
      guard let point, let width, let height else { return nil }
      return .shape(
        .circle(
          LabelCircle(
            x: point.x, y: point.y, diameter: width, ellipseHeight: height, border: border, filled: filled,
            source: nil)), shape.range)
    case "circle":
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
      let point = labelPosition(&options, statement: "box", range: shape.range, dpi: dpi)
      var width = options.dots("w", dpi: dpi, in: 1...20_000)
      var height = options.dots("h", dpi: dpi, in: 1...20_000)
      let border = options.dots("border", dpi: dpi, in: 1...500) ?? 2
      let filled = options.flag("fill")
      let rounding = options.integer("rounding", in: 0...8) ?? 0
      if rotation(&options).isQuarterTurn {
        // A box turned a quarter is the box with its sides traded, at the same top left.
        swap(&width, &height)
        options.renameComputed(["w": "h", "h": "w"])
      }
      reportMissingSize(width, height, options, statement: "box", at: shape.range)
      guard let point, let width, let height else { return nil }
      return .shape(
        .box(
          LabelBox(
            x: point.x, y: point.y, width: width, height: height, border: border, filled: filled,
            rounding: rounding, source: nil)
        ),
        shape.range)
    }
  }

  /// `w` and `h`, which a box and an ellipse need: each missing one (not merely invalid, which
  /// has its own error) is an error at the statement.
  mutating func reportMissingSize(
    _ width: Int?, _ height: Int?, _ options: OptionReader, statement: String, at range: SourceRange
  ) {
    for (name, value) in [("w", width), ("h", height)] where value == nil && options.range(of: name) == nil {
      diagnostics.append(
        Diagnostic(.optionMissing(name, statement: statement, example: "w=200 h=100"), at: range))
    }
  }
}
