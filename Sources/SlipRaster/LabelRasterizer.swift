import CFreeType
import SlipIR
import Synchronization

/// Draws label pages as 1-bit pictures in the label's dots: the preview of what a Zebra prints,
/// and what a receipt printer prints when it is given a label.
///
/// Shapes, pictures and symbols are drawn exactly as the ZPL writer has the printer draw them: a
/// box's border inside its rectangle, straight lines as bars centred on the line from end to end,
/// pictures and symbol modules dot for dot. Text is drawn in a condensed sans close to Zebra's
/// font 0 (Liberation Sans Narrow Bold) spaced as font 0 is: printable ASCII advances by font
/// 0's own widths (``FontZero``), other characters by the face's at an em of `h`; capitals are
/// `0.75 h` tall with their tops on the line's `y`, as font 0's are. Diagonals step across
/// their rectangle as `^GD` does; circles are the dots inside the ring. Printers draw curves
/// their own way: only the shape is the same.
public struct LabelRasterizer: Sendable {
  private let font: LabelFont
  /// Shapes and draws text in scripts that need it (``SlipIR/TextShaping``).
  private let shaping: FontSet

  /// A rasteriser drawing text with `face` (its pixel size is not used: text has its own), and
  /// text that needs shaping with `shaping`'s Noto faces.
  public init(face: FontFiles.Face = LabelRasterizer.debianFace, shaping: ShapingFonts = .debian) {
    font = LabelFont(face: face)
    self.shaping = FontSet(files: .debian, shaping: shaping)
  }

  /// `line` of a text `height` dots tall as a picture, when its text needs shaping: what the
  /// preview draws and the ZPL writer sends as `^GFA`. Nil for text the label font draws, or
  /// that draws nothing.
  public func picture(of line: LabelText.Line, height: Int) throws(RasterError) -> LabelTextPicture? {
    guard TextShaping.needsShaping(line.text) else { return nil }
    return try shaping.withStore { store throws(RasterError) -> LabelTextPicture? in
      var missing: [String] = []
      return try store.labelPicture(line.text, x: line.x, y: line.y, height: height, missing: &missing)
    }
  }

  /// The face Debian's `fonts-liberation` installs.
  public static let debianFace = FontFiles.Face(
    path: "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf", package: "fonts-liberation",
    pixelSize: 0)

  /// The label drawn, and the characters the face lacks. A label turned a half (`^POI`) is
  /// drawn as it comes out of the printer: upside down.
  public func render(_ page: LabelPage) throws(RasterError) -> RasterLabel {
    try font.withStore { store throws(RasterError) -> RasterLabel in
      var canvas = Canvas(width: page.widthDots, height: page.heightDots)
      var missing: [(source: SourceSpan?, characters: [String])] = []
      for element in page.elements {
        var characters: [String] = []
        try draw(element, store: store, on: &canvas, missing: &characters)
        if case .text(let text) = element, !characters.isEmpty { missing.append((text.source, characters)) }
      }
      return RasterLabel(
        bitmap: page.rotation.turned(canvas.bitmap),
        warnings: missing.map { RasterWarning.noGlyph($0.characters, at: $0.source) })
    }
  }

  /// `element` alone as the preview draws it, placed on the label: what the ZPL writer sends as
  /// a picture where the printer cannot draw the same (a turned symbol). Nil when it draws nothing.
  public func picture(of element: LabelElement) throws(RasterError) -> LabelTextPicture? {
    try font.withStore { store throws(RasterError) -> LabelTextPicture? in
      let upright = Self.upright(element)
      let (left, top, width, height) = upright.frame
      var canvas = Canvas(width: width, height: height)
      var missing: [String] = []
      try draw(upright.element.moved(dx: -left, dy: -top), store: store, on: &canvas, missing: &missing)
      let bitmap = upright.rotation.turned(canvas.bitmap)
      let (x, y) = upright.origin
      return LabelTextPicture(bitmap: bitmap, x: x, y: y)
    }
  }

