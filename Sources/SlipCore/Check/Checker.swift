import SlipIR

/// Validates a parsed template and resolves its options: the header, every statement's
/// options, filters and their arities, and names that only exist in some places (`loop`).
struct Checker {
  private let filters: FilterCatalog
  private let loader: (any TemplateLoader)?
  private let imageDecoder: (any ImageDecoder)?
  private let symbolEncoder: (any SymbolEncoder)?
  private var diagnostics: [Diagnostic] = []
  /// How many `for` blocks enclose the statement being checked.
  private var loopDepth = 0
  /// The table whose rows are being checked, if any.
  private var table: TableSpec?
  /// The label, for label templates: positions and sizes are in its dots.
  private var label: LabelSpec?
  /// The files being included, innermost last, to catch cycles.
  private var includeStack: [String] = []
  /// Includes expanded so far. A file included twice is parsed once but checked (and printed)
  /// twice, so two includes a level, 30 levels deep, would be a billion copies: the total is
  /// capped, and the cap reported once.
  private var includesExpanded = 0
  /// The most includes one template may expand in all, counting repeats.
  static let maximumIncludes = 1_000
  /// Included templates parsed so far, by path: a file included twice is parsed once.
  private var parsed: [String: Template] = [:]
  /// Every file read, the top template first; included files are added as they are loaded.
  private(set) var sources: SourceFiles

  /// A checker for a template whose file is already in `sources`; `loader` resolves includes.
  init(
    sources: SourceFiles, loader: (any TemplateLoader)?, imageDecoder: (any ImageDecoder)? = nil,
    symbolEncoder: (any SymbolEncoder)? = nil, filters: FilterCatalog = .standard
  ) {
    self.sources = sources
    self.loader = loader
    self.imageDecoder = imageDecoder
    self.symbolEncoder = symbolEncoder
    self.filters = filters
  }

  /// The checked template (nil when the header is unusable) and the problems found.
  mutating func check(_ template: Template) -> (template: CheckedTemplate?, diagnostics: [Diagnostic]) {
    if let top = sources.files.first { includeStack = [top.path] }
    var statements = template.statements[...]
    var media: ReceiptMedia?
    if case .receipt(let header) = statements.first {
      media = header.kind == "label" ? checkLabelHeader(header) : checkHeader(header)
      statements = statements.dropFirst()
    } else {
      let place = statements.first?.range ?? SourceRange(file: 0, start: 0, end: 0)
      diagnostics.append(
        Diagnostic(
          .missingHeader(), at: place,
          help: [
            "start the template with a line such as 'receipt paper=58mm' or 'label width=4in height=3in'"
          ]))
    }
    let body = checkBlock(Array(statements), media: media ?? Self.defaultMedia)
    guard let media else { return (nil, diagnostics) }
    return (CheckedTemplate(media: media, label: label, body: body), diagnostics)
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
    // `columns` narrows the printable width for both fonts: the other font gets what fits in
    // the same dots, so a template for a narrower printer fits it in either font.
    let contentDots = columns == most ? widthDots : columns * font.cellWidth
    var media = ReceiptMedia(
      paper: paper, widthDots: widthDots, dpi: 203, font: font, columns: columns,
      alternateColumns: contentDots / other.cellWidth)
    media.source = span(header.range)
    return media
  }

  /// `label width=4in height=3in dpi=203`: the page, and its width as paper for raster backends.
  private mutating func checkLabelHeader(_ header: HeaderStatement) -> ReceiptMedia? {
    var options = OptionReader(header.options, statement: "label", accepts: ["width", "height", "dpi"])
    defer { diagnostics += options.diagnostics }
    let dpi = options.choice("dpi", ["203", "300", "600"]).flatMap { Int($0) } ?? 203
    for name in ["width", "height"] where !header.options.contains(where: { $0.name == name }) {
      diagnostics.append(
        Diagnostic(
          .optionMissing(name, statement: "label", example: "label width=4in height=3in"), at: header.range))
    }
    let width = options.dots("width", dpi: dpi, in: 8...(12 * dpi)) ?? 4 * dpi
    let height = options.dots("height", dpi: dpi, in: 8...(40 * dpi)) ?? 3 * dpi
    label = LabelSpec(widthDots: width, heightDots: height, dpi: dpi)
    var media = ReceiptMedia(
      paper: "label", widthDots: width, dpi: dpi, font: .a, columns: max(1, width / Font.a.cellWidth),
      alternateColumns: max(1, width / Font.b.cellWidth))
    media.source = span(header.range)
    return media
  }

