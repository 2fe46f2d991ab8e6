import SlipIR

/// The fields of a label's elements: the rules of how each kind of element becomes ZPL.
///
/// - Text: one `^FO…^A0N,h,h^FD` field per laid-out line, at the line's own position. The
///   compiler wrapped, shrank and aligned the text already; a `^FB` block would let the printer
///   wrap again with its own widths and read backslashes as escapes.
/// - Boxes, straight lines: `^GB`, drawn inside their rectangle as the preview draws them; a
///   diagonal line is `^GD`, a circle `^GC`. A shape that crosses the label's edge is cut to it.
/// - Pictures: `^GFA` in Z64 form.
/// - Code 128: `^BY`+`^BC` with the encoder's own code sets (``Code128Fields``); QR: `^BQ` with
///   explicit magnification and error correction, after a `^BY` of height 1 (printers move a QR
///   code down by the `^BY` height less one). Other symbols, and symbols ZPL cannot draw at
///   their module size, print as pictures of their modules: the same dots the preview shows.
struct LabelFields {
  /// The label's size: shapes are cut to it, text is kept inside it.
  let width: Int
  let height: Int
  /// Pictures already made into graphic fields.
  let graphics: GraphicCache
  /// What had to change, in element order.
  private(set) var warnings: [ZPLWarning] = []
  /// How many elements each statement has made so far, for the elements' keys.
  private var occurrences: [String: Int] = [:]

  /// Draws lines in scripts that need shaping as pictures.
  let textPictures: (any TextPictures)?

  init(width: Int, height: Int, graphics: GraphicCache, textPictures: (any TextPictures)? = nil) {
    self.textPictures = textPictures
    self.width = width
    self.height = height
    self.graphics = graphics
  }

  /// Writes the fields of every element of `page` to `out`, in template order, a line each.
  /// The elements' keys are only for stored formats: the writer makes none.
  mutating func write(_ page: LabelPage, to out: inout [UInt8]) {
    for element in page.elements {
      for field in fields(of: element).0 { field.write(to: &out) }
    }
  }

  /// The fields of every element of `page`, in template order, with the keys a stored format
  /// finds them by.
  mutating func fields(of page: LabelPage) -> [ElementFields] {
    page.elements.map { element in
      let (fields, source) = fields(of: element)
      let place = source.map { "\($0)" } ?? "-"
      let occurrence = occurrences[place, default: 0]
      occurrences[place] = occurrence + 1
      return ElementFields(key: ElementFields.Key(source: place, occurrence: occurrence), fields: fields)
    }
  }

  private mutating func fields(of element: LabelElement) -> ([Field], SourceSpan?) {
    switch element {
    case .text(let text): (textFields(text), text.source)
    case .box(let box): (boxFields(box), box.source)
    case .line(let line): (lineFields(line), line.source)
    case .circle(let circle): (circleFields(circle), circle.source)
    case .image(let image): (graphicFields(image.bitmap, x: image.x, y: image.y), image.source)
    case .symbol(let placed): (symbolFields(placed), placed.source)
    }
  }

  // MARK: Text

  private mutating func textFields(_ text: LabelText) -> [Field] {
    // `^FR` before the font: the field prints white on black and black on white.
    let reverse: [UInt8] = text.reverse ? Self.reverse : []
    if text.rotation != .none, let textPictures,
      text.lines.contains(where: { TextShaping.needsShaping($0.text) })
    {
      // Turned text that needs shaping: the whole element as the preview draws it.
      do throws(BackendError) {
        if let picture = try textPictures.picture(of: .text(text)) {
          return graphicFields(picture.bitmap, x: picture.x, y: picture.y, prefix: reverse)
        }
        return []
      } catch {
        warnings.append(.textNotDrawn(error.message, at: text.source))
      }
    }
    var fields: [Field] = []
    var controls = 0
    var missing: [String] = []
    var moved: (x: Int, y: Int)?
    // `^A` and the font, the same for every line of the element: made once.
    var font: [UInt8] = []
    font.reserveCapacity(16)
    font.append(ascii: "^A")
    font.append(contentsOf: text.font.name.utf8)
    font.append(contentsOf: text.rotation.zplOrientation.utf8)
    font.append(UInt8(ascii: ","))
    font.append(decimals: text.height, text.glyphWidth ?? text.height)
    for line in text.lines where !line.text.isEmpty {
      if text.rotation == .none, let textPictures, TextShaping.needsShaping(line.text) {
        // Zebra's resident fonts cannot shape: the line goes as the picture the preview draws.
        do throws(BackendError) {
          if let picture = try textPictures.picture(of: line, height: text.height) {
            fields += graphicFields(picture.bitmap, x: picture.x, y: picture.y, prefix: reverse)
          }
          continue
        } catch {
          warnings.append(.textNotDrawn(error.message, at: text.source))
        }
      }
      controls += FieldData.controlCharacters(in: line.text)
      for character in FieldData.charactersWithoutGlyph(in: line.text) where !missing.contains(character) {
        missing.append(character)
      }
      // A turned line's field box is turned with it; `^FO` is that box's top left.
      let placed = text.placed(line)
      if placed.x < 0 || placed.y < 0, moved == nil { moved = (placed.x, placed.y) }
      guard !line.runs.isEmpty else {
        var field = Field(x: max(0, placed.x), y: max(0, placed.y), reverse, data: line.text)
        field.commands.append(contentsOf: font)
        fields.append(field)
        continue
      }
      fields += runFields(line, of: text, font: font, reverse: reverse)
    }
    if controls > 0 { warnings.append(.controlCharactersRemoved(controls, at: text.source)) }
    if !missing.isEmpty { warnings.append(.charactersWithoutGlyph(missing, at: text.source)) }
    if let moved { warnings.append(.textMovedInside(x: moved.x, y: moved.y, at: text.source)) }
    return fields
  }

