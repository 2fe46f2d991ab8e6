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
  /// The filled boxes placed so far, with where each was written: text on one is reported.
  /// Kept apart from `elements`, so that a text looks through boxes only, not every element
  /// before it (a label of thousands of elements was laid out in time squared).
  private var filledBoxes: [(box: LabelBox, range: SourceRange)] = []
  private let textLayout: LabelTextLayout
  private var diagnostics: [Diagnostic] = []
  /// Line and column of every position in the template's files.
  private let spans: SpanIndex
  /// The column widths of the table laid out last (known by where its `table` line is) on a
  /// line of `total` columns: every row of a table has the same, worked out once.
  private var tableWidths: (table: SourceRange, total: Int, widths: [Int])?
  /// The most lines and pictures a receipt may have once its text is wrapped (the evaluator
  /// counts statements; a statement's text can wrap into many lines).
  private let maximumBlocks: Int
  /// Measures text that needs shaping in dots; nil measures it in cells.
  private let shapedMeasurer: (any ShapedTextMeasurer)?
  /// Whether this layout places one column of `columns`: pictures wider than it are reported.
  private var inColumn = false
  /// Measures label text; kept to lay columns out as this layout would.
  private let measurer: any TextMeasurer
  /// The boxes open around the lines being laid out, outermost first, with their statements.
  private var boxes: [(border: Border, source: SourceSpan?)] = []

  init(
    media: ReceiptMedia, label: LabelSpec? = nil, measurer: any TextMeasurer = ApproximateTextMeasurer(),
    shapedMeasurer: (any ShapedTextMeasurer)? = nil, sources: SourceFiles, spans: SpanIndex,
    templatePaths: [String], maximumBlocks: Int = .max
  ) {
    self.shapedMeasurer = shapedMeasurer
    self.maximumBlocks = maximumBlocks
    self.spans = spans
    self.media = media
    self.label = label
    self.textLayout = LabelTextLayout(measurer: measurer)
    self.measurer = measurer
    self.sources = sources
    self.templatePaths = templatePaths
  }

  /// The document and any warnings (text cleaned of control characters).
  mutating func layout(_ items: [LayoutItem]) -> (document: Document, diagnostics: [Diagnostic]) {
    blocks.reserveCapacity(items.count + items.count / 2)
    if label != nil { elements.reserveCapacity(items.count) }
    // Items are read in place: a copy of each retained all it holds, for nothing.
    for index in items.indices {
      switch items[index] {
      case .text(let cell, let settings, let range):
        if cell.segments.isEmpty, settings.wrap == .word {
          layoutText(clean(cell.text, at: range), settings: settings, range: range)
        } else {
          layoutStyledText(cleaned(cell, at: range), settings: settings, range: range)
        }
      case .row(let cells, let settings, let range):
        if cells.allSatisfy({ $0.segments.isEmpty }), settings.wrap == .word {
          layoutRow(cleaned(cells), settings: settings, range: range)
        } else {
          layoutStyledRow(cleaned(cells), settings: settings, range: range)
        }
      case .tableRow(let cells, let settings, let row, let range):
        layoutTableRow(cleaned(cells), settings: settings, row: row, range: range)
      case .tableFrame(let table, let edge, let range):
        layoutTableFrame(table, edge == .top ? .top : .bottom, range: range)
      case .box(let border, let edge, let range):
        layoutBox(border, edge, range: range)
      case .columns(let spec, let columns, let range):
        layoutColumns(spec, columns, range: range)
      case .rule(let character, let settings, let range) where !boxes.isEmpty:
        // Inside a box a rule is a line of text between the box's rules.
        let width = columns(settings)
        appendLine(
          [
            TextRun(
              column: 0, text: String.repeated(character, count: width), width: width,
              style: settings.style,
              source: span(range))
          ], settings: settings, width: width, range: range)
      case .feed(let lines, let range) where !boxes.isEmpty:
        let settings = LineSettings(font: media.font, scale: .normal, alignment: .left, style: .plain)
        for _ in 0..<lines { appendLine([], settings: settings, width: columns(settings), range: range) }
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
      case .image(_, _, _, nil, let range) where !boxes.isEmpty,
        .symbol(_, _, nil, let range) where !boxes.isEmpty:
        layoutInBox(items[index], range: range)
      case .image(let bitmap, let alignment, let name, let position, let range):
        if let position {
          place(
            .image(LabelImage(x: position.x, y: position.y, bitmap: bitmap, name: name, source: span(range))),
            range: range)
        } else {
          if inColumn, bitmap.width > media.widthDots {
            diagnostics.append(
              Diagnostic(.widerThanColumn(dots: bitmap.width, column: media.widthDots), at: range))
          }
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
        let cell = cleaned(text, at: range)
        var (laidOut, cut) = textLayout.layout(cell.text, segments: cell.segments, spec: spec)
        laidOut.source = span(range)
        if laidOut.lines.contains(where: { !$0.runs.isEmpty && TextShaping.needsShaping($0.text) }) {
          // Such a line is sent as one shaped picture; its styles would be lost without a word.
          diagnostics.append(Diagnostic(.spanInShapedText(), at: range, help: [Help.shapedSpans()]))
        }
        if cut { diagnostics.append(Diagnostic(.textCut(lines: spec.maxLines), at: range)) }
        if !laidOut.reverse, let box = filledBox(under: .text(laidOut)) {
          diagnostics.append(
            Diagnostic(
              .textOnFilledBox(), at: range, notes: [Note("the filled box is drawn here", at: box)],
              help: [Help.reverseText()]))
        }
        place(.text(laidOut), range: range)
      case .shape(let element, let range):
        place(element.withSource(span(range)), range: range)
      case .drawer(let pin, let on, let off, let range):
        emit(
          .drawer(DrawerKick(pin: pin, onMilliseconds: on, offMilliseconds: off, source: span(range))))
      }
      guard blocks.count <= maximumBlocks else {
        diagnostics.append(Diagnostic(.tooManyItems(maximumBlocks), at: items[index].range))
        break
      }
    }
    if inColumn, quietLinesPending > 0 {
      // And the quiet zone below a column's last symbol too.
      blocks.append(.feed(Feed(lines: quietLinesPending, source: quietSource)))
    }
    let page = label.map {
      LabelPage(
        widthDots: $0.widthDots, heightDots: $0.heightDots, dpi: $0.dpi, elements: elements,
        rotation: $0.rotation)
    }
    let document = Document(sources: templatePaths, media: media, blocks: blocks, page: page)
    return (document, diagnostics)
  }

  /// Where the last filled box that `element` overlaps was written: text there, drawn black,
  /// cannot be read.
  private func filledBox(under element: LabelElement) -> SourceRange? {
    guard !filledBoxes.isEmpty else { return nil }
    // The element's rectangle from the label's corner: moving it moves its bounds as much.
    let (dx, dy) = label.map { ($0.home.x, $0.home.y) } ?? (0, 0)
    var (left, top, right, bottom) = element.bounds
    (left, top, right, bottom) = (left + dx, top + dy, right + dx, bottom + dy)
    for index in filledBoxes.indices.reversed() {
      let box = filledBoxes[index].box
      if left < box.x + box.width, right > box.x, top < box.y + box.height, bottom > box.y {
        return filledBoxes[index].range
      }
    }
    return nil
  }

  /// Adds a label element, warning when it reaches past the label's edges.
  private mutating func place(_ element: LabelElement, range: SourceRange) {
    // Positions count from the label's home; the page holds them from its corner.
    var element = element
    if let home = label?.home, home.x != 0 || home.y != 0 { element = element.moved(dx: home.x, dy: home.y) }
    if let label {
      let (left, top, right, bottom) = element.bounds
      if left < 0 || top < 0 || right > label.widthDots || bottom > label.heightDots {
        diagnostics.append(
          Diagnostic(.outsideLabel(width: label.widthDots, height: label.heightDots), at: range))
      }
    }
    elements.append(element)
    if case .box(let box) = element, box.filled || 2 * box.border >= min(box.width, box.height) {
      filledBoxes.append((box, range))
    }
  }

  /// The left edge, in dots, of something `width` dots wide placed by `alignment`.
  private func left(of width: Int, _ alignment: Alignment) -> Int {
    let room = media.widthDots - width
    // In a right-to-left receipt, left means the line's start: the right edge.
    let rightToLeft = media.direction == .rightToLeft
    return switch alignment {
    case .left: rightToLeft ? max(0, room) : 0
    case .center: max(0, room / 2)
    case .right: rightToLeft ? 0 : max(0, room)
    }
  }

  /// Whether a cell's line, aligned to its start, sits at its column's far end: a right-to-left
  /// cell in a left-to-right receipt starts at the right, a left-to-right cell in a
  /// right-to-left receipt at the left (the far end before the line is mirrored).
  private func startsAtTheFarEnd(_ text: some StringProtocol) -> Bool {
    switch TextShaping.ownDirection(of: text) {
    case .auto: false
    case .leftToRight: media.direction == .rightToLeft
    case .rightToLeft: media.direction != .rightToLeft
    }
  }

  /// The grid width of a line in its font and scale (double width halves the columns), less
  /// what the boxes around it take.
  private func columns(_ settings: LineSettings) -> Int {
    max(1, media.columns(for: settings.font) / settings.scale.width - Self.boxSides * boxes.count)
  }

  /// Columns a box takes on each side: its rule and a space.
  static let boxSides = 4

  /// Columns `text` takes on a line of `settings`: its shaped width in whole cells when it needs
  /// shaping and a measurer is at hand, else its cells.
  private func measure(_ text: some StringProtocol, _ settings: LineSettings) -> Int {
    Self.measure(text, settings, shapedMeasurer: shapedMeasurer, direction: media.direction)
  }

  private static func measure(
    _ text: some StringProtocol, _ settings: LineSettings, shapedMeasurer: (any ShapedTextMeasurer)?,
    direction: TextDirection
  ) -> Int {
    if let shapedMeasurer, TextShaping.needsShaping(text),
      let dots = shapedMeasurer.width(of: String(text), font: settings.font, direction: direction)
    {
      return (dots + settings.font.cellWidth - 1) / settings.font.cellWidth
    }
    return TextWidth.columns(of: text)
  }

  /// A word wrapper `width` columns wide measuring as ``measure(_:_:)`` does. Its closure holds
  /// the measurer alone: holding `self` would share `blocks`, and every line appended while
  /// the wrapper runs would copy them all (a receipt's layout grew with the square of its lines).
  private func wrapper(_ width: Int, _ settings: LineSettings) -> WordWrapper {
    guard let shapedMeasurer else { return WordWrapper(width: width) }
    let direction = media.direction
    return WordWrapper(width: width) {
      Self.measure($0, settings, shapedMeasurer: shapedMeasurer, direction: direction)
    }
  }

  private mutating func layoutText(_ text: String, settings: LineSettings, range: SourceRange) {
    let width = columns(settings)
    // Inverted or underlined, trailing spaces are ink (`text " LUNAS " invert` is a box with a
    // margin on both sides): the text's last line keeps them, as far as the line has room.
    let keptSpaces =
      settings.style.invert || settings.style.underline
      ? text.reversed().prefix(while: { $0 == " " }).count : 0
    var remaining = keptSpaces > 0 ? wrapper(width, settings).wrap(text).count : 0
    let source = span(range)
    for (wrapped, wrappedWidth) in wrapper(width, settings).lines(of: text) {
      var line = wrapped
      var lineWidth = wrappedWidth
      remaining -= 1
      if remaining == 0, keptSpaces > 0, !line.isEmpty {
        let spaces = min(keptSpaces, width - lineWidth)
        line += String(repeating: " ", count: spaces)
        lineWidth += spaces
      }
      let column =
        switch settings.alignment {
        case .left: 0
        case .center: max(0, (width - lineWidth) / 2)
        case .right: max(0, width - lineWidth)
        }
      appendLine(
        [TextRun(column: column, text: line, width: lineWidth, style: settings.style, source: source)],
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
    // Cells are measured again where they are placed rather than kept in an array: for ASCII,
    // a measure is a byte count.
    var fixed = 0
    for cell in rest { fixed += measure(cell.text, settings) + 1 }
    let room = width - fixed
    // The first cell shares the line when it keeps its words whole there, or gets half the
    // line; squeezed thinner, it would print a few letters a line.
    let shares = room >= 1 && (room * 2 >= width || room >= longestWord(first.text, settings))
    guard shares, rest.allSatisfy({ TextWidth.allBytes(of: $0.text, where: { $0 != UInt8(ascii: "\n") }) })
    else {
      var left = settings
      left.alignment = .left
      layoutText(first.text, settings: left, range: first.range)
      var right = settings
      right.alignment = .right
      for cell in rest { layoutText(cell.text, settings: right, range: cell.range) }
      return
    }
    for (index, (line, lineWidth)) in wrapper(room, settings).lines(of: first.text).enumerated() {
      var runs: [TextRun] = []
      runs.reserveCapacity(index == 0 ? cells.count : 1)
      if !line.isEmpty {
        let column = startsAtTheFarEnd(line) ? max(0, room - lineWidth) : 0
        runs.append(
          TextRun(
            column: column, text: line, width: lineWidth, style: settings.style, source: span(first.range)))
      }
      if index == 0 {
        // The other cells end at the right edge, one space apart: their columns, left to right.
        var column = width - fixed + 1
        for cell in rest {
          let cellWidth = measure(cell.text, settings)
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
    _ cells: [RenderedCell], settings: LineSettings, row: TableRowSpec,
    range: SourceRange
  ) {
    let table = row.table
    let width = columns(settings)
    let widths = tableWidths(table, total: width)
    // Every cell's lines, placed, in one array (an array of lines per cell cost an allocation
    // each): cell by cell, each cell's lines in order.
    var pieces: [TablePiece] = []
    pieces.reserveCapacity(cells.count)
    var start = table.edge
    var height = 0
    for (columnIndex, columnWidth) in zip(cells.indices, widths) {
      var lineIndex = 0
      let alignment = row.alignments[columnIndex]
      if !cells[columnIndex].segments.isEmpty || settings.wrap != .word {
        let segments = segments(of: cells[columnIndex])
        let grid = grid([segments], settings)
        for line in styledWrapper(columnWidth, segments, grid, settings).lines(segments) {
          defer { lineIndex += 1 }
          let offset = offset(of: line.width, in: columnWidth, alignment)
          for run in runs(
            line, segments, at: start + offset, grid, settings, source: span(cells[columnIndex].range))
          {
            pieces.append(TablePiece(line: lineIndex, run: run))
          }
        }
        height = max(height, lineIndex)
        start += columnWidth + table.separator
        continue
      }
      for (text, textWidth) in wrapper(columnWidth, settings).lines(of: cells[columnIndex].text) {
        defer { lineIndex += 1 }
        guard !text.isEmpty else { continue }
        let offset =
          switch row.alignments[columnIndex] {
          case .left: startsAtTheFarEnd(text) ? max(0, columnWidth - textWidth) : 0
          case .center: max(0, (columnWidth - textWidth) / 2)
          case .right: max(0, columnWidth - textWidth)
          }
        pieces.append(
          TablePiece(
            line: lineIndex,
            run: TextRun(
              column: start + offset, text: text, width: textWidth, style: settings.style,
              source: span(cells[columnIndex].range))))
      }
      height = max(height, lineIndex)
      start += columnWidth + table.separator
    }
    // The rules of a bordered table run down every line of the row, wrapped lines too.
    let rules = table.border.weight.map { weight in
      tableRules(widths, table).map {
        TextRun(
          column: $0, text: String(BoxDrawing.character(.vertical, weight)), width: 1, style: .plain,
          source: span(table.range), border: true)
      }
    }
    for lineIndex in 0..<height {
      var runs: [TextRun] = rules ?? []
      for piece in pieces where piece.line == lineIndex { runs.append(piece.run) }
      if rules != nil { runs.sort { $0.column < $1.column } }
      appendLine(runs, settings: settings, width: width, range: range)
    }
    if row.header, table.border.weight != nil {
      layoutTableFrame(table, .middle, range: table.range)
    }
  }

  /// The columns of a bordered table's vertical rules: the frame's left edge, one between each
  /// two cells, the frame's right edge.
  private func tableRules(_ widths: [Int], _ table: TableSpec) -> [Int] {
    var rules = [0]
    var start = table.edge
    for width in widths {
      start += width
      rules.append(start + table.gap)
      start += table.separator
    }
    return rules
  }

  /// Which of a bordered table's horizontal lines.
  private enum TableFrameLine {
    /// `┌─┬─┐`.
    case top
    /// `├─┼─┤`, under a `header` row.
    case middle
    /// `└─┴─┘`.
    case bottom
  }

  /// A bordered table's top, bottom or header line, joined to its rules.
  private mutating func layoutTableFrame(_ table: TableSpec, _ which: TableFrameLine, range: SourceRange) {
    guard let weight = table.border.weight else { return }
    let settings = LineSettings(font: media.font, scale: .normal, alignment: .left, style: .plain)
    let width = columns(settings)
    let widths = tableWidths(table, total: width)
    let (up, down) =
      switch which {
      case .top: (false, true)
      case .middle: (true, true)
      case .bottom: (true, false)
      }
    let horizontal = String(BoxDrawing.character(.horizontal, weight))
    var pieces = [String(BoxDrawing.character(.init(up: up, down: down, right: true), weight))]
    pieces.reserveCapacity(1 + 2 * widths.count)
    // Every box-drawing character is one column: the frame's width is counted as it is built.
    var textWidth = 1
    // Right to left, the rows' cells are mirrored (the first at the right): so are the tees.
    let ordered = media.direction == .rightToLeft ? Array(widths.reversed()) : widths
    for (index, columnWidth) in ordered.enumerated() {
      pieces.append(String.repeated(horizontal, count: columnWidth + 2 * table.gap))
      textWidth += columnWidth + 2 * table.gap + 1
      let last = index == widths.count - 1
      pieces.append(String(BoxDrawing.character(.init(up: up, down: down, left: true, right: !last), weight)))
    }
    let text = pieces.joined()
    appendLine(
      [TextRun(column: 0, text: text, width: textWidth, style: .plain, source: span(range), border: true)],
      settings: settings, width: width, range: range)
  }

  /// The column widths of `table` on a line of `total` columns, worked out once a table.
  private mutating func tableWidths(_ table: TableSpec, total: Int) -> [Int] {
    if let known = tableWidths, known.table == table.range, known.total == total { return known.widths }
    let widths = table.widths(total: total)
    tableWidths = (table.range, total, widths)
    return widths
  }

  /// Columns side by side, each laid out by a layout of its own on paper as wide as it: text
  /// alone becomes text lines (the columns' runs on one grid), anything else one band.
  private mutating func layoutColumns(_ spec: ColumnsSpec, _ items: [[LayoutItem]], range: SourceRange) {
    var spec = spec
    let settings = LineSettings(font: media.font, scale: .normal, alignment: .left, style: .plain)
    // The line the columns share: the paper's, less what boxes around them take.
    let line = columns(settings)
    if media.direction == .rightToLeft {
      // A right-to-left receipt reads its columns from the right, as its rows' cells.
      spec.columns = spec.columns.map { (line - $0.start - $0.width, $0.width) }
    }
    var laidOut: [[Block]] = []
    for (column, columnItems) in zip(spec.columns, items) {
      var inner = Layout(
        media: Checker.media(media, columns: column.width), measurer: measurer,
        shapedMeasurer: shapedMeasurer,
        sources: sources, spans: spans, templatePaths: templatePaths,
        maximumBlocks: max(0, maximumBlocks - blocks.count))
      inner.inColumn = true
      let (document, found) = inner.layout(columnItems)
      diagnostics += found
      laidOut.append(document.blocks)
    }
    let cell = media.font.cellWidth
    guard let lines = textColumns(laidOut) else {
      let inset = Self.boxSides / 2 * boxes.count
      emit(
        .band(
          Band(
            columns: zip(spec.columns, laidOut).map {
              BandColumn(x: ($0.start + inset) * cell, width: $0.width * cell, blocks: $1)
            }, alignment: spec.alignment, source: span(range), rules: boxRules(inner: line))))
      return
    }
    let height = lines.map { $0.count }.max() ?? 0
    for row in 0..<height {
      var runs: [TextRun] = []
      for (column, columnLines) in zip(spec.columns, lines) {
        let room = height - columnLines.count
        let first =
          switch spec.alignment {
          case .top: 0
          case .middle: room / 2
          case .bottom: room
          }
        guard row >= first, row - first < columnLines.count else { continue }
        for var run in columnLines[row - first] {
          run.column += column.start
          runs.append(run)
        }
      }
      // Already in the columns' order: a right-to-left receipt's were mirrored above.
      appendLine(runs, settings: settings, width: line, range: range, mirrored: false)
    }
  }

  /// The vertical rules of the boxes open around a band whose content is `inner` columns wide.
  private func boxRules(inner: Int) -> [BandRule] {
    let cell = media.font.cellWidth
    let total = inner + Self.boxSides * boxes.count
    var rules: [BandRule] = []
    for (depth, box) in boxes.enumerated() {
      guard let weight = box.border.weight else { continue }
      let side = depth * Self.boxSides / 2
      rules.append(BandRule(x: side * cell, width: cell, weight: weight))
      rules.append(BandRule(x: (total - 1 - side) * cell, width: cell, weight: weight))
    }
    return rules
  }

  /// A picture or symbol inside boxes: laid out as a column as wide as the boxes leave, one band
  /// with the boxes' rules down its sides.
  private mutating func layoutInBox(_ item: LayoutItem, range: SourceRange) {
    let settings = LineSettings(font: media.font, scale: .normal, alignment: .left, style: .plain)
    let inner = columns(settings)
    var nested = Layout(
      media: Checker.media(media, columns: inner), measurer: measurer, shapedMeasurer: shapedMeasurer,
      sources: sources, spans: spans, templatePaths: templatePaths, maximumBlocks: maximumBlocks)
    nested.inColumn = true
    let (document, found) = nested.layout([item])
    diagnostics += found
    let cell = media.font.cellWidth
    let column = BandColumn(
      x: Self.boxSides / 2 * boxes.count * cell, width: inner * cell, blocks: document.blocks)
    emit(.band(Band(columns: [column], alignment: .top, source: span(range), rules: boxRules(inner: inner))))
  }

  /// Each column's lines as runs, when every column holds only text lines, rules and feeds in
  /// the receipt's font at scale 1 (then they can share text lines); nil otherwise.
  private func textColumns(_ columns: [[Block]]) -> [[[TextRun]]]? {
    var result: [[[TextRun]]] = []
    for blocks in columns {
      var lines: [[TextRun]] = []
      for block in blocks {
        switch block {
        case .text(let line) where line.font == media.font && line.scale == .normal:
          lines.append(line.runs)
        case .rule(let rule) where rule.font == media.font:
          lines.append([
            TextRun(
              column: 0, text: String.repeated(rule.character, count: rule.columns), width: rule.columns,
              style: rule.style, source: rule.source)
          ])
        case .feed(let feed):
          lines += Array(repeating: [], count: feed.lines)
        default:
          return nil
        }
      }
      result.append(lines)
    }
    return result
  }

  /// A box's top line (then the lines inside are framed by it) or its bottom line.
  private mutating func layoutBox(_ border: Border, _ edge: FrameEdge, range: SourceRange) {
    let settings = LineSettings(font: media.font, scale: .normal, alignment: .left, style: .plain)
    if edge == .bottom { boxes.removeLast() }
    if let weight = border.weight {
      let width = columns(settings)
      let corners: (Character, Character) =
        edge == .top
        ? (
          BoxDrawing.character(.init(down: true, right: true), weight),
          BoxDrawing.character(.init(down: true, left: true), weight)
        )
        : (
          BoxDrawing.character(.init(up: true, right: true), weight),
          BoxDrawing.character(.init(up: true, left: true), weight)
        )
      let text =
        String(corners.0)
        + String.repeated(BoxDrawing.character(.horizontal, weight), count: max(0, width - 2))
        + String(corners.1)
      appendLine(
        [TextRun(column: 0, text: text, width: width, style: .plain, source: span(range), border: true)],
        settings: settings, width: width, range: range)
    }
    if edge == .top { boxes.append((border, span(range))) }
  }

  // MARK: Styled text

  /// The column grid of lines holding `cells`: one cell wide when a piece has its own size
  /// (`<size 2x2>` takes two cells a character, and a line's other text keeps the statement's
  /// size), else the statement's own grid.
  private struct Grid {
    /// The line's scale; runs of another size carry their own.
    var scale: Scale
    /// Cells across the paper.
    var width: Int
    /// Whether the grid is one cell wide for pieces of their own size.
    var sized: Bool
  }

  private func grid(_ cells: [[StyledSegment]], _ settings: LineSettings) -> Grid {
    let sized = cells.contains { $0.contains { $0.style.scale != nil } }
    guard sized else { return Grid(scale: settings.scale, width: columns(settings), sized: false) }
    return Grid(
      scale: Scale(width: 1, height: settings.scale.height), width: media.columns(for: settings.font),
      sized: true)
  }

  /// A cell's pieces: its own, or all its text in the line's style.
  private func segments(of cell: RenderedCell) -> [StyledSegment] {
    cell.segments.isEmpty ? [StyledSegment(text: cell.text, style: .none)] : cell.segments
  }

  /// A wrapper `width` cells wide for `segments` on `grid`.
  private func styledWrapper(
    _ width: Int, _ segments: [StyledSegment], _ grid: Grid, _ settings: LineSettings
  ) -> StyledWrapper {
    StyledWrapper(
      width: width, mode: settings.wrap,
      magnification: segments.map { grid.sized ? ($0.style.scale ?? settings.scale).width : 1 },
      inked: segments.map {
        let style = $0.style.applied(to: settings.style)
        return style.invert || style.underline
      })
  }

  /// The runs of a styled line starting at `column`.
  private func runs(
    _ line: StyledLine, _ segments: [StyledSegment], at column: Int, _ grid: Grid, _ settings: LineSettings,
    source: SourceSpan?
  ) -> [TextRun] {
    var column = column
    var runs: [TextRun] = []
    runs.reserveCapacity(line.pieces.count)
    for piece in line.pieces {
      let segment = segments[piece.segment]
      let scale = grid.sized ? (segment.style.scale ?? settings.scale) : grid.scale
      runs.append(
        TextRun(
          column: column, text: piece.text, width: piece.width,
          style: segment.style.applied(to: settings.style),
          source: source, scale: scale == grid.scale ? nil : scale))
      column += piece.width
    }
    return runs
  }

  /// Where something `width` cells wide starts in `room` cells, placed by `alignment`.
  private func offset(of width: Int, in room: Int, _ alignment: Alignment) -> Int {
    switch alignment {
    case .left: 0
    case .center: max(0, (room - width) / 2)
    case .right: max(0, room - width)
    }
  }

  /// `text` with spans or a wrap mode other than words: as ``layoutText(_:settings:range:)``,
  /// piece by piece.
  private mutating func layoutStyledText(_ cell: RenderedCell, settings: LineSettings, range: SourceRange) {
    let segments = segments(of: cell)
    let grid = grid([segments], settings)
    var lineSettings = settings
    lineSettings.scale = grid.scale
    for line in styledWrapper(grid.width, segments, grid, settings).lines(segments) {
      let column = offset(of: line.width, in: grid.width, settings.alignment)
      appendLine(
        runs(line, segments, at: column, grid, settings, source: span(range)), settings: lineSettings,
        width: grid.width, range: range)
    }
  }

  /// A `row` with spans or a wrap mode other than words: as ``layoutRow(_:settings:range:)``.
  private mutating func layoutStyledRow(_ cells: [RenderedCell], settings: LineSettings, range: SourceRange) {
    guard let first = cells.first else { return }
    let all = cells.map(segments(of:))
    let grid = grid(all, settings)
    var lineSettings = settings
    lineSettings.scale = grid.scale
    // The other cells on one line each, as wide as they are.
    var rest: [StyledLine] = []
    var fitsOneLine = true
    for segments in all.dropFirst() {
      var unbounded = styledWrapper(.max / 4, segments, grid, settings)
      unbounded.mode = .none
      let lines = unbounded.lines(segments)
      if lines.count != 1 { fitsOneLine = false }
      rest.append(lines.first ?? StyledLine.empty)
    }
    let fixed = rest.reduce(0) { $0 + $1.width + 1 }
    let room = grid.width - fixed
    let firstWrapper = styledWrapper(room, all[0], grid, settings)
    let shares =
      room >= 1
      && (room * 2 >= grid.width || room >= firstWrapper.longestWord(all[0])
        || settings.wrap != .word)
    guard shares, fitsOneLine else {
      var left = settings
      left.alignment = .left
      layoutStyledText(first, settings: left, range: first.range)
      var right = settings
      right.alignment = .right
      for cell in cells.dropFirst() { layoutStyledText(cell, settings: right, range: cell.range) }
      return
    }
    for (index, line) in firstWrapper.lines(all[0]).enumerated() {
      var runs = runs(line, all[0], at: 0, grid, settings, source: span(first.range))
      if index == 0 {
        var column = grid.width - fixed + 1
        for (offset, line) in rest.enumerated() {
          runs += self.runs(
            line, all[offset + 1], at: column, grid, settings, source: span(cells[offset + 1].range))
          column += line.width + 1
        }
      }
      appendLine(runs, settings: lineSettings, width: grid.width, range: range)
    }
  }

  /// One line of one table cell, placed in the row.
  private struct TablePiece {
    /// Which of the row's lines it is on.
    var line: Int
    var run: TextRun
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
    if inColumn, symbol.width > media.widthDots {
      diagnostics.append(Diagnostic(.widerThanColumn(dots: symbol.width, column: media.widthDots), at: range))
    }
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
    } else if inColumn {
      // A band prints as one picture: the quiet zone above is in it, not in what came before.
      emit(.feed(Feed(lines: lines, source: source)))
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
      settings: settings, width: columns, range: range, mirrored: false)
  }

  /// The width of the widest space-separated word.
  private func longestWord(_ text: String, _ settings: LineSettings) -> Int {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reduce(0) { max($0, measure($1, settings)) }
  }

  /// Adds a text line; in a right-to-left receipt its runs are mirrored first (a row's first
  /// cell at the right, `align=left` at the line's start), unless `mirrored` is false (a
  /// barcode's text stays under its bars).
  private mutating func appendLine(
    _ runs: [TextRun], settings: LineSettings, width: Int, range: SourceRange, mirrored: Bool = true
  ) {
    var runs = runs
    // A hard space (`\ `, U+00A0) was only layout's business, to keep words together and keep
    // a line's last space: it prints as a space, which every code page has.
    for index in runs.indices where !TextWidth.isPrintableASCII(runs[index].text) {
      if runs[index].text.unicodeScalars.contains("\u{00A0}") {
        runs[index].text = String(
          String.UnicodeScalarView(runs[index].text.unicodeScalars.map { $0 == "\u{00A0}" ? " " : $0 }))
      }
    }
    var direction = TextDirection.auto
    if media.direction == .rightToLeft, mirrored {
      direction = .rightToLeft
      runs = runs.reversed().map { run in
        var run = run
        run.column = max(0, width - run.column - run.width)
        return run
      }
    }
    // Each box around the line, innermost first, adds its rule and a space on both sides.
    var width = width
    for box in boxes.reversed() {
      for index in runs.indices { runs[index].column += Self.boxSides / 2 }
      if let weight = box.border.weight {
        let rule = String(BoxDrawing.character(.vertical, weight))
        runs.insert(
          TextRun(column: 0, text: rule, width: 1, style: .plain, source: box.source, border: true), at: 0)
        runs.append(
          TextRun(
            column: width + Self.boxSides - 1, text: rule, width: 1, style: .plain, source: box.source,
            border: true))
      }
      width += Self.boxSides
    }
    emit(
      .text(
        TextLine(
          font: settings.font, scale: settings.scale, alignment: settings.alignment, columns: width,
          runs: runs, source: span(range), direction: direction)))
  }

  /// The cells with their text cleaned; the same array when every cell is printable ASCII,
  /// which has nothing to clean, rather than a copy of it.
  private mutating func cleaned(_ cells: [RenderedCell]) -> [RenderedCell] {
    if cells.allSatisfy({ TextWidth.isPrintableASCII($0.text) }) { return cells }
    return cells.map { cleaned($0, at: $0.range) }
  }

  /// A cell with its text, and each of its styled pieces, cleaned.
  private mutating func cleaned(_ cell: RenderedCell, at range: SourceRange) -> RenderedCell {
    guard !TextWidth.isPrintableASCII(cell.text) else { return cell }
    guard !cell.segments.isEmpty else {
      return RenderedCell(text: clean(cell.text, at: range), range: cell.range)
    }
    let segments = cell.segments.map { StyledSegment(text: clean($0.text, at: range), style: $0.style) }
    return RenderedCell(text: segments.map { $0.text }.joined(), range: cell.range, segments: segments)
  }

  /// NFC text without control characters (a line break stays: it breaks the line); a warning
  /// says how many were removed, since in a printer's stream they would be commands. The
  /// Unicode bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and the like) go too: in data
  /// they can only make a printed line read differently from the characters it holds.
  private mutating func clean(_ text: String, at range: SourceRange) -> String {
    // Printable ASCII, most text, has nothing to remove and is NFC already: one pass decides.
    if TextWidth.isPrintableASCII(text) { return text }
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
