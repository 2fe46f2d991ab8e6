import SlipIR

/// A receipt on a Zebra: the flow of blocks placed down continuous paper, one label per cut.
///
/// The paper moves as the raster preview moves it (30 dots a line, more for taller lines,
/// pictures and symbols their own height), so the two agree line for line. Text is in the
/// resident bitmap fonts whose pitch is the receipt font's cell: font D at 12 dots for font A,
/// font A spaced out to 9 dots for font B, magnified by the line's scale, each glyph centred in
/// the cell's height. Runs sit at their columns; plain runs side by side share one field.
struct ReceiptFields {
  /// One label: the fields between two cuts and the paper they take.
  struct Page {
    var fields: [Field]
    var length: Int
  }

  let media: ReceiptMedia
  /// Pictures already made into graphic fields.
  let graphics: GraphicCache
  /// What had to change, in block order.
  private(set) var warnings: [ZPLWarning] = []
  /// Dots the paper moves per line at 203 dpi, as ESC/POS printers and the preview move it.
  static let lineSpacing = 30

  /// Draws lines in scripts that need shaping as pictures.
  let textPictures: (any TextPictures)?

  init(media: ReceiptMedia, graphics: GraphicCache, textPictures: (any TextPictures)? = nil) {
    self.media = media
    self.graphics = graphics
    self.textPictures = textPictures
  }

  /// The labels of `blocks`: a cut ends one; paper after the last cut is one more if it has
  /// anything on it.
  mutating func pages(_ blocks: [Block]) -> [Page] {
    var pages: [Page] = []
    var fields: [Field] = []
    var top = 0
    for block in blocks {
      switch block {
      case .text(let line):
        // Zebra's fonts cannot shape, nor draw box-drawing borders: such a line goes as the
        // picture the preview draws.
        if let textPictures, line.runs.contains(where: { $0.border || TextShaping.needsShaping($0.text) }) {
          do throws(BackendError) {
            if let band = try textPictures.picture(of: line, width: media.widthDots) {
              fields += pictureFields(band, x: 0, y: top)
              top += max(Self.lineSpacing, line.glyphHeight)
              continue
            }
          } catch {
            warnings.append(.textNotDrawn(error.message, at: line.source))
          }
        }
        fields += textFields(line, top: top)
        top += line.runs.isEmpty ? Self.lineSpacing : max(Self.lineSpacing, line.glyphHeight)
      case .rule(let rule):
        let run = TextRun(
          column: 0, text: String.repeated(rule.character, count: rule.columns), width: rule.columns,
          style: rule.style, source: rule.source)
        let line = TextLine(
          font: rule.font, scale: .normal, alignment: .left, columns: rule.columns, runs: [run],
          source: rule.source)
        fields += textFields(line, top: top)
        top += max(Self.lineSpacing, rule.font.cellHeight)
      case .feed(let feed):
        top += max(0, feed.lines) * Self.lineSpacing
      case .cut:
        if top > 0 { pages.append(Page(fields: fields, length: top)) }
        fields = []
        top = 0
      case .band(let band):
        do throws(BackendError) {
          if let picture = try textPictures?.picture(of: band, width: media.widthDots) {
            fields += pictureFields(picture, x: 0, y: top)
            top += picture.height
          } else {
            warnings.append(.textNotDrawn("side-by-side columns need the raster engine", at: band.source))
          }
        } catch {
          warnings.append(.textNotDrawn(error.message, at: band.source))
        }
      case .drawer(let kick):
        warnings.append(.drawerKickLeftOut(at: kick.source))
      case .image(let image):
        fields += pictureFields(image.bitmap, x: image.x, y: top)
        top += image.bitmap.height
      case .symbol(let placed):
        // The layout prints a barcode's text as a line of its own: the printer's stays off.
        var symbol = placed.symbol
        symbol.humanReadable = .none
        var label = LabelFields(width: media.widthDots, height: top + symbol.height, graphics: graphics)
        let page = LabelPage(
          widthDots: media.widthDots, heightDots: top + symbol.height, dpi: media.dpi,
          elements: [.symbol(LabelSymbol(x: placed.x, y: top, symbol: symbol, source: placed.source))])
        fields += label.fields(of: page).flatMap({ $0.fields })
        warnings += label.warnings
        top += symbol.height
      }
    }
    if top > 0 { pages.append(Page(fields: fields, length: top)) }
    return pages
  }

