import SlipIR

/// A label line in a script that needs shaping, drawn as a picture: the preview draws it and
/// the ZPL writer sends it as `^GFA` (Zebra's resident fonts cannot shape), the same dots.
public struct LabelTextPicture: Sendable, Equatable {
  /// The dots, cut to the ink.
  public var bitmap: Bitmap
  /// Its left edge on the label.
  public var x: Int
  /// Its top edge on the label.
  public var y: Int

  /// A picture at `x`, `y`.
  public init(bitmap: Bitmap, x: Int, y: Int) {
    self.bitmap = bitmap
    self.x = x
    self.y = y
  }
}

extension GlyphStore {
  /// `text` shaped at an em of `height`, its baseline where font 0's would be (capitals
  /// `0.75 height` tall with their tops on `y`), starting at `x`: nil when it draws nothing.
  func labelPicture(_ text: String, x: Int, y: Int, height: Int, missing: inout [String]) throws(RasterError)
    -> LabelTextPicture?
  {
    let shaped = try shape(text, direction: .auto)
    let em = max(1, height)
    let baseline = Int((Double(height) * LabelFontStore.capitalHeight).rounded())
    var placed: [(bitmap: Bitmap, x: Int, y: Int)] = []
    var pen = 0
    let scalars = Array(text.unicodeScalars)
    for run in shaped.runs {
      var units = 0
      for glyph in run.glyphs {
        if glyph.id == 0, glyph.cluster < scalars.count {
          let character = String(scalars[glyph.cluster])
          if !missing.contains(character) { missing.append(character) }
        }
        let image = try shapedGlyph(glyph.id, face: run.face, pixels: em)
        if let bitmap = image.bitmap {
          placed.append(
            (
              bitmap, pen + ShapedLine.dots(units + glyph.xOffset, run, em) + image.left,
              baseline - ShapedLine.dots(glyph.yOffset, run, em) - image.top
            ))
        }
        units += glyph.advance
      }
      pen += ShapedLine.dots(units, run, em)
    }
    guard let left = placed.map(\.x).min(), let top = placed.map(\.y).min(),
      let right = placed.map({ $0.x + $0.bitmap.width }).max(),
      let bottom = placed.map({ $0.y + $0.bitmap.height }).max()
    else { return nil }
    var canvas = Canvas(width: right - left, height: bottom - top)
    for glyph in placed { canvas.draw(glyph.bitmap, x: glyph.x - left, y: glyph.y - top) }
    return LabelTextPicture(bitmap: canvas.bitmap, x: x + left, y: y + top)
  }
}
