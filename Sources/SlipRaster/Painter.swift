import SlipIR

/// Lays blocks down the paper and draws them: the rules of ``Rasterizer`` in one place.
struct Painter {
  private let store: GlyphStore
  private let page: PageSettings
  /// The page being drawn (internal for the border strokes' extension).
  var canvas = Canvas(width: 0, height: 0)
  /// Characters drawn as placeholders, per template location, in document order.
  private var missing: [(source: SourceSpan?, characters: [String])] = []

  init(store: GlyphStore, page: PageSettings) {
    self.store = store
    self.page = page
  }

  // MARK: Pages

  mutating func pages(_ document: Document) throws(RasterError) -> RasterOutput {
    var pages: [RasterPage] = []
    var placed: [PlacedBlock] = []
    var top = 0
    func finish(cut: Cut?) {
      let height = (top + page.pageRowMultiple - 1) / page.pageRowMultiple * page.pageRowMultiple
      pages.append(RasterPage(bitmap: Bitmap(width: page.width, height: height), blocks: placed, cut: cut))
      placed = []
      top = 0
    }
    for (index, block) in document.blocks.enumerated() {
      let height = advance(block, index: index)
      placed.append(PlacedBlock(index: index, top: top, height: height))
      top += height
      if case .cut(let cut) = block { finish(cut: cut) }
    }
    // What follows the last cut is a page only if it takes paper.
    if top > 0 { finish(cut: nil) }
    for index in pages.indices {
      canvas = Canvas(width: page.width, height: pages[index].bitmap.height)
      for placement in pages[index].blocks {
        try paint(document.blocks[placement.index], top: placement.top, left: page.leftMargin)
      }
      pages[index].bitmap = canvas.bitmap
    }
    return RasterOutput(pages: pages, warnings: warnings)
  }

  mutating func band(_ block: Block) throws(RasterError) -> RasterBand {
    canvas = Canvas(width: page.width, height: advance(block, index: nil))
    switch block {
    case .text, .rule, .band: try paint(block, top: 0, left: 0)
    default: break
    }
    return RasterBand(bitmap: canvas.bitmap, warnings: warnings)
  }

  private var warnings: [RasterWarning] {
    missing.map { RasterWarning.noGlyph($0.characters, at: $0.source) }
  }

  /// The rows of paper block `index` takes.
  func advance(_ block: Block, index: Int?) -> Int {
    switch block {
    case .text(let line):
      // An empty line is a bare line feed: the line spacing, whatever the scale.
      let height = line.runs.isEmpty ? page.lineSpacing : max(page.lineSpacing, line.glyphHeight)
      return index.map(page.linesAsImages.contains) == true ? imageRows(height) : height
    case .rule(let rule):
      let height = max(page.lineSpacing, rule.font.cellHeight)
      return index.map(page.linesAsImages.contains) == true ? imageRows(height) : height
    case .feed(let feed): return max(0, feed.lines) * page.lineSpacing
    case .cut: return page.cutFeedLines * page.lineSpacing
    case .drawer: return 0
    case .image(let image): return page.printsImages ? imageRows(image.bitmap.height) : 0
    case .symbol(let placed): return page.printsImages ? imageRows(placed.symbol.height) : 0
    case .band(let band):
      let height = bandHeight(band)
      return index.map(page.linesAsImages.contains) == true ? imageRows(height) : height
    }
  }

  /// Rows an image `height` rows tall takes on the printer.
  private func imageRows(_ height: Int) -> Int {
    (height + page.imageRowMultiple - 1) / page.imageRowMultiple * page.imageRowMultiple
  }

  mutating func paint(_ block: Block, top: Int, left: Int) throws(RasterError) {
    switch block {
    case .text(let line): try paint(line, top: top, left: left)
    case .rule(let rule): try paint(rule, top: top, left: left)
    case .image(let image) where page.printsImages: canvas.draw(image.bitmap, x: left + image.x, y: top)
    case .symbol(let placed) where page.printsImages: paint(placed, top: top, left: left)
    case .band(let band): try paint(band, top: top, left: left)
    case .feed, .cut, .drawer, .image, .symbol: break
    }
  }

  /// A barcode or QR code: the encoder's modules, as the ESC/POS writer prints them when the
  /// printer has no native command for the symbol.
  private mutating func paint(_ placed: SymbolBlock, top: Int, left: Int) {
    canvas.draw(placed.symbol.bitmap(), x: left + placed.x, y: top)
  }

  // MARK: Text