  private func pictureFields(_ bitmap: Bitmap, x: Int, y: Int) -> [Field] {
    guard bitmap.width > 0, bitmap.height > 0 else { return [] }
    return [Field(x: max(0, x), y: y, GraphicField.command(bitmap, cache: graphics))]
  }

  // MARK: Text

  /// The resident font for a receipt font at a scale, its pitch and how far down its glyphs
  /// start in the cell.
  private func font(_ font: Font, _ scale: Scale) -> (command: String, pitch: Int, offset: Int) {
    switch font {
    case .a:
      // Font D: 10×18 glyphs on a 12-dot pitch; the cell is 24 high.
      ("^ADN,\(18 * scale.height),\(10 * scale.width)", 12 * scale.width, 3 * scale.height)
    case .b:
      // Zebra's own font B has no lower case. Font A, 5 dots wide and drawn twice as tall,
      // with 3 more dots between characters (^FP) than its 1: a 9-dot pitch; the cell is 17 high.
      ("^AAN,\(18 * scale.height),\(5 * scale.width)^FPH,\(3 * scale.width)", 9 * scale.width, scale.height)
    }
  }

  private mutating func textFields(_ line: TextLine, top: Int) -> [Field] {
    let (command, pitch, offset) = font(line.font, line.scale)
    let cellHeight = line.glyphHeight
    var fields: [Field] = []
    var controls = 0
    var missing: [String] = []
    // Plain runs in a row are one field, spaced by their columns.
    var pending: (column: Int, text: String, end: Int)?
    func flush() {
      if let run = pending, !run.text.isEmpty {
        fields.append(Field(x: run.column * pitch, y: top + offset, command, data: run.text))
      }
      pending = nil
    }
    var previousEnd = 0
    var previousInverted = false
    for run in line.runs {
      controls += FieldData.controlCharacters(in: run.text)
      for character in FieldData.charactersWithoutGlyph(in: run.text) where !missing.contains(character) {
        missing.append(character)
      }
      let x = run.column * pitch
      if run.style == .plain, run.scale == nil {
        if var current = pending {
          current.text += String(repeating: " ", count: max(0, run.column - current.end)) + run.text
          current.end = run.column + run.width
          pending = current
        } else {
          pending = (run.column, run.text, run.column + run.width)
        }
      } else {
        flush()
        let width = run.width * pitch
        // A run of its own size (`<size 2x2>`) has its own font and sits on the line's
        // baseline: its cell ends where the line's tallest cell does.
        let own = run.scale.map { font(line.font, $0) } ?? (command: command, pitch: pitch, offset: offset)
        let runHeight = line.font.cellHeight * line.scale(of: run).height
        let runTop = top + cellHeight - runHeight
        if run.style.invert {
          // The gap between two inverted runs is inverted spaces: black, as the preview has it.
          let gapStart = previousInverted ? previousEnd * pitch : x
          fields.append(Field(x: gapStart, y: runTop, "^GB\(x + width - gapStart),\(runHeight),\(runHeight)"))
        }
        let reverse = run.style.invert ? "^FR" : ""
        fields.append(Field(x: x, y: runTop + own.offset, own.command + reverse, data: run.text))
        if run.style.bold && !run.style.invert {
          // Emphasis as printers do it: the glyphs again one dot to the right (not when
          // reversed: a second reversed pass would turn the overlap black again).
          fields.append(Field(x: x + 1, y: runTop + own.offset, own.command + reverse, data: run.text))
        }
        if run.style.underline {
          fields.append(Field(x: x, y: top + cellHeight - 1, "^GB\(width),1,1" + reverse))
        }
      }
      previousEnd = run.column + run.width
      previousInverted = run.style.invert
    }
    flush()
    if controls > 0 { warnings.append(.controlCharactersRemoved(controls, at: line.source)) }
    if !missing.isEmpty { warnings.append(.charactersWithoutGlyph(missing, at: line.source)) }
    return fields
  }
}