  /// An element drawn where it stands; a turned one is drawn upright on its own canvas, turned,
  /// and put in place (inverting what is under it when it is reverse text).
  private func draw(
    _ element: LabelElement, store: LabelFontStore, on canvas: inout Canvas, missing: inout [String]
  ) throws(RasterError) {
    switch element {
    case .text(let text)
    where text.rotation != .none || (text.reverse && text.lines.allSatisfy { $0.runs.isEmpty }):
      let upright = Self.upright(element)
      let (left, top, width, height) = upright.frame
      var own = Canvas(width: width, height: height)
      try draw(upright.element.moved(dx: -left, dy: -top), store: store, on: &own, missing: &missing)
      let bitmap = upright.rotation.turned(own.bitmap)
      let (x, y) = upright.origin
      if text.reverse { canvas.invert(bitmap, x: x, y: y) } else { canvas.draw(bitmap, x: x, y: y) }
    case .symbol(let placed) where placed.rotation != .none:
      let upright = Self.upright(element)
      let (left, top, width, height) = upright.frame
      var own = Canvas(width: width, height: height)
      try draw(upright.element.moved(dx: -left, dy: -top), store: store, on: &own, missing: &missing)
      let (x, y) = upright.origin
      canvas.draw(upright.rotation.turned(own.bitmap), x: x, y: y)
    case .text(let text):
      for line in text.lines {
        if TextShaping.needsShaping(line.text) {
          let picture = try shaping.withStore { shaped throws(RasterError) -> LabelTextPicture? in
            try shaped.labelPicture(line.text, x: line.x, y: line.y, height: text.height, missing: &missing)
          }
          if let picture { canvas.draw(picture.bitmap, x: picture.x, y: picture.y) }
          continue
        }
        guard line.runs.isEmpty else {
          try drawRuns(of: line, in: text, store: store, on: &canvas, missing: &missing)
          continue
        }
        try Self.drawGlyphs(
          line.text, x: line.x, y: line.y, in: text, white: text.reverse, store: store, on: &canvas,
          missing: &missing)
      }
    case .box(let box):
      Self.draw(box, on: &canvas)
    case .line(let line):
      Self.draw(line, on: &canvas)
    case .circle(let circle):
      Self.draw(circle, on: &canvas)
    case .image(let image):
      canvas.draw(image.bitmap, x: image.x, y: image.y)
    case .symbol(let placed):
      Self.drawModules(placed, on: &canvas)
      var characters: [String] = []
      try Self.drawHumanReadable(placed, store: store, on: &canvas, missing: &characters)
    }
  }

