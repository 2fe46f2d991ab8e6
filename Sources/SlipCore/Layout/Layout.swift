import SlipIR

/// Places evaluated statements on the receipt's column grid: wraps text by words, aligns it,
/// sets row cells apart, and records where each line came from.
struct Layout {
  private let media: ReceiptMedia
  private let sources: SourceFiles
  /// The template files' paths, for the document; data files are not the IR's business.
  private let templatePaths: [String]
  private var blocks: [Block] = []
  /// Blank lines the last symbol still needs below it, left before whatever prints next.
  private var quietLinesPending = 0
  private var quietSource: SourceSpan?
  /// The label's page and its elements, for label templates.
  private let label: LabelSpec?
  private var elements: [LabelElement] = []
  private let textLayout: LabelTextLayout
  private var diagnostics: [Diagnostic] = []
  /// Line and column of every position in the template's files.
  private let spans: SpanIndex
  /// The most lines and pictures a receipt may have once its text is wrapped (the evaluator
  /// counts statements; a statement's text can wrap into many lines).
  private let maximumBlocks: Int

  init(
    media: ReceiptMedia, label: LabelSpec? = nil, measurer: any TextMeasurer = ApproximateTextMeasurer(),
    sources: SourceFiles, spans: SpanIndex, templatePaths: [String], maximumBlocks: Int = .max
  ) {
    self.maximumBlocks = maximumBlocks
    self.spans = spans
    self.media = media
    self.label = label
    self.textLayout = LabelTextLayout(measurer: measurer)
    self.sources = sources
    self.templatePaths = templatePaths
  }

  /// The document and any warnings (text cleaned of control characters).
  mutating func layout(_ items: [LayoutItem]) -> (document: Document, diagnostics: [Diagnostic]) {
    blocks.reserveCapacity(items.count + items.count / 2)
    for item in items {
      switch item {
      case .text(let text, let settings, let range):
        layoutText(clean(text, at: range), settings: settings, range: range)
      case .row(let cells, let settings, let range):
        let cleaned = cells.map { RenderedCell(text: clean($0.text, at: $0.range), range: $0.range) }
        layoutRow(cleaned, settings: settings, range: range)
      case .tableRow(let cells, let settings, let table, let range):
        let cleaned = cells.map { RenderedCell(text: clean($0.text, at: $0.range), range: $0.range) }
        layoutTableRow(cleaned, settings: settings, table: table, range: range)
      case .rule(let character, let settings, let range):
        emit(
          .rule(
            RuleLine(
              character: character, font: settings.font, columns: media.columns(for: settings.font),
              style: settings.style, source: span(range))))
      case .feed(let lines, let range):
        emit(.feed(Feed(lines: lines, source: span(range))))
      case .cut(let kind, let range):
        emit(.cut(Cut(kind: kind, source: span(range))))
      case .image(let bitmap, let alignment, let name, let position, let range):
        if let position {
          place(
            .image(LabelImage(x: position.x, y: position.y, bitmap: bitmap, name: name, source: span(range))),
            range: range)
        } else {
          let x = left(of: bitmap.width, alignment)
          emit(
            .image(ImageBlock(bitmap: bitmap, x: x, alignment: alignment, name: name, source: span(range))))
        }
      case .symbol(let symbol, let alignment, let position, let range):
        if let position {
          place(
            .symbol(LabelSymbol(x: position.x, y: position.y, symbol: symbol, source: span(range))),
            range: range)
        } else {
          layoutSymbol(symbol, alignment: alignment, range: range)
        }
      case .labelText(let text, let spec, let range):
        var (laidOut, cut) = textLayout.layout(clean(text, at: range), spec: spec)
        laidOut.source = span(range)
        if cut { diagnostics.append(Diagnostic(.textCut(lines: spec.maxLines), at: range)) }
        place(.text(laidOut), range: range)
      case .shape(let element, let range):
        place(element.withSource(span(range)), range: range)
      case .drawer(let pin, let on, let off, let range):
        emit(
          .drawer(DrawerKick(pin: pin, onMilliseconds: on, offMilliseconds: off, source: span(range))))
      }
      guard blocks.count <= maximumBlocks else {
        diagnostics.append(Diagnostic(.tooManyItems(maximumBlocks), at: item.range))
        break
      }
    }
    let page = label.map {
      LabelPage(widthDots: $0.widthDots, heightDots: $0.heightDots, dpi: $0.dpi, elements: elements)
    }
    let document = Document(sources: templatePaths, media: media, blocks: blocks, page: page)
    return (document, diagnostics)
  }