  /// A line: each run at its column of the line's grid, gaps between inverted runs kept black
  /// (the printer's spaces there are inverted too), every run as wide as the layout made it.
  private mutating func paint(_ line: TextLine, top: Int, left: Int) throws(RasterError) {
    let cellDots = line.font.cellWidth * line.scale.width
    let height = line.glyphHeight
    var column = 0
    var previousInverted = false
    // The spaces between runs print at the line's own scale, on its baseline.
    let gapHeight = line.font.cellHeight * line.scale.height
    for run in line.runs {
      if run.column > column {
        if previousInverted && run.style.invert {
          canvas.rectangle(
            x: left + column * cellDots, y: top + height - gapHeight, width: (run.column - column) * cellDots,
            height: gapHeight)
        }
        column = run.column
      }
      if run.border {
        paintBorder(
          run, x: left + run.column * cellDots, top: top, cellDots: cellDots,
          height: line.runs.isEmpty ? page.lineSpacing : max(page.lineSpacing, line.glyphHeight))
        column = run.column + run.width
        previousInverted = false
        continue
      }
      // A run of its own size (`<size 2x2>`, on a grid one cell wide) is magnified by its own
      // scale and sits on the line's baseline: its cells end at the bottom of the tallest.
      let scale = line.scale(of: run)
      let runTop = top + height - line.font.cellHeight * scale.height
      if TextShaping.needsShaping(run.text) {
        try paintShaped(run, line: line, x: left + column * cellDots, top: runTop)
        column += run.width
        previousInverted = run.style.invert
        continue
      }
      var glyphs: [(glyph: Glyph, cell: Int)] = []
      var cells = 0
      for character in run.text {
        let width = TextColumns.columns(of: character)
        guard width > 0 else { continue }
        let glyph = try store.glyph(character, cells: width, font: line.font)
        if !glyph.found { noteMissing(character, at: run.source) }
        glyphs.append((glyph, cells))
        cells += width
      }
      // The run's width in its own cells: a grid cell is `line.scale.width` dots of font width.
      let ownCells = run.width * line.scale.width / max(1, scale.width)
      let total = max(ownCells, cells)
      try stampRun(
        glyphs, x: left + column * cellDots, top: runTop, cells: total, font: line.font, scale: scale,
        style: run.style)
      column += max(run.width, total * scale.width / max(1, line.scale.width))
      previousInverted = run.style.invert
    }
  }

  /// The em, in the font's own dots, that shaped text is drawn at on a line of `font`: a little
  /// under the cell's height, so that marks above and below fit the line's 30 dots of paper.
  static func shapedEm(_ font: Font) -> Int { font.cellHeight * 9 / 10 }

  /// Where a shaped line's baseline sits in its `rows`: an em below the top, as Latin text's
  /// would, unless marks stacked above (a Thai tone mark over an upper vowel, Arabic's
  /// shadda with a vowel) would be cut off at the top; then lower, as far as the ink below the
  /// baseline leaves room. `ink` holds each glyph's top and bottom row against the baseline.
  static func shapedBaseline(em: Int, rows: Int, ink: [(top: Int, bottom: Int)]) -> Int {
    let usual = min(em, rows - em * 3 / 10)
    guard let highest = ink.map(\.top).min(), let lowest = ink.map(\.bottom).max() else { return usual }
    guard usual + highest < 0 else { return usual }
    return max(usual, min(-highest, rows - lowest))
  }