  /// A styled line as the ZPL writer sends it, run by run: an `<inv>` run's black box, then its
  /// glyphs flipped (`^FR`); a bold run struck twice one dot apart; an underline's bar, flipped
  /// too on black. Each strike is flipped on its own, as each `^FR` field is.
  private func drawRuns(
    of line: LabelText.Line, in text: LabelText, store: LabelFontStore, on canvas: inout Canvas,
    missing: inout [String]
  ) throws(RasterError) {
    for run in line.runs {
      let white = run.style.invert || text.reverse
      if run.style.invert {
        let box = text.inversion(of: run, in: line)
        canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height)
      }
      if run.text.contains(where: { $0 != " " }) {
        for offset in run.style.bold ? [0, 1] : [0] {
          try Self.drawGlyphs(
            run.text, x: run.x + offset, y: line.y, in: text, white: white, store: store, on: &canvas,
            missing: &missing)
        }
      }
      if run.style.underline {
        let bar = text.underline(of: run, in: line)
        guard white else {
          canvas.fill(x: bar.x, y: bar.y, width: bar.width, height: bar.height)
          continue
        }
        var own = Canvas(width: bar.width, height: bar.height)
        own.rectangle(x: 0, y: 0, width: bar.width, height: bar.height)
        canvas.invert(own.bitmap, x: bar.x, y: bar.y)
      }
    }
  }

  /// `string` in `text`'s font from `x`, `y`; `white` flips the dots it inks instead (`^FR`).
  private static func drawGlyphs(
    _ string: String, x: Int, y: Int, in text: LabelText, white: Bool, store: LabelFontStore,
    on canvas: inout Canvas, missing: inout [String]
  ) throws(RasterError) {
    func draw(at left: Int, _ top: Int, on target: inout Canvas) throws(RasterError) {
      switch text.font {
      case .bitmap(let font, let height, let width):
        try store.drawCells(
          string, x: left, y: top, font: font, height: height, width: width, on: &target, missing: &missing)
      case .scalable:
        try store.draw(
          string, x: left, y: top, height: text.height, width: text.glyphWidth, on: &target, missing: &missing
        )
      }
    }
    guard white else { return try draw(at: x, y, on: &canvas) }
    // Flipped: drawn on a canvas of its own, with room for glyphs around the box.
    let margin = max(4, text.height / 2)
    let advance = max(text.height, text.glyphWidth ?? text.height)
    var own = Canvas(width: (string.count + 1) * advance + 2 * margin, height: text.height + 2 * margin)
    try draw(at: margin, margin, on: &own)
    canvas.invert(own.bitmap, x: x - margin, y: y - margin)
  }

  /// A turned element upright, with the frame it is drawn in (label dots, upright) and where
  /// that frame's top left lands once turned. The frame is the element's box with a margin on
  /// every side (glyphs above the capitals, a barcode's text): the same margin all round, so
  /// the box keeps its top left whichever way the frame turns.
  private static func upright(_ element: LabelElement) -> (
    element: LabelElement, rotation: Rotation, frame: (Int, Int, Int, Int), origin: (Int, Int)
  ) {
    switch element {
    case .text(var text):
      let rotation = text.rotation
      text.rotation = .none
      text.reverse = false
      let (width, height) = text.extent
      let margin = max(2, text.height / 3)
      return (
        .text(text), rotation, (text.x - margin, text.y - margin, width + 2 * margin, height + 2 * margin),
        (text.x - margin, text.y - margin)
      )
    case .symbol(var placed):
      let rotation = placed.rotation
      placed.rotation = .none
      let margin = 12 + 12 * max(1, placed.symbol.module)
      return (
        .symbol(placed), rotation,
        (
          placed.x - margin, placed.y - margin, placed.symbol.width + 2 * margin,
          placed.symbol.height + 2 * margin
        ), (placed.x - margin, placed.y - margin)
      )
    default:
      let (left, top, right, bottom) = (0, 0, 0, 0)
      return (element, .none, (left, top, right, bottom), (left, top))
    }
  }

  /// Font 0's advance of each printable ASCII character, space to tilde, in 32nds of the glyph
  /// height: ``width(of:height:)`` of such text is ``width(ofAdvance:height:)`` of their sum, so
  /// a wrapper can add up words measured once.
  public static var printableASCIIAdvances: [Int] { FontZero.advances }

  /// The width in dots at glyph height `height` of printable ASCII whose advance is
  /// `thirtySeconds`: each character's `thirtySeconds * height << 11` summed, rounded once.
  public static func width(ofAdvance thirtySeconds: Int, height: Int) -> Int {
    (thirtySeconds * (height << 11) + 0x8000) >> 16
  }

  /// The width of `text` in dots when its glyphs are `height` dots tall: the sum of the
  /// advances the preview draws with, for the compiler's text measurer.
  public func width(of text: String, height: Int) throws(RasterError) -> Int {
    if TextShaping.needsShaping(text) {
      return try shaping.withStore { store throws(RasterError) -> Int in
        try store.shape(text, direction: .auto).width(pixels: max(1, height))
      }
    }
    return try font.withStore { store throws(RasterError) -> Int in try store.width(of: text, height: height)
    }
  }

  /// Opens the face now, so a missing font file is an error before any output.
  public func prepare() throws(RasterError) {
    try font.withStore { store throws(RasterError) in _ = try store.width(of: "H", height: 20) }
  }

  // MARK: Shapes

  /// A box: its border inside the rectangle, or solid when filled or the border meets itself.
  static func draw(_ box: LabelBox, on canvas: inout Canvas) {
    let border = box.border
    if box.rounding > 0 {
      drawRounded(box, on: &canvas)
      return
    }
    if box.filled || 2 * border >= min(box.width, box.height) {
      canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height)
      return
    }
    canvas.fill(x: box.x, y: box.y, width: box.width, height: border)
    canvas.fill(x: box.x, y: box.y + box.height - border, width: box.width, height: border)
    canvas.fill(x: box.x, y: box.y + border, width: border, height: box.height - 2 * border)
    canvas.fill(
      x: box.x + box.width - border, y: box.y + border, width: border, height: box.height - 2 * border)
  }

  /// A line: a bar `thickness` across, centred on a straight line from end to end; a diagonal
  /// as rows of `thickness` dots stepping across the rectangle between its ends.
  static func draw(_ line: LabelLine, on canvas: inout Canvas) {
    let left = min(line.x1, line.x2)
    let top = min(line.y1, line.y2)
    let across = abs(line.x2 - line.x1)
    let down = abs(line.y2 - line.y1)
    let half = line.thickness / 2
    if down == 0 {
      canvas.fill(x: left, y: top - half, width: max(1, across), height: line.thickness)
      return
    }
    if across == 0 {
      canvas.fill(x: left - half, y: top, width: line.thickness, height: max(1, down))
      return
    }
    // Each row a run as thick as the line (or as the slope is shallow), stepping across the
    // rectangle: from its top left corner when the line falls, its top right when it rises.
    let falling = (line.x2 - line.x1).signum() == (line.y2 - line.y1).signum()
    let run = max(line.thickness, (across + down / 2) / down)
    for row in 0..<down {
      let step = ((falling ? row + 1 : down - row) * (across - 1) + down / 2) / down
      canvas.span(top + row, from: left + step, to: left + step + run)
    }
  }

  /// A box with round corners (`^GB…,r`): each corner a quarter circle of radius `r/8` of half
  /// the shorter side, the border as thick inside it; rows drawn from the outline's edges.
  static func drawRounded(_ box: LabelBox, on canvas: inout Canvas) {
    let solid = box.filled || 2 * box.border >= min(box.width, box.height)
    let radius = Double(box.rounding) / 8 * Double(min(box.width, box.height)) / 2
    let border = Double(box.border)
    /// How far in from the box's side the outline at `inset` starts on row `dy` (from the top).
    func indent(_ dy: Double, inset: Double, width: Double, height: Double, radius r: Double) -> Double? {
      guard dy >= 0, dy < height else { return nil }
      let fromEdge = min(dy, height - dy)
      guard r > 0, fromEdge < r else { return 0 }
      let off = r - fromEdge
      return r - (r * r - off * off).squareRoot()
    }
    let width = Double(box.width)
    let height = Double(box.height)
    let innerRadius = max(0, radius - border)
    for row in 0..<box.height {
      let dy = Double(row) + 0.5
      guard let outer = indent(dy, inset: 0, width: width, height: height, radius: radius) else { continue }
      let from = box.x + Int(outer.rounded())
      let to = box.x + box.width - Int(outer.rounded())
      let innerDY = dy - border
      if solid || innerDY < 0 || innerDY >= height - 2 * border {
        canvas.span(box.y + row, from: from, to: to)
        continue
      }
      let inner =
        indent(
          innerDY, inset: border, width: width - 2 * border, height: height - 2 * border, radius: innerRadius)
        ?? 0
      let gapFrom = box.x + box.border + Int(inner.rounded())
      let gapTo = box.x + box.width - box.border - Int(inner.rounded())
      canvas.span(box.y + row, from: from, to: gapFrom)
      canvas.span(box.y + row, from: gapTo, to: to)
    }
  }

  /// A circle: the dots whose centres lie within its ring (or its disc, filled).
  static func draw(_ circle: LabelCircle, on canvas: inout Canvas) {
    if let height = circle.ellipseHeight, height != circle.diameter {
      drawEllipse(circle, height: height, on: &canvas)
      return
    }
    let diameter = circle.diameter
    let outer = Double(diameter) / 2
    let inner = circle.filled ? 0 : max(0, outer - Double(circle.border))
    for row in 0..<diameter {
      let dy = Double(row) + 0.5 - outer
      let outerHalf = (outer * outer - dy * dy).squareRoot()
      guard outerHalf > 0 else { continue }
      let from = Int((outer - outerHalf).rounded())
      let to = Int((outer + outerHalf).rounded())
      if inner > abs(dy) {
        let innerHalf = (inner * inner - dy * dy).squareRoot()
        let gapFrom = Int((outer - innerHalf).rounded())
        let gapTo = Int((outer + innerHalf).rounded())
        canvas.span(circle.y + row, from: circle.x + from, to: circle.x + gapFrom)
        canvas.span(circle.y + row, from: circle.x + gapTo, to: circle.x + to)
      } else {
        canvas.span(circle.y + row, from: circle.x + from, to: circle.x + to)
      }
    }
  }

  /// An ellipse: the dots whose centres lie within its ring (`^GE`'s border, measured along the
  /// axes), or its whole area, filled.
  static func drawEllipse(_ circle: LabelCircle, height: Int, on canvas: inout Canvas) {
    let a = Double(circle.diameter) / 2
    let b = Double(height) / 2
    let border = Double(circle.border)
    let innerA = circle.filled ? 0 : max(0, a - border)
    let innerB = circle.filled ? 0 : max(0, b - border)
    for row in 0..<height {
      let dy = Double(row) + 0.5 - b
      let outerHalf = a * max(0, 1 - dy * dy / (b * b)).squareRoot()
      guard outerHalf > 0 else { continue }
      let from = Int((a - outerHalf).rounded())
      let to = Int((a + outerHalf).rounded())
      if innerA > 0, innerB > abs(dy) {
        let innerHalf = innerA * max(0, 1 - dy * dy / (innerB * innerB)).squareRoot()
        let gapFrom = Int((a - innerHalf).rounded())
        let gapTo = Int((a + innerHalf).rounded())
        canvas.span(circle.y + row, from: circle.x + from, to: circle.x + gapFrom)
        canvas.span(circle.y + row, from: circle.x + gapTo, to: circle.x + to)
      } else {
        canvas.span(circle.y + row, from: circle.x + from, to: circle.x + to)
      }
    }
  }

  /// A symbol's modules, each `module` dots square (bars as tall as the symbol): the dots of
  /// ``Symbol/bitmap()``, drawn a run of modules at a time.
  static func drawModules(_ placed: LabelSymbol, on canvas: inout Canvas) {
    let symbol = placed.symbol
    let modules = symbol.modules
    let module = max(1, symbol.module)
    let rows = symbol.symbology.isLinear ? 1 : modules.height
    for row in 0..<min(rows, modules.height) {
      let top = placed.y + (symbol.symbology.isLinear ? 0 : row * module)
      let tall = symbol.symbology.isLinear ? symbol.height : min(module, symbol.height - row * module)
      var column = 0
      while column < modules.width {
        guard modules[column, row] else {
          column += 1
          continue
        }
        var end = column + 1
        while end < modules.width, modules[end, row] { end += 1 }
        canvas.fill(x: placed.x + column * module, y: top, width: (end - column) * module, height: tall)
        column = end
      }
    }
  }

  /// The text of a linear barcode under or over its bars as Zebras print it: capitals seven
  /// dots a module tall on a six-dot pitch, centred, six dots below the bars or ten above.
  private static func drawHumanReadable(
    _ placed: LabelSymbol, store: LabelFontStore, on canvas: inout Canvas, missing: inout [String]
  ) throws(RasterError) {
    let symbol = placed.symbol
    guard symbol.symbology.isLinear, symbol.humanReadable != .none, !symbol.data.isEmpty else { return }
    let module = symbol.module
    let capitals = 7 * module
    let height = Int((Double(capitals) / LabelFontStore.capitalHeight).rounded())
    let pitch = 6 * module
    let characters = symbol.humanReadableText.map(String.init)
    var x = placed.x + (symbol.width - characters.count * pitch) / 2
    let y = symbol.humanReadable == .below ? placed.y + symbol.height + 6 : placed.y - 10 - capitals
    for character in characters {
      let advance = try store.width(of: character, height: height)
      try store.draw(
        character, x: x + (pitch - advance) / 2, y: y, height: height, on: &canvas, missing: &missing)
      x += pitch
    }
  }
}