  /// Adds a label element, warning when it reaches past the label's edges.
  private mutating func place(_ element: LabelElement, range: SourceRange) {
    if let label {
      let (left, top, right, bottom) = element.bounds
      if left < 0 || top < 0 || right > label.widthDots || bottom > label.heightDots {
        diagnostics.append(
          Diagnostic(.outsideLabel(width: label.widthDots, height: label.heightDots), at: range))
      }
    }
    elements.append(element)
  }

  /// The left edge, in dots, of something `width` dots wide placed by `alignment`.
  private func left(of width: Int, _ alignment: Alignment) -> Int {
    let room = media.widthDots - width
    return switch alignment {
    case .left: 0
    case .center: max(0, room / 2)
    case .right: max(0, room)
    }
  }

  /// The grid width of a line in its font and scale: double width halves the columns.
  private func columns(_ settings: LineSettings) -> Int {
    max(1, media.columns(for: settings.font) / settings.scale.width)
  }

  private mutating func layoutText(_ text: String, settings: LineSettings, range: SourceRange) {
    let width = columns(settings)
    for line in WordWrapper(width: width).wrap(text) {
      let lineWidth = TextWidth.columns(of: line)
      let column =
        switch settings.alignment {
        case .left: 0
        case .center: max(0, (width - lineWidth) / 2)
        case .right: max(0, width - lineWidth)
        }
      appendLine(
        [TextRun(column: column, text: line, width: lineWidth, style: settings.style, source: span(range))],
        settings: settings, width: width, range: range)
    }
  }

  /// The first cell takes the room the others leave and wraps in it; the other cells are
  /// right-aligned at the end of the first line, one space apart. When they leave no room,
  /// each cell gets lines of its own.
  private mutating func layoutRow(
    _ cells: [RenderedCell], settings: LineSettings, range: SourceRange
  ) {
    let width = columns(settings)
    guard let first = cells.first else { return }
    let rest = cells.dropFirst()
    var restWidths: [Int] = []
    restWidths.reserveCapacity(rest.count)
    var fixed = 0
    for cell in rest {
      let cellWidth = TextWidth.columns(of: cell.text)
      restWidths.append(cellWidth)
      fixed += cellWidth + 1
    }
    let room = width - fixed
    // The first cell shares the line when it keeps its words whole there, or gets half the
    // line; squeezed thinner, it would print a few letters a line.
    let shares = room >= 1 && (room * 2 >= width || room >= Self.longestWord(first.text))
    guard shares, rest.allSatisfy({ !$0.text.utf8.contains(UInt8(ascii: "\n")) }) else {
      var left = settings
      left.alignment = .left
      layoutText(first.text, settings: left, range: first.range)
      var right = settings
      right.alignment = .right
      for cell in rest { layoutText(cell.text, settings: right, range: cell.range) }
      return
    }
    let leftLines = WordWrapper(width: room).wrap(first.text)
    for (index, line) in leftLines.enumerated() {
      var runs: [TextRun] = []
      runs.reserveCapacity(index == 0 ? cells.count : 1)
      if !line.isEmpty {
        runs.append(
          TextRun(
            column: 0, text: line, width: TextWidth.columns(of: line), style: settings.style,
            source: span(first.range)))
      }
      if index == 0 {
        // The other cells end at the right edge, one space apart: their columns, left to right.
        var column = width - fixed + 1
        for (cell, cellWidth) in zip(rest, restWidths) {
          if !cell.text.isEmpty {
            runs.append(
              TextRun(
                column: column, text: cell.text, width: cellWidth, style: settings.style,
                source: span(cell.range)))
          }
          column += cellWidth + 1
        }
      }
      appendLine(runs, settings: settings, width: width, range: range)
    }
  }

  /// Each cell wraps by words inside its column (breaking a word only when it is longer than the
  /// column) and is aligned there; the row takes as many lines as its tallest cell, and on
  /// continuation lines the other columns stay blank.
  private mutating func layoutTableRow(
    _ cells: [RenderedCell], settings: LineSettings, table: TableSpec,
    range: SourceRange
  ) {
    let width = columns(settings)
    let widths = table.widths(total: width)
    var starts: [Int] = []
    var position = 0
    for columnWidth in widths {
      starts.append(position)
      position += columnWidth + table.gap
    }
    let wrapped = zip(cells, widths).map { cell, columnWidth in
      WordWrapper(width: columnWidth).wrap(cell.text)
    }
    let height = wrapped.reduce(0) { max($0, $1.count) }
    for lineIndex in 0..<height {
      var runs: [TextRun] = []
      for (columnIndex, lines) in wrapped.enumerated() where lineIndex < lines.count {
        let text = lines[lineIndex]
        guard !text.isEmpty else { continue }
        let textWidth = TextWidth.columns(of: text)
        let room = widths[columnIndex]
        let offset =
          switch table.columns[columnIndex].alignment {
          case .left: 0
          case .center: max(0, (room - textWidth) / 2)
          case .right: max(0, room - textWidth)
          }
        runs.append(
          TextRun(
            column: starts[columnIndex] + offset, text: text, width: textWidth, style: settings.style,
            source: span(cells[columnIndex].range)))
      }
      appendLine(runs, settings: settings, width: width, range: range)
    }
  }

