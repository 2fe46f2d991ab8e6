import SlipIR

/// A character drawn in its box before any style: `cells` cells of the font wide, one cell
/// tall, each row's dots left-aligned in a `UInt32` (bit 31 is the leftmost dot).
struct Glyph: Sendable {
  /// Cells the character takes: 1, or 2 for wide characters.
  var cells: Int
  /// One entry per row of the cell.
  var rows: [UInt32]
  /// False when no face has the character and this is the placeholder box.
  var found: Bool
}

/// The faces, opened on first use, and every glyph drawn so far. Not thread-safe: ``FontSet``
/// keeps it behind a lock.
final class GlyphStore {
  private let files: FontFiles
  private var library: FreeTypeLibrary?
  private var faces: [FontFiles.Face: FreeTypeFace] = [:]
  /// Printable ASCII per font, the usual case, looked up without hashing.
  private var ascii: [[Glyph?]] = [Array(repeating: nil, count: 128), Array(repeating: nil, count: 128)]
  private var others: [Key: Glyph] = [:]
  /// Shapes complex-script and right-to-left text.
  let shaper: Shaper
  /// Shaped glyphs drawn so far.
  var shapedGlyphs: [ShapedGlyphKey: ShapedGlyphImage] = [:]
  /// Lines shaped so far (the layout measures a line, the painter draws it).
  var shapedLines: [ShapedLineKey: ShapedLine] = [:]

  private struct Key: Hashable {
    var font: Font
    var cells: Int
    var text: String
  }

  init(files: FontFiles, shaping: ShapingFonts = .debian) {
    self.files = files
    shaper = Shaper(fonts: shaping)
  }

  /// Opens the faces a font needs for every character (its own), so a missing file is reported
  /// before anything is drawn.
  func prepare(_ font: Font) throws(RasterError) {
    _ = try face(font == .a ? files.fontA : files.fontB)
  }

  /// `character` in `font`, `cells` cells wide.
  func glyph(_ character: Character, cells: Int, font: Font) throws(RasterError) -> Glyph {
    let fontIndex = font == .a ? 0 : 1
    if let ascii = character.asciiValue, cells == 1, ascii < 128 {
      if let glyph = self.ascii[fontIndex][Int(ascii)] { return glyph }
      let glyph = try compose(character, cells: cells, font: font)
      self.ascii[fontIndex][Int(ascii)] = glyph
      return glyph
    }
    let key = Key(font: font, cells: cells, text: String(character))
    if let glyph = others[key] { return glyph }
    let glyph = try compose(character, cells: cells, font: font)
    others[key] = glyph
    return glyph
  }

  // MARK: Faces

  func face(_ file: FontFiles.Face) throws(RasterError) -> FreeTypeFace {
    if let face = faces[file] { return face }
    if library == nil { library = FreeTypeLibrary() }
    guard let library else { throw .freeTypeUnavailable() }
    do {
      let face = try FreeTypeFace(library: library, path: file.path, pixelSize: file.pixelSize)
      faces[file] = face
      return face
    } catch {
      throw .fontUnusable(file, code: Int(error.code), step: error.step)
    }
  }

  /// The faces to try for a character, best first, each with whether it is the font's own.
  private func candidates(font: Font, cells: Int) -> [(file: FontFiles.Face, own: Bool)] {
    let own = (font == .a ? files.fontA : files.fontB, true)
    let fallbacks = (font == .a ? files.fallbackA : files.fallbackB).map { ($0, false) }
    // Wide characters look right only in a face drawn for two cells.
    return cells == 2 ? fallbacks + [own] : [own] + fallbacks
  }

  // MARK: Drawing

  /// Draws the character's scalars into its box: the base in the first face that has it, marks
  /// over it from the same face when it has them.
  private func compose(_ character: Character, cells: Int, font: Font) throws(RasterError) -> Glyph {
    let boxWidth = cells * font.cellWidth
    var glyph = Glyph(cells: cells, rows: Array(repeating: 0, count: font.cellHeight), found: true)
    let scalars = character.unicodeScalars.filter { !Self.invisible($0) }
    guard let base = scalars.first else { return glyph }
    var chosen: (face: FreeTypeFace, own: Bool)?
    for candidate in candidates(font: font, cells: cells) {
      let face = try face(candidate.file)
      if face.has(base) {
        chosen = (face, candidate.own)
        break
      }
    }
    guard let chosen else { return placeholder(cells: cells, font: font) }
    // The font's own face sits on its own baseline at the cell's left; a fallback face is
    // centred across the box with its em box from the cell's top.
    let baseline = chosen.face.ascender
    var origin = 0
    var baseAdvance = 0
    _ = chosen.face.render(base) { rendered in
      if !chosen.own { origin = max(0, (boxWidth - rendered.advance) / 2) }
      baseAdvance = rendered.advance
      draw(rendered, at: origin, baseline: baseline, into: &glyph.rows, width: boxWidth)
    }
    for mark in scalars.dropFirst() {
      var face = chosen.face.has(mark) ? chosen.face : nil
      for candidate in candidates(font: font, cells: cells) where face == nil {
        let other = try self.face(candidate.file)
        if other.has(mark) { face = other }
      }
      _ = face?.render(mark) { rendered in
        // Marks with no advance and a negative offset hang over the glyph before them.
        let pen = rendered.advance == 0 && rendered.left < 0 ? origin + baseAdvance : origin
        draw(rendered, at: pen, baseline: baseline, into: &glyph.rows, width: boxWidth)
      }
    }
    return glyph
  }

  private func draw(
    _ rendered: FreeTypeFace.Rendered, at pen: Int, baseline: Int, into rows: inout [UInt32], width: Int
  ) {
    let top = baseline - rendered.top
    for y in 0..<rendered.rows {
      let row = top + y
      guard row >= 0, row < rows.count else { continue }
      for x in 0..<rendered.width where rendered.ink(x, y) {
        let column = pen + rendered.left + x
        guard column >= 0, column < width else { continue }
        rows[row] |= UInt32(0x8000_0000) >> UInt32(column)
      }
    }
  }

  /// What is drawn for a character no face has: a box with a diagonal, filling the cell, as
  /// emupos draws bytes it has no glyph for. Clearly not a real character.
  private func placeholder(cells: Int, font: Font) -> Glyph {
    let width = cells * font.cellWidth
    let height = font.cellHeight
    var rows = [UInt32](repeating: 0, count: height)
    func dot(_ x: Int, _ y: Int) { rows[y] |= UInt32(0x8000_0000) >> UInt32(x) }
    let right = width - 2
    let bottom = height - 2
    for x in 1...right {
      dot(x, 1)
      dot(x, bottom)
    }
    for y in 1...bottom {
      dot(1, y)
      dot(right, y)
      // The diagonal from the bottom left to the top right.
      dot(1 + (bottom - y) * (right - 1) / max(1, bottom - 1), y)
    }
    return Glyph(cells: cells, rows: rows, found: false)
  }

  /// Scalars that print nothing: variation selectors, joiners and other format characters.
  static func invisible(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x300 { return value == 0xAD }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
    return scalar.properties.generalCategory == .format
  }
}