/// What ``LabelRasterizer/render(_:)`` drew.
public struct RasterLabel: Sendable, Equatable {
  /// The label's dots.
  public var bitmap: Bitmap
  /// Characters the face lacks, one warning per text element.
  public var warnings: [RasterWarning]

  /// A drawing.
  public init(bitmap: Bitmap, warnings: [RasterWarning]) {
    self.bitmap = bitmap
    self.warnings = warnings
  }
}

/// The label face and its advances, shared by all renders: FreeType is not thread-safe, so each
/// use holds the lock.
final class LabelFont: Sendable {
  private let store: Mutex<LabelFontStore>

  init(face: FontFiles.Face) {
    store = Mutex(LabelFontStore(face: face))
  }

  func withStore<Result: Sendable>(_ body: (LabelFontStore) throws(RasterError) -> Result) throws(RasterError)
    -> Result
  {
    try store.withLock { store throws(RasterError) -> Result in try body(store) }
  }
}

/// One scalable face set to whatever height is asked for, and the advances measured so far.
final class LabelFontStore {
  private let file: FontFiles.Face
  private var library: FreeTypeLibrary?
  private var face: FT_Face?
  /// The face's capital height as a fraction of its em.
  private var capitalRatio = 0.7
  /// The size the face is set to now (``sizeKey(height:width:)``).
  private var currentSize = 0
  /// Unhinted advances in 1/65536 dots, by size and character, for measuring without rendering.
  private var advances: [Int: [Unicode.Scalar: Int]] = [:]