  /// Adds a block, first leaving the blank paper a symbol above still needs (its quiet zone).
  private mutating func emit(_ block: Block) {
    switch block {
    case .feed(let feed):
      quietLinesPending = max(0, quietLinesPending - feed.lines)
    case .cut, .drawer:
      quietLinesPending = 0
    default:
      if quietLinesPending > 0 {
        blocks.append(.feed(Feed(lines: quietLinesPending, source: quietSource)))
        quietLinesPending = 0
      }
    }
    blocks.append(block)
  }

  /// A barcode or QR code on a receipt, with blank paper above and below it (a scanner needs
  /// the quiet zone: four modules for a QR code) and, for linear barcodes, the human-readable
  /// text as its own line in font B, centred on the bars.
  private mutating func layoutSymbol(_ symbol: Symbol, alignment: Alignment, range: SourceRange) {
    let x = left(of: symbol.width, alignment)
    let zoneModules =
      switch symbol.symbology {
      case .qr: 4
      case .pdf417: 2
      default: 1
      }
    // Whole lines of the default line height (30 dots), at least one.
    let lines = max(1, (zoneModules * symbol.module + 29) / 30)
    let source = span(range)
    if let last = blocks.last {
      switch last {
      case .feed(let feed) where feed.lines >= lines: break
      case .cut: break
      default:
        if quietLinesPending == 0 { emit(.feed(Feed(lines: lines, source: source))) }
      }
    }
    let humanReadable = symbol.symbology.isLinear ? symbol.humanReadable : .none
    if humanReadable == .above { humanReadableLine(symbol, x: x, range: range) }
    emit(.symbol(SymbolBlock(symbol: symbol, x: x, alignment: alignment, source: source)))
    if humanReadable == .below { humanReadableLine(symbol, x: x, range: range) }
    quietLinesPending = lines
    quietSource = source
  }

  /// The data of a linear barcode as a line of font B centred under (or over) its bars.
  private mutating func humanReadableLine(_ symbol: Symbol, x: Int, range: SourceRange) {
    let text = clean(symbol.data, at: range)
    let columns = media.columns(for: .b)
    let width = TextWidth.columns(of: text)
    let centre = (x + symbol.width / 2) / Font.b.cellWidth
    let column = max(0, min(columns - width, centre - width / 2))
    let settings = LineSettings(font: .b, scale: .normal, alignment: .left, style: .plain)
    appendLine(
      [TextRun(column: column, text: text, width: width, style: .plain, source: span(range))],
      settings: settings, width: columns, range: range)
  }

  /// The width of the widest space-separated word.
  private static func longestWord(_ text: String) -> Int {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reduce(0) { max($0, TextWidth.columns(of: $1)) }
  }

  private mutating func appendLine(_ runs: [TextRun], settings: LineSettings, width: Int, range: SourceRange)
  {
    emit(
      .text(
        TextLine(
          font: settings.font, scale: settings.scale, alignment: settings.alignment, columns: width,
          runs: runs, source: span(range))))
  }

  /// NFC text without control characters (a line break stays: it breaks the line); a warning
  /// says how many were removed, since in a printer's stream they would be commands. The
  /// Unicode bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and the like) go too: in data
  /// they can only make a printed line read differently from the characters it holds.
  private mutating func clean(_ text: String, at range: SourceRange) -> String {
    // C1 controls are U+0080–U+009F, whose UTF-8 lead byte is 0xC2; the bidirectional controls
    // start with 0xD8 (U+061C) or 0xE2 (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
    guard
      !TextWidth.allBytes(
        of: text, where: { $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xD8 && $0 != 0xE2 })
    else {
      return TextWidth.normalized(text)
    }
    var removed = 0
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x0A {
        out.append(scalar)
      } else if value == 0x09 {
        out.append(" ")
      } else if value < 0x20 || (0x7F...0x9F).contains(value) || Self.isBidirectionalControl(value) {
        removed += 1
      } else {
        out.append(scalar)
      }
    }
    if removed > 0 {
      diagnostics.append(Diagnostic(.controlCharactersRemoved(removed), at: range))
    }
    return TextWidth.normalized(String(out))
  }

  /// Whether `value` is one of Unicode's Bidi_Control characters (UAX #9).
  static func isBidirectionalControl(_ value: UInt32) -> Bool {
    value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// The span of `range`, from the compiled template's index.
  private func span(_ range: SourceRange) -> SourceSpan? {
    spans.span(range)
  }
}
