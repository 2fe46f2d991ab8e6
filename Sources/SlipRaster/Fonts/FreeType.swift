import CFreeType

/// FreeType's library handle; faces keep it alive. FreeType is not thread-safe: the glyph store
/// that owns these is only used under its lock.
final class FreeTypeLibrary {
  let handle: FT_Library

  init?() {
    var handle: FT_Library?
    guard FT_Init_FreeType(&handle) == 0, let handle else { return nil }
    self.handle = handle
  }

  deinit { FT_Done_FreeType(handle) }
}

/// One face at one pixel size, owning its FreeType face.
final class FreeTypeFace {
  private let library: FreeTypeLibrary
  private let face: FT_Face
  /// Rows above the baseline at this size.
  let ascender: Int

  /// A glyph as FreeType rendered it: 1-bit rows relative to the pen on the baseline.
  struct Rendered {
    var width: Int
    var rows: Int
    /// Dots from the pen to the bitmap's left edge.
    var left: Int
    /// Rows from the baseline up to the bitmap's top.
    var top: Int
    /// Pen advance in dots.
    var advance: Int
    /// Whether dot (`x`, `y`) is inked.
    var ink: (Int, Int) -> Bool
  }

  /// The face in `path`, set to `pixelSize`; nil with FreeType's reason when it cannot be used.
  init(library: FreeTypeLibrary, path: String, pixelSize: Int) throws(FreeTypeFailure) {
    var face: FT_Face?
    let opened = FT_New_Face(library.handle, path, 0, &face)
    guard opened == 0, let face else { throw FreeTypeFailure(code: opened, step: "open") }
    self.library = library
    self.face = face
    let record = face.pointee
    var sized: FT_Error
    if record.num_fixed_sizes > 0, let sizes = record.available_sizes {
      // A bitmap font: pick the strike of this pixel size.
      let strikes = (0..<Int(record.num_fixed_sizes)).map { sizes[$0] }
      let index =
        strikes.firstIndex { Int($0.y_ppem >> 6) == pixelSize || Int($0.height) == pixelSize } ?? -1
      sized = index >= 0 ? FT_Select_Size(face, FT_Int(index)) : -1
    } else {
      sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
    }
    guard sized == 0 else {
      FT_Done_Face(face)
      throw FreeTypeFailure(code: sized, step: "size \(pixelSize)")
    }
    ascender = Int(face.pointee.size.pointee.metrics.ascender >> 6)
  }

  deinit { FT_Done_Face(face) }

  /// Whether the face has a glyph for `scalar`.
  func has(_ scalar: Unicode.Scalar) -> Bool {
    FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
  }

  /// `scalar` rendered as 1-bit dots, handed to `body` (the bitmap lives until the next load);
  /// nil when the face lacks it or FreeType fails.
  func render<Result>(_ scalar: Unicode.Scalar, _ body: (Rendered) -> Result) -> Result? {
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    guard index != 0 else { return nil }
    return render(glyph: index, body)
  }

  /// Glyph `index` of the face (as HarfBuzz shaped it) rendered as 1-bit dots, handed to `body`;
  /// nil when FreeType fails.
  func render<Result>(glyph index: UInt32, grey: Bool = false, _ body: (Rendered) -> Result) -> Result? {
    let flags = grey ? CFreeType_LOAD_GREY_BITMAP : CFreeType_LOAD_MONO_BITMAP
    guard FT_Load_Glyph(face, FT_UInt(index), flags) == 0 else { return nil }
    let slot = face.pointee.glyph.pointee
    let bitmap = slot.bitmap
    let pitch = Int(bitmap.pitch)
    let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
    let buffer = bitmap.buffer
    let rendered = Rendered(
      width: Int(bitmap.width), rows: Int(bitmap.rows), left: Int(slot.bitmap_left),
      top: Int(slot.bitmap_top),
      advance: Int(slot.advance.x >> 6),
      ink: { x, y in
        guard let buffer else { return false }
        let row = buffer + y * pitch
        // Grey bitmaps (a scalable face FreeType would not render in 1 bit) are thresholded.
        return mono ? row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 : row[x] >= 128
      })
    return body(rendered)
  }
}

/// A FreeType call that failed: its error code and what was being done.
struct FreeTypeFailure: Error {
  var code: FT_Error
  var step: String
}