  /// One key for a height and a glyph width, both below 65,536 dots.
  private static func sizeKey(height: Int, width: Int) -> Int { height << 16 | (width & 0xFFFF) }

  /// Font 0's capitals are three quarters of the text height.
  static let capitalHeight = 0.75

  init(face: FontFiles.Face) {
    file = face
  }

  deinit {
    if let face { FT_Done_Face(face) }
  }

  /// The face at `height`: an em of `height` across, and tall enough for capitals of
  /// `0.75 height`.
  private func face(height: Int, width: Int? = nil) throws(RasterError) -> FT_Face {
    let width = width ?? height
    if face == nil {
      if library == nil { library = FreeTypeLibrary() }
      guard let library else { throw .freeTypeUnavailable() }
      var opened: FT_Face?
      let status = FT_New_Face(library.handle, file.path, 0, &opened)
      guard status == 0, let opened else { throw .fontUnusable(file, code: Int(status), step: "open") }
      face = opened
      // The capital H's height in font units, against the em.
      let index = FT_Get_Char_Index(opened, FT_ULong(0x48))
      if index != 0, FT_Load_Glyph(opened, index, FT_Int32(FT_LOAD_NO_SCALE)) == 0 {
        let units = Double(opened.pointee.units_per_EM)
        capitalRatio = max(0.3, Double(opened.pointee.glyph.pointee.metrics.height) / units)
      }
    }
    guard let face else { throw .freeTypeUnavailable() }
    let key = Self.sizeKey(height: height, width: width)
    if currentSize != key {
      let tall = Int((Double(height) * Self.capitalHeight / capitalRatio).rounded())
      let status = FT_Set_Pixel_Sizes(face, FT_UInt(max(1, width)), FT_UInt(max(1, tall)))
      guard status == 0 else { throw .fontUnusable(file, code: Int(status), step: "size \(height)") }
      currentSize = key
    }
    return face
  }

