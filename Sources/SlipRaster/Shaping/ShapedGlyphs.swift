import SlipIR

/// A shaped glyph drawn at one em: its dots and where they sit against the pen on the baseline.
struct ShapedGlyphImage {
  /// The dots (nil for a glyph that draws nothing: a space).
  var bitmap: Bitmap?
  /// Dots from the pen to the bitmap's left edge.
  var left: Int
  /// Rows from the baseline up to the bitmap's top.
  var top: Int
}

extension GlyphStore {
  /// `text` shaped with its paragraph direction `direction`.
  func shape(_ text: String, direction: TextDirection) throws(RasterError) -> ShapedLine {
    let code: TextDirectionCode =
      switch direction {
      case .auto: .auto
      case .leftToRight: .leftToRight
      case .rightToLeft: .rightToLeft
      }
    let key = ShapedLineKey(text: text, direction: direction)
    if let line = shapedLines[key] { return line }
    let line = try shaper.shape(text, direction: code)
    // Bounded: a batch of receipts shapes the same names and prices again and again, but its
    // data could hold any number of different lines.
    if shapedLines.count >= 4096 { shapedLines.removeAll(keepingCapacity: true) }
    shapedLines[key] = line
    return line
  }

  /// Glyph `id` of `face` drawn at an em of `pixels` dots, from the cache when drawn before.
  func shapedGlyph(_ id: UInt32, face file: FontFiles.Face, pixels: Int) throws(RasterError)
    -> ShapedGlyphImage
  {
    let key = ShapedGlyphKey(path: file.path, pixels: pixels, id: id)
    if let image = shapedGlyphs[key] { return image }
    var sized = file
    sized.pixelSize = pixels
    let face = try face(sized)
    let image =
      face.render(glyph: id, grey: true) { rendered -> ShapedGlyphImage in
        guard rendered.width > 0, rendered.rows > 0 else {
          return ShapedGlyphImage(bitmap: nil, left: rendered.left, top: rendered.top)
        }
        var canvas = Canvas(width: rendered.width, height: rendered.rows)
        for y in 0..<rendered.rows {
          var x = 0
          while x < rendered.width {
            guard rendered.ink(x, y) else {
              x += 1
              continue
            }
            var end = x + 1
            while end < rendered.width, rendered.ink(end, y) { end += 1 }
            canvas.span(y, from: x, to: end)
            x = end
          }
        }
        return ShapedGlyphImage(bitmap: canvas.bitmap, left: rendered.left, top: rendered.top)
      } ?? ShapedGlyphImage(bitmap: nil, left: 0, top: 0)
    // Bounded: text shrunk to fit is drawn at many ems.
    if shapedGlyphs.count >= 8192 { shapedGlyphs.removeAll(keepingCapacity: true) }
    shapedGlyphs[key] = image
    return image
  }
}

/// A shaped glyph's cache key: the face, the em and the glyph.
struct ShapedGlyphKey: Hashable {
  var path: String
  var pixels: Int
  var id: UInt32
}

/// A shaped line's cache key: the text and the paragraph direction it was shaped in.
struct ShapedLineKey: Hashable {
  var text: String
  var direction: TextDirection
}