  /// A styled line, run by run at its measured advance: `<inv>` a black box under a `^FR`
  /// field, `<b>` the field struck twice one dot apart, `<u>` a bar under the run (white on
  /// black where the run is). The checker refused the mixes `^FR` cannot draw.
  private func runFields(_ line: LabelText.Line, of text: LabelText, font: [UInt8], reverse: [UInt8])
    -> [Field]
  {
    var fields: [Field] = []
    for run in line.runs {
      let white = run.style.invert ? Self.reverse : reverse
      if run.style.invert {
        let box = text.inversion(of: run, in: line)
        fields += filled(Rectangle(x: box.x, y: box.y, width: box.width, height: box.height))
      }
      if run.text.contains(where: { $0 != " " }) {
        fields.append(Field(x: max(0, run.x), y: max(0, line.y), white + font, data: run.text))
        if run.style.bold {
          fields.append(Field(x: max(0, run.x + 1), y: max(0, line.y), white + font, data: run.text))
        }
      }
      if run.style.underline {
        let bar = text.underline(of: run, in: line)
        let rectangle = Rectangle(x: bar.x, y: bar.y, width: bar.width, height: bar.height)
        guard let cut = rectangle.clipped(width: width, height: height) else { continue }
        fields.append(
          .box(
            x: cut.x, y: cut.y, prefix: white, width: cut.width, height: cut.height,
            thickness: min(cut.width, cut.height)))
      }
    }
    return fields
  }

  // MARK: Shapes

  /// A box: `^GB` draws its border inside the rectangle, as the preview does; filled, the
  /// border is as thick as the box is narrow.
  private func boxFields(_ box: LabelBox) -> [Field] {
    let rectangle = Rectangle(x: box.x, y: box.y, width: box.width, height: box.height)
    if box.rounding > 0, rectangle.isInside(width: width, height: height) {
      let border = box.filled ? min(box.width, box.height) : box.border
      var field = Field.box(x: box.x, y: box.y, width: box.width, height: box.height, thickness: border)
      field.commands.append(ascii: ",B,")
      field.commands.append(decimal: box.rounding)
      return [field]
    }
    if box.filled || 2 * box.border >= min(box.width, box.height) {
      return filled(rectangle)
    }
    if rectangle.isInside(width: width, height: height) {
      return [.box(x: box.x, y: box.y, width: box.width, height: box.height, thickness: box.border)]
    }
    // Crossing the edge: the four sides as bars, each cut to the label.
    let border = box.border
    let sides = [
      Rectangle(x: box.x, y: box.y, width: box.width, height: border),
      Rectangle(x: box.x, y: box.y + box.height - border, width: box.width, height: border),
      Rectangle(x: box.x, y: box.y + border, width: border, height: box.height - 2 * border),
      Rectangle(
        x: box.x + box.width - border, y: box.y + border, width: border, height: box.height - 2 * border),
    ]
    return sides.flatMap(filled)
  }

  /// A line: horizontal and vertical ones are bars `thickness` wide centred on the line, from
  /// end to end; others a `^GD` diagonal in the rectangle between the ends.
  private func lineFields(_ line: LabelLine) -> [Field] {
    let left = min(line.x1, line.x2)
    let top = min(line.y1, line.y2)
    let across = abs(line.x2 - line.x1)
    let down = abs(line.y2 - line.y1)
    let half = line.thickness / 2
    if line.y1 == line.y2 {
      return filled(Rectangle(x: left, y: top - half, width: max(1, across), height: line.thickness))
    }
    if line.x1 == line.x2 {
      return filled(Rectangle(x: left - half, y: top, width: line.thickness, height: max(1, down)))
    }
    // '\' when the line falls to the right, '/' when it rises.
    let leaning: Unicode.Scalar = (line.x2 - line.x1).signum() == (line.y2 - line.y1).signum() ? "L" : "R"
    var field = Field(x: max(0, left), y: max(0, top))
    field.commands.append(ascii: "^GD")
    field.commands.append(decimals: across, down, line.thickness)
    field.commands.append(ascii: ",B,")
    field.commands.append(UInt8(ascii: leaning))
    return [field]
  }