  /// Line and column of a range, for IR values that point back at the template.
  private func span(_ range: SourceRange) -> SourceSpan? {
    guard range.file < sources.files.count else { return nil }
    let file = sources[range.file]
    let start = file.location(at: range.start)
    let end = file.location(at: range.end)
    return SourceSpan(
      file: range.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column)
  }

  // MARK: Statements

  private mutating func checkBlock(_ statements: [Statement], media: ReceiptMedia) -> [CheckedStatement] {
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
      default:
        if let statement = checkStatement(statement, media: media) { checked.append(statement) }
      }
    }
    return checked
  }

  private mutating func checkStatement(_ statement: Statement, media: ReceiptMedia) -> CheckedStatement? {
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
    switch statement {
    case .include, .table:
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
      checkText(text.content)
      return .text(text.content, settings, text.range)
    case .row(let row):
      let settings = lineSettings(row.options, statement: "row", alignable: false, media: media)
      row.cells.forEach { checkText($0) }
      guard let table else { return .row(row.cells, settings, row.range) }
      guard row.cells.count == table.columns.count else {
        diagnostics.append(
          Diagnostic(
            .tableCellCount(row.cells.count, expected: table.columns.count), at: row.range,
            notes: [Note("the table's columns are set here", at: table.range)]))
        return nil
      }
      return .tableRow(row.cells, settings, table, row.range)
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

  /// Statements that print on their own lines and so cannot sit between a table's rows.
  private static func keywordOutsideTables(_ statement: Statement) -> String? {
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

  // MARK: Images, tables and includes

  /// `image "logo.png" width=N|N% align=… dither=… threshold=N`: read, decoded, scaled and
  /// dithered now, so rendering the compiled template many times does it once.
  private mutating func checkImage(_ image: ImageStatement, media: ReceiptMedia) -> CheckedStatement? {
    var options = OptionReader(
      image.options, statement: "image",
      accepts: label == nil
        ? ["width", "align", "dither", "threshold"] : ["x", "y", "width", "dither", "threshold"])
    defer { diagnostics += options.diagnostics }
    var position: LabelPoint?
    if let label {
      position = labelPosition(&options, statement: "image", range: image.range, dpi: label.dpi)
    }
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let dither =
      options.choice("dither", ImageProcessor.Dither.allCases.map(\.rawValue)).flatMap(
        ImageProcessor.Dither.init(rawValue:)) ?? .floydSteinberg
    let threshold = options.integer("threshold", in: 1...255)
    if threshold != nil, dither != .threshold, let range = options.range(of: "threshold") {
      diagnostics.append(Diagnostic(.thresholdWithoutThresholdDither(dither.rawValue), at: range))
    }
    var requested: Int?
    if let text = options.text("width", expected: "N or N%") {
      let percent = text.hasSuffix("%")
      if let number = Int(percent ? String(text.dropLast()) : text),
        percent ? (1...100).contains(number) : (1...media.widthDots).contains(number)
      {
        requested = percent ? max(1, media.widthDots * number / 100) : number
      } else {
        options.reportValue(
          "width", text,
          expected: "dots from 1 to the paper's \(media.widthDots), or a percentage such as 50%")
      }
    }
    guard let loader, let imageDecoder else {
      diagnostics.append(
        Diagnostic(
          .imageFailed("this compilation has no way to read images like '\(image.path)'"), at: image.pathRange
        ))
      return nil
    }
    let includer = sources[image.pathRange.file].path
    let grey: GreyImage
    do throws(TemplateLoadError) {
      let file = try loader.loadData(image.path, includedFrom: includer)
      do throws(ImageDecodeError) {
        grey = try imageDecoder.decode(file.bytes, name: file.path)
      } catch {
        diagnostics.append(
          Diagnostic(.imageFailed("cannot read '\(image.path)': \(error.message)"), at: image.pathRange))
        return nil
      }
    } catch {
      diagnostics.append(Diagnostic(.imageFailed(error.message), at: image.pathRange))
      return nil
    }
    var width = requested ?? grey.width
    if requested == nil, grey.width > media.widthDots {
      diagnostics.append(
        Diagnostic(
          .imageScaledToFit(image.path, width: grey.width, paper: media.widthDots), at: image.pathRange))
      width = media.widthDots
    }
    let height = (grey.height * width + grey.width / 2) / max(1, grey.width)
    guard height <= Self.maximumImageHeight else {
      diagnostics.append(
        Diagnostic(
          .imageTooTall(image.path, height: height, most: Self.maximumImageHeight), at: image.pathRange))
      return nil
    }
    let bitmap = ImageProcessor.bitmap(from: grey, width: width, dither: dither, threshold: threshold ?? 128)
    return .image(bitmap, alignment, name: image.path, position: position, image.range)
  }

  /// `qr "…" size=N ecc=…` and `barcode TYPE "…" height=N module=N hri=…`: settings checked,
  /// literal data encoded now so `slip check` reports what cannot be encoded.
  private mutating func checkSymbol(_ statement: SymbolStatement, media: ReceiptMedia) -> CheckedStatement? {
    let isQR = statement.symbology == "qr"
    let linearNames = Symbol.Symbology.allCases.filter { $0 != .qr }.map(\.rawValue)
    guard let symbology = Symbol.Symbology(rawValue: statement.symbology), isQR || symbology != .qr else {
      var (help, fixIts) = Suggestion.didYouMean(
        statement.symbology, at: statement.symbologyRange, in: linearNames)
      if help.isEmpty { help.append("the types are \(linearNames.joined(separator: ", "))") }
      diagnostics.append(
        Diagnostic(
          .unknownSymbology(statement.symbology), at: statement.symbologyRange, help: help, fixIts: fixIts))
      return nil
    }
    checkText(statement.content)
    let placement = label == nil ? ["align"] : ["x", "y"]
    var options = OptionReader(
      statement.options, statement: isQR ? "qr" : "barcode",
      accepts: (isQR ? ["size", "ecc"] : ["height", "module", "hri"]) + placement)
    defer { diagnostics += options.diagnostics }
    var position: LabelPoint?
    if let label {
      position = labelPosition(
        &options, statement: isQR ? "qr" : "barcode", range: statement.range, dpi: label.dpi)
    }
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    var spec: SymbolSpec
    if isQR {
      spec = SymbolSpec(
        symbology: .qr, module: options.integer("size", in: 1...16) ?? 4, height: 0, humanReadable: .none,
        errorCorrection: options.choice("ecc", ["L", "M", "Q", "H"]) ?? "M", alignment: alignment,
        contentRange: statement.content.range)
    } else {
      let humanReadable =
        options.choice("hri", ["none", "above", "below"]).flatMap(Symbol.HumanReadable.init(rawValue:))
        ?? .below
      spec = SymbolSpec(
        symbology: symbology, module: options.integer("module", in: 1...8) ?? 2,
        height: options.integer("height", in: 8...1000) ?? 80, humanReadable: humanReadable,
        errorCorrection: nil, alignment: alignment, contentRange: statement.content.range)
    }
    spec.position = position
    guard let symbolEncoder else {
      diagnostics.append(
        Diagnostic(
          .symbolFailed("this compilation has no way to draw barcodes and QR codes"), at: statement.range))
      return nil
    }
    var literal: Bitmap?
    if let data = statement.content.literalText {
      do throws(SymbolEncodeError) {
        let modules = try symbolEncoder.encode(
          spec.symbology, data: TextWidth.normalized(data), errorCorrection: spec.errorCorrection)
        if position == nil, modules.width * spec.module > media.widthDots {
          diagnostics.append(
            Diagnostic(
              .symbolTooWide(
                spec.symbology.rawValue, dots: modules.width * spec.module, paper: media.widthDots),
              at: statement.content.range))
          return nil
        }
        literal = modules
      } catch {
        diagnostics.append(
          Diagnostic(
            .symbolFailed("cannot encode this as \(spec.symbology.rawValue): \(error.message)"),
            at: statement.content.range))
        return nil
      }
    }
    return .symbol(spec, statement.content, literal: literal, statement.range)
  }

  // MARK: Labels

  /// A statement in a label template: elements with positions, loops, conditions, variables.
  private mutating func checkOnLabel(_ statement: Statement, label: LabelSpec, media: ReceiptMedia)
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
    case .forEach, .conditional, .set, .include, .table:
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
  private mutating func labelPosition(
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
  private mutating func checkLabelText(_ text: TextStatement, label: LabelSpec) -> CheckedStatement? {
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
  private mutating func checkShape(_ shape: ShapeStatement, label: LabelSpec) -> CheckedStatement? {
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

  /// About a metre and a quarter of paper at 203 dpi: taller is a mistake, not a logo.
  static let maximumImageHeight = 10_000

  /// `table widths="* 4 14" align="left right right" gap=1`: its rows, checked against it.
  private mutating func checkTable(_ statement: TableStatement, media: ReceiptMedia) -> [CheckedStatement] {
    guard table == nil else {
      diagnostics.append(Diagnostic(.tableNested(), at: statement.range))
      return []
    }
    var options = OptionReader(statement.options, statement: "table", accepts: ["widths", "align", "gap"])
    defer { diagnostics += options.diagnostics }
    let gap = options.integer("gap", in: 0...8) ?? 1
    guard let widthsText = options.text("widths", expected: "\"* 4 14\"") else {
      if !statement.options.contains(where: { $0.name == "widths" }) {
        diagnostics.append(
          Diagnostic(
            .optionMissing("widths", statement: "table", example: "widths=\"* 4 14\""), at: statement.range))
      }
      return checkBlock(statement.body, media: media)
    }
    var columns: [TableSpec.Column] = []
    for word in widthsText.split(separator: " ") {
      if word == "*" {
        columns.append(TableSpec.Column(fixed: nil, alignment: .left))
      } else if let width = Int(word), (1...255).contains(width) {
        columns.append(TableSpec.Column(fixed: width, alignment: .left))
      } else {
        options.reportValue(
          "widths", widthsText, expected: "'*' or column counts separated by spaces, like \"* 4 14\"")
        return checkBlock(statement.body, media: media)
      }
    }
    if let alignText = options.text("align", expected: "\"left right right\"") {
      let words = alignText.split(separator: " ").map(String.init)
      let alignments = words.compactMap(Alignment.init(rawValue:))
      if alignments.count == words.count, alignments.count == columns.count {
        for index in columns.indices { columns[index].alignment = alignments[index] }
      } else {
        options.reportValue(
          "align", alignText, expected: "\(columns.count) of left, center or right separated by spaces")
      }
    }
    let spec = TableSpec(columns: columns, gap: gap, range: statement.range)
    if spec.minimumWidth > media.columns {
      diagnostics.append(
        Diagnostic(.tableTooWide(spec.minimumWidth, columns: media.columns), at: statement.range))
    }
    table = spec
    defer { table = nil }
    return checkBlock(statement.body, media: media)
  }

  /// `include "footer.slip"`: the file's statements checked here, in this context.
  private mutating func checkInclude(_ include: IncludeStatement, media: ReceiptMedia) -> [CheckedStatement] {
    guard let loader else {
      diagnostics.append(
        Diagnostic(
          .includeFailed("this compilation has no way to load '\(include.path)'"), at: include.pathRange))
      return []
    }
    guard includeStack.count <= 32 else {
      diagnostics.append(Diagnostic(.includeTooDeep(), at: include.pathRange))
      return []
    }
    includesExpanded += 1
    guard includesExpanded <= Self.maximumIncludes else {
      if includesExpanded == Self.maximumIncludes + 1 {
        diagnostics.append(Diagnostic(.tooManyIncludes(Self.maximumIncludes), at: include.pathRange))
      }
      return []
    }
    let includer = sources[include.pathRange.file].path
    let file: SourceFile
    do throws(TemplateLoadError) {
      file = try loader.load(include.path, includedFrom: includer)
    } catch {
      diagnostics.append(Diagnostic(.includeFailed(error.message), at: include.pathRange))
      return []
    }
    guard file.bytes.count <= SourceFile.maximumTemplateSize else {
      diagnostics.append(Diagnostic(.templateTooLarge(SourceFile.maximumTemplateSize), at: include.pathRange))
      return []
    }
    guard !includeStack.contains(file.path) else {
      let chain = (includeStack + [file.path]).map { "'\($0)'" }.joined(separator: " → ")
      diagnostics.append(
        Diagnostic(.includeCycle(file.path), at: include.pathRange, notes: [Note("the includes go \(chain)")])
      )
      return []
    }
    var template: Template
    if let cached = parsed[file.path] {
      template = cached
    } else {
      let index = sources.add(file)
      var lexer = Lexer(source: file, file: index)
      let (tokens, lexDiagnostics) = lexer.tokenize()
      var parser = Parser(tokens: tokens)
      let (syntax, parseDiagnostics) = parser.parse()
      diagnostics += lexDiagnostics + parseDiagnostics
      template = syntax
      if case .receipt(let header) = template.statements.first {
        diagnostics.append(Diagnostic(.includeHasHeader(header.kind), at: header.range))
        template.statements.removeFirst()
      }
      parsed[file.path] = template
    }
    includeStack.append(file.path)
    defer { includeStack.removeLast() }
    return checkBlock(template.statements, media: media)
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
    let alignment =
      reader.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
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