  /// The width of `text` at `height`: the sum of its characters' advances, rounded once at the
  /// end, as the pen moves when it is drawn.
  func width(of text: String, height: Int) throws(RasterError) -> Int {
    // Printable ASCII, most names and companies: font 0's advances summed from the bytes.
    if let thirtySeconds = FontZero.advance(ofASCII: text) {
      return LabelRasterizer.width(ofAdvance: thirtySeconds, height: height)
    }
    var total = 0
    for scalar in text.unicodeScalars {
      if let advance = try advance(scalar, height: height) {
        total += advance
      }
    }
    return (total + 0x8000) >> 16
  }

  /// The advance of `scalar` at `height` in 1/65536 dots: font 0's for printable ASCII, the
  /// face's unhinted one for the rest; nil when the face lacks it.
  private func advance(_ scalar: Unicode.Scalar, height: Int, width: Int? = nil) throws(RasterError) -> Int? {
    let width = width ?? height
    if let thirtySeconds = FontZero.advance(scalar) { return thirtySeconds * width << 11 }
    return try faceAdvance(scalar, height: height, width: width)
  }

  /// The face's own unhinted advance, measured once per size.
  private func faceAdvance(_ scalar: Unicode.Scalar, height: Int, width: Int) throws(RasterError) -> Int? {
    let key = Self.sizeKey(height: height, width: width)
    if let advance = advances[key]?[scalar] { return advance }
    let face = try face(height: height, width: width)
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    guard index != 0, FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_BITMAP)) == 0 else { return nil }
    let advance = Int(face.pointee.glyph.pointee.linearHoriAdvance)
    advances[key, default: [:]][scalar] = advance
    return advance
  }

  /// A glyph as the face draws it at one height: its ink as spans per row, placed from the pen
  /// on the baseline; nil spans when the face lacks the character.
  private struct DrawnGlyph {
    var left: Int
    var top: Int
    var rows: [[Range<Int>]]?
    var advance: Int
  }

  /// Glyphs drawn so far, by height: a batch draws the same few hundred again and again.
  private var drawn: [Int: [Unicode.Scalar: DrawnGlyph]] = [:]

  /// `scalar` drawn at `height`, from the cache or FreeType.
  private func glyph(_ scalar: Unicode.Scalar, height: Int, width: Int? = nil) throws(RasterError)
    -> DrawnGlyph
  {
    let key = Self.sizeKey(height: height, width: width ?? height)
    if let glyph = drawn[key]?[scalar] { return glyph }
    let face = try face(height: height, width: width)
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    var glyph = DrawnGlyph(left: 0, top: 0, rows: nil, advance: 0)
    if index != 0, FT_Load_Glyph(face, index, CFreeType_LOAD_MONO_BITMAP) == 0 {
      let slot = face.pointee.glyph.pointee
      let bitmap = slot.bitmap
      let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
      var rows: [[Range<Int>]] = []
      for row in 0..<Int(bitmap.rows) {
        var spans: [Range<Int>] = []
        if let buffer = bitmap.buffer {
          let line = buffer + row * Int(bitmap.pitch)
          func ink(_ c: Int) -> Bool { mono ? line[c >> 3] & (0x80 >> UInt8(c & 7)) != 0 : line[c] >= 128 }
          var column = 0
          while column < Int(bitmap.width) {
            guard ink(column) else {
              column += 1
              continue
            }
            var end = column + 1
            while end < Int(bitmap.width), ink(end) { end += 1 }
            spans.append(column..<end)
            column = end
          }
        }
        rows.append(spans)
      }
      glyph = DrawnGlyph(
        left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), rows: rows,
        advance: Int(slot.linearHoriAdvance))
    }
    // Bounded: a template that shrinks text through many heights starts the cache again.
    if drawn.count > 64 { drawn.removeAll() }
    drawn[key, default: [:]][scalar] = glyph
    return glyph
  }

  /// Draws `text` from `x` with its capitals' tops on `y`; characters the face lacks are added
  /// to `missing`.
  func draw(
    _ text: String, x: Int, y: Int, height: Int, width: Int? = nil, on canvas: inout Canvas,
    missing: inout [String]
  ) throws(RasterError) {
    let baseline = y + Int((Double(height) * Self.capitalHeight).rounded())
    // The pen in 1/65536 dots: glyphs sit at its rounded position.
    var pen = x << 16
    for scalar in text.unicodeScalars {
      let measured = try advance(scalar, height: height, width: width)
      let glyph = try glyph(scalar, height: height, width: width)
      guard let rows = glyph.rows else {
        if scalar != " ", !missing.contains(String(scalar)) { missing.append(String(scalar)) }
        pen += measured ?? 0
        continue
      }
      let advance = measured ?? glyph.advance
      let top = baseline - glyph.top
      // The face's glyph centred in font 0's advance.
      let left = (pen + (advance - glyph.advance) / 2 + 0x8000) >> 16 + glyph.left
      for (row, spans) in rows.enumerated() {
        for span in spans { canvas.span(top + row, from: left + span.lowerBound, to: left + span.upperBound) }
      }
      pen += advance
    }
  }
}