  /// A circle: `^GC` with its border, or as thick as the radius when filled.
  private func circleFields(_ circle: LabelCircle) -> [Field] {
    if let height = circle.ellipseHeight, height != circle.diameter {
      let thickness = circle.filled ? (min(circle.diameter, height) + 1) / 2 : circle.border
      var field = Field(x: max(0, circle.x), y: max(0, circle.y))
      field.commands.append(ascii: "^GE")
      field.commands.append(decimals: circle.diameter, height, max(1, thickness))
      field.commands.append(ascii: ",B")
      return [field]
    }
    let thickness = circle.filled ? (circle.diameter + 1) / 2 : circle.border
    var field = Field(x: max(0, circle.x), y: max(0, circle.y))
    field.commands.append(ascii: "^GC")
    field.commands.append(decimals: circle.diameter, max(1, thickness))
    field.commands.append(ascii: ",B")
    return [field]
  }

  /// A solid rectangle cut to the label, as a `^GB` whose border fills it; nothing when none of
  /// it is on the label.
  private func filled(_ rectangle: Rectangle) -> [Field] {
    guard let cut = rectangle.clipped(width: width, height: height) else { return [] }
    let thickness = min(cut.width, cut.height)
    return [.box(x: cut.x, y: cut.y, width: cut.width, height: cut.height, thickness: thickness)]
  }

  // MARK: Pictures and symbols

  /// A picture at `x`, `y` as a Z64 graphic, cut to the label.
  private func graphicFields(_ bitmap: Bitmap, x: Int, y: Int, prefix: [UInt8] = []) -> [Field] {
    let rectangle = Rectangle(x: x, y: y, width: bitmap.width, height: bitmap.height)
    if rectangle.isInside(width: width, height: height) {
      guard bitmap.width > 0, bitmap.height > 0 else { return [] }
      var field = Field(x: x, y: y, prefix)
      field.commands.append(contentsOf: GraphicField.command(bitmap, cache: graphics).utf8)
      return [field]
    }
    guard let cut = rectangle.clipped(width: width, height: height) else { return [] }
    var part = Bitmap(width: cut.width, height: cut.height)
    for row in 0..<cut.height {
      for column in 0..<cut.width where bitmap[cut.x - x + column, cut.y - y + row] {
        part[column, row] = true
      }
    }
    var field = Field(x: cut.x, y: cut.y, prefix)
    field.commands.append(contentsOf: GraphicField.command(part, cache: graphics).utf8)
    return [field]
  }

  /// `^FR`: the field prints white on black and black on white.
  private static let reverse: [UInt8] = Array("^FR".utf8)

  private mutating func symbolFields(_ placed: LabelSymbol) -> [Field] {
    let symbol = placed.symbol
    if placed.rotation != .none, let textPictures {
      // Turned: the picture the preview draws, bars and text, so the two cannot differ.
      do throws(BackendError) {
        guard let picture = try textPictures.picture(of: .symbol(placed)) else { return [] }
        return graphicFields(picture.bitmap, x: picture.x, y: picture.y)
      } catch {
        warnings.append(.textNotDrawn(error.message, at: placed.source))
      }
    }
    let inside = Rectangle(x: placed.x, y: placed.y, width: symbol.width, height: symbol.height)
      .isInside(width: width, height: height)
    switch SymbolFields.native(symbol) {
    case .field(let commands, let data) where inside:
      return [Field(x: placed.x, y: placed.y, commands, data: data)]
    case .field:
      warnings.append(
        .symbolAsGraphic(symbol.symbology, reason: GraphicReason.crossesEdge(), at: placed.source))
    case .graphic(let reason):
      warnings.append(.symbolAsGraphic(symbol.symbology, reason: reason, at: placed.source))
    }
    var fields = graphicFields(symbol.bitmap(), x: placed.x, y: placed.y)
    if let text = SymbolFields.humanReadable(symbol, x: placed.x, y: placed.y) { fields.append(text) }
    return fields
  }
}

/// A rectangle in dots.
struct Rectangle: Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  /// Whether the whole rectangle is on a label of this size.
  func isInside(width: Int, height: Int) -> Bool {
    x >= 0 && y >= 0 && x + self.width <= width && y + self.height <= height
  }

  /// The part on a label of this size; nil when nothing is.
  func clipped(width: Int, height: Int) -> Rectangle? {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(width, x + self.width)
    let bottom = min(height, y + self.height)
    guard right > left, bottom > top else { return nil }
    return Rectangle(x: left, y: top, width: right - left, height: bottom - top)
  }
}
