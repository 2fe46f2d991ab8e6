import CSlipShape

/// A line shaped: its runs in visual order, left to right, each in the face of its script.
package struct ShapedLine: Sendable, Equatable {
  /// One run of one bidi level and one script, shaped in one face.
  package struct Run: Sendable, Equatable {
    /// The face's file.
    package var face: FontFiles.Face
    /// The script HarfBuzz gave it (`Arab`, `Thai`, `Latn`…).
    package var script: String
    /// Whether it reads right to left (an odd bidi level).
    package var rightToLeft: Bool
    /// The run's characters, as the line's scalars (logical order).
    package var scalars: Range<Int>
    /// Font units per em of the face.
    package var unitsPerEm: Int
    /// The glyphs, left to right, in font units.
    package var glyphs: [Glyph]
  }

  /// A glyph as HarfBuzz placed it, in font units.
  package struct Glyph: Sendable, Equatable {
    /// The glyph's index in its face.
    package var id: UInt32
    /// The index of the first scalar of the line it shows.
    package var cluster: Int
    /// How far the pen moves after it.
    package var advance: Int
    /// Its offset from the pen, right and up.
    package var xOffset: Int
    package var yOffset: Int
  }

  /// The runs, left to right.
  package var runs: [Run]
  /// Whether the paragraph reads right to left (given, or by its first strong character).
  package var rightToLeft: Bool

  /// The width in dots at an em of `pixels`: each run's advances summed in font units and
  /// scaled once, as the pen moves when the line is drawn.
  package func width(pixels: Int) -> Int {
    runs.reduce(0) { total, run in total + Self.dots(run.glyphs.reduce(0) { $0 + $1.advance }, run, pixels) }
  }

  /// `units` of `run`'s face in dots at an em of `pixels`, rounded to the nearest.
  static func dots(_ units: Int, _ run: Run, _ pixels: Int) -> Int {
    let scaled = units * pixels
    let em = max(1, run.unitsPerEm)
    return scaled >= 0 ? (scaled + em / 2) / em : -((-scaled + em / 2) / em)
  }
}

/// A font file opened for HarfBuzz.
final class ShapingFont {
  let handle: OpaquePointer
  let unitsPerEm: Int

  init?(path: String) {
    guard let handle = CSlipShape_font_open(path) else { return nil }
    self.handle = handle
    unitsPerEm = Int(CSlipShape_font_units_per_em(handle))
  }

  deinit { CSlipShape_font_close(handle) }
}

/// Shapes lines: FriBidi's order, a face per script run, HarfBuzz's glyphs. Not thread-safe: the
/// glyph store that owns it is used under its lock.
final class Shaper {
  private let fonts: ShapingFonts
  private var opened: [String: ShapingFont] = [:]

  init(fonts: ShapingFonts) {
    self.fonts = fonts
  }

  /// `text` shaped, its paragraph direction `direction`.
  func shape(_ text: String, direction: TextDirectionCode) throws(RasterError) -> ShapedLine {
    let scalars = text.unicodeScalars.map(\.value)
    guard !scalars.isEmpty else { return ShapedLine(runs: [], rightToLeft: direction == .rightToLeft) }
    // HarfBuzz and FriBidi are opened here, the first time, not at every slip start.
    if let reason = CSlipShape_load() { throw .shapingUnavailable(String(cString: reason)) }
    var paragraphRTL: Int32 = 0
    var runs = [CSlipShapeRun](repeating: CSlipShapeRun(), count: scalars.count)
    let count = CSlipShape_runs(
      scalars, Int32(scalars.count), direction.rawValue, &runs, Int32(runs.count), &paragraphRTL)
    guard count >= 0 else { throw .shapingFailed(text) }
    var line = ShapedLine(runs: [], rightToLeft: paragraphRTL != 0)
    for run in runs.prefix(Int(count)) {
      let script = Self.code(run.script)
      let face = fonts.face(for: script)
      let font = try open(face)
      // Characters the script's face lacks (a colon in Noto Sans Thai) come from Noto Sans:
      // the run splits into pieces by face, in the run's visual order.
      var pieces: [(face: FontFiles.Face, font: ShapingFont, start: Int32, length: Int32)] = []
      for index in Int(run.start)..<Int(run.start + run.length) {
        let own = CSlipShape_font_has(font.handle, scalars[index]) != 0 || Self.joinsNeighbour(scalars[index])
        let chosen = own ? (face, font) : (fonts.face(for: "Zyyy"), try open(fonts.face(for: "Zyyy")))
        if let last = pieces.last, last.face == chosen.0 {
          pieces[pieces.count - 1].length += 1
        } else {
          pieces.append((chosen.0, chosen.1, Int32(index), 1))
        }
      }
      if run.level & 1 == 1 { pieces.reverse() }
      for piece in pieces {
        line.runs.append(
          try shapeRun(
            scalars, text: text, start: piece.start, length: piece.length, level: run.level,
            script: run.script, face: piece.face, font: piece.font))
      }
    }
    return line
  }

  /// One piece of a run shaped in one face.
  private func shapeRun(
    _ scalars: [UInt32], text: String, start: Int32, length: Int32, level: Int32, script tag: UInt32,
    face: FontFiles.Face, font: ShapingFont
  ) throws(RasterError) -> ShapedLine.Run {
    let run = (start: start, length: length)
    let script = Self.code(tag)
    let rtl: Int32 = level & 1
    var glyphs = [CSlipShapeGlyph](repeating: CSlipShapeGlyph(), count: Int(run.length) * 2 + 4)
    var shaped = CSlipShape_shape(
      font.handle, scalars, Int32(scalars.count), run.start, run.length, rtl, tag, &glyphs,
      Int32(glyphs.count))
    if shaped > glyphs.count {
      glyphs = [CSlipShapeGlyph](repeating: CSlipShapeGlyph(), count: Int(shaped))
      shaped = CSlipShape_shape(
        font.handle, scalars, Int32(scalars.count), run.start, run.length, rtl, tag, &glyphs,
        Int32(glyphs.count))
    }
    guard shaped >= 0 else { throw .shapingFailed(text) }
    return ShapedLine.Run(
      face: face, script: script, rightToLeft: rtl != 0,
      scalars: Int(run.start)..<Int(run.start + run.length), unitsPerEm: font.unitsPerEm,
      glyphs: glyphs.prefix(Int(shaped)).map {
        ShapedLine.Glyph(
          id: $0.glyph, cluster: Int($0.cluster), advance: Int($0.xAdvance), xOffset: Int($0.xOffset),
          yOffset: Int($0.yOffset))
      })
  }

  /// Marks, joiners and other format characters stay with the face of what they attach to.
  private static func joinsNeighbour(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
    default: return false
    }
  }

  private func open(_ face: FontFiles.Face) throws(RasterError) -> ShapingFont {
    if let font = opened[face.path] { return font }
    guard let font = ShapingFont(path: face.path) else { throw .fontUnusable(face, code: 1, step: "open") }
    opened[face.path] = font
    return font
  }

  /// A HarfBuzz script tag as its four letters.
  static func code(_ tag: UInt32) -> String {
    String(
      decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }, as: UTF8.self)
  }
}

/// The paragraph directions ``CSlipShape_runs`` takes.
enum TextDirectionCode: Int32 {
  case auto = 0
  case leftToRight = 1
  case rightToLeft = 2
}