extension LabelFontStore {
  /// Draws `text` in a bitmap font's cells from `x`, the cells' tops on `y`: each character of
  /// the face centred in its cell, its capitals as tall as the font's (`baseline` dots a
  /// magnification) and about as wide as the cell. The pitch is the font's, so the text takes
  /// the room the printer gives it.
  func drawCells(
    _ text: String, x: Int, y: Int, font: ZebraBitmapFont, height: Int, width: Int, on canvas: inout Canvas,
    missing: inout [String]
  ) throws(RasterError) {
    let capitals = font.baseline * height
    let faceHeight = max(1, Int((Double(capitals) / Self.capitalHeight).rounded()))
    // A capital of this narrow face is about 0.55 em wide.
    let cellWidth = font.width * width
    let faceWidth = max(1, Int((Double(cellWidth) / 0.55).rounded()))
    let pitch = font.pitch(magnification: width)
    for (index, character) in text.enumerated() {
      let left = x + index * pitch
      for scalar in character.unicodeScalars {
        guard let advance = try advance(scalar, height: faceHeight, width: faceWidth) else {
          if scalar != " ", !missing.contains(String(scalar)) { missing.append(String(scalar)) }
          continue
        }
        let glyphWidth = (advance + 0x8000) >> 16
        try draw(
          String(scalar), x: left + (cellWidth - glyphWidth) / 2, y: y, height: faceHeight, width: faceWidth,
          on: &canvas, missing: &missing)
      }
    }
  }
}