  /// A run in a script that needs shaping: HarfBuzz's glyphs from the Noto face of each script
  /// run, in FriBidi's order, drawn in the font's own dots (an em of ``shapedEm(_:)``, the
  /// baseline an em below the line's top, marks hanging into the line spacing below). Text
  /// scaled alike both ways is drawn at that many times the em, so its outlines stay smooth (a
  /// picture is all the printer gets, and magnified dots misread as other letters); scaled
  /// unevenly, it is magnified. A right-to-left paragraph sits at its box's right end, a
  /// left-to-right one at its left; bold, underline and invert are as for cells.
  private mutating func paintShaped(_ run: TextRun, line: TextLine, x: Int, top: Int) throws(RasterError) {
    let font = line.font
    let scale = line.scale(of: run)
    // Its width in its own cells: a run of its own size sits on a grid one cell wide.
    let ownWidth = run.width * line.scale.width / max(1, scale.width)
    let lineHeight = run.scale == nil ? line.glyphHeight : font.cellHeight * scale.height
    // Drawn at `factor` times the font's dots, then magnified by what remains of the scale.
    let factor = scale.width == scale.height ? scale.width : 1
    let magnified = Scale(width: scale.width / factor, height: scale.height / factor)
    let em = Self.shapedEm(font) * factor
    let shaped = try store.shape(run.text, direction: line.direction)
    let textWidth = shaped.width(pixels: em)
    let boxWidth = ownWidth * font.cellWidth * factor
    let rows = max(font.cellHeight, max(page.lineSpacing, lineHeight) / scale.height) * factor
    var placed: [(bitmap: Bitmap, x: Int, y: Int)] = []
    var pen = 0
    for shapedRun in shaped.runs {
      var units = 0
      for glyph in shapedRun.glyphs {
        let image = try store.shapedGlyph(glyph.id, face: shapedRun.face, pixels: em)
        if glyph.id == 0 {
          // HarfBuzz's .notdef: the face has nothing for the scalar this cluster starts with.
          let scalars = Array(run.text.unicodeScalars)
          if glyph.cluster < scalars.count { noteMissing(Character(scalars[glyph.cluster]), at: run.source) }
        }
        if let bitmap = image.bitmap {
          // Rows against the baseline: negative above it.
          let gx = pen + ShapedLine.dots(units + glyph.xOffset, shapedRun, em) + image.left
          let gy = -ShapedLine.dots(glyph.yOffset, shapedRun, em) - image.top
          placed.append((bitmap, gx, gy))
        }
        units += glyph.advance
      }
      pen += ShapedLine.dots(units, shapedRun, em)
    }
    let baseline = Self.shapedBaseline(
      em: em, rows: rows, ink: placed.map { ($0.y, $0.y + $0.bitmap.height) })
    var local = Canvas(width: max(boxWidth, textWidth) + 1, height: rows)
    for glyph in placed {
      local.draw(glyph.bitmap, x: glyph.x, y: baseline + glyph.y)
      for offset in 0..<(run.style.bold ? factor : 0) {
        local.draw(glyph.bitmap, x: glyph.x + 1 + offset, y: baseline + glyph.y)
      }
    }
    // A right-to-left paragraph ends at the box's right edge (and overflows to the left).
    let shift = shaped.rightToLeft ? boxWidth - textWidth : 0
    let height = lineHeight
    let ink = !run.style.invert
    let cellDots = font.cellWidth * scale.width
    if run.style.invert { canvas.rectangle(x: x, y: top, width: ownWidth * cellDots, height: height) }
    let drawn = local.bitmap
    for row in 0..<drawn.height {
      var column = 0
      while column < drawn.width {
        guard drawn[column, row] else {
          column += 1
          continue
        }
        var end = column + 1
        while end < drawn.width, drawn[end, row] { end += 1 }
        let from = x + (column + shift) * magnified.width
        let to = x + (end + shift) * magnified.width
        for copy in 0..<magnified.height {
          canvas.span(top + row * magnified.height + copy, from: from, to: to, ink: ink)
        }
        column = end
      }
    }
    if run.style.underline { canvas.span(top + height - 1, from: x, to: x + ownWidth * cellDots, ink: ink) }
  }

  /// A rule: its character in every column.
  private mutating func paint(_ rule: RuleLine, top: Int, left: Int) throws(RasterError) {
    guard let character = rule.character.first else { return }
    let glyph = try store.glyph(character, cells: 1, font: rule.font)
    if !glyph.found { noteMissing(character, at: rule.source) }
    let glyphs = (0..<rule.columns).map { (glyph: glyph, cell: $0) }
    try stampRun(
      glyphs, x: left, top: top, cells: rule.columns, font: rule.font, scale: .normal, style: rule.style)
  }

  /// Glyphs at their cells from `x`, over a run `cells` cells wide: inverted runs are a black bar
  /// with the glyphs cut out of it; the underline is the bottom row across the run.
  private mutating func stampRun(
    _ glyphs: [(glyph: Glyph, cell: Int)], x: Int, top: Int, cells: Int, font: Font, scale: Scale,
    style: TextStyle
  ) throws(RasterError) {
    let cellDots = font.cellWidth * scale.width
    let height = font.cellHeight * scale.height
    let ink = !style.invert
    if style.invert { canvas.rectangle(x: x, y: top, width: cells * cellDots, height: height) }
    for (glyph, cell) in glyphs {
      stamp(glyph, x: x + cell * cellDots, top: top, font: font, scale: scale, bold: style.bold, ink: ink)
    }
    if style.underline { canvas.span(top + height - 1, from: x, to: x + cells * cellDots, ink: ink) }
  }

  /// One glyph, each dot a `scale` block; bold adds the glyph again one dot to the right (in the
  /// font's own dots, inside its box, as emphasised printing does).
  private mutating func stamp(
    _ glyph: Glyph, x: Int, top: Int, font: Font, scale: Scale, bold: Bool, ink: Bool
  ) {
    let boxWidth = glyph.cells * font.cellWidth
    let inBox = ~(UInt32.max >> UInt32(boxWidth))
    for (row, dots) in glyph.rows.enumerated() {
      var bits = bold ? (dots | dots >> 1) & inBox : dots
      while bits != 0 {
        let start = bits.leadingZeroBitCount
        let length = (~(bits << UInt32(start))).leadingZeroBitCount
        let from = x + start * scale.width
        let to = x + (start + length) * scale.width
        for line in 0..<scale.height {
          canvas.span(top + row * scale.height + line, from: from, to: to, ink: ink)
        }
        bits &= UInt32.max >> UInt32(start + length)
      }
    }
  }

  private mutating func noteMissing(_ character: Character, at source: SourceSpan?) {
    let text = String(character)
    if let index = missing.firstIndex(where: { $0.source == source }) {
      if !missing[index].characters.contains(text) { missing[index].characters.append(text) }
    } else {
      missing.append((source, [text]))
    }
  }
}