extension Canvas {
  /// Inks a rectangle; one wholly above, below or beside the page (or empty) draws nothing.
  /// (``rectangle(x:y:width:height:ink:)`` needs one that overlaps the page's rows.)
  mutating func fill(x: Int, y: Int, width: Int, height: Int) {
    guard width > 0, height > 0, y < self.height, y + height > 0 else { return }
    rectangle(x: x, y: y, width: width, height: height)
  }
}

/// Zebra's font 0 (CG Triumvirate Bold Condensed) as printers space it: the advance of each
/// printable ASCII character in 32nds of the text height at `^A0N,h,h`. Measured with zplkit,
/// whose resident-font strikes were captured from ZD621 and ZQ610 Plus printers (runs of 10 and
/// 20 of each character at heights 40 and 100 agree to the 32nd). zplkit gives some symbols an
/// em or nearly (`-`, `+`, `=`, `<`, `>`, `~`, `%`): kept as measured, so previews, layout and
/// the validator agree; a printer that draws them narrower leaves a little more room.
enum FontZero {
  /// The advance of `scalar` in 32nds of the height; nil outside printable ASCII.
  static func advance(_ scalar: Unicode.Scalar) -> Int? {
    guard (0x20...0x7E).contains(scalar.value) else { return nil }
    return advances[Int(scalar.value) - 0x20]
  }

  /// The advances of all of `text` in 32nds of the height, when it is all printable ASCII;
  /// nil otherwise.
  static func advance(ofASCII text: String) -> Int? {
    let sum = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var total = 0
      for byte in bytes {
        guard (0x20...0x7E).contains(byte) else { return nil }
        total += advances[Int(byte) - 0x20]
      }
      return total
    }
    return sum ?? nil
  }

  static let advances: [Int] = [
    // space ! " # $ % & ' ( ) * + , - . /
    9, 9, 15, 15, 15, 29, 20, 9, 9, 9, 15, 29, 9, 29, 9, 9,
    // 0–9 : ; < = > ?
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 9, 9, 32, 29, 32, 14,
    // @ A–O
    29, 18, 18, 17, 19, 16, 16, 19, 20, 9, 14, 18, 15, 24, 20, 18,
    // P–Z [ \ ] ^ _
    18, 18, 19, 17, 16, 20, 17, 26, 18, 18, 16, 9, 15, 9, 16, 16,
    // ` a–o
    9, 15, 16, 14, 16, 15, 9, 16, 16, 8, 8, 14, 8, 24, 16, 15,
    // p–z { | } ~
    16, 16, 11, 14, 9, 16, 14, 21, 14, 14, 12, 16, 16, 16, 32,
  ]
}
