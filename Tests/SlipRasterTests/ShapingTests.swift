import Foundation
import SlipIR
import SlipRaster
import Testing

/// The raster engine's shaping against HarfBuzz's own command-line shaper: `hb-shape` (Debian's
/// libharfbuzz-bin) on the same face, text, direction and script gives the glyph IDs, clusters,
/// advances and offsets that the engine's runs must hold, in font units.
@Suite struct HarfBuzzOracleTests {
  /// Lines of the bundled templates and a few harder ones: joining, marks, reordering matras,
  /// stacked Thai tone marks, Latin digits inside Arabic.
  static let lines: [(text: String, direction: TextDirection)] = [
    ("قهوة عربية ×2", .rightToLeft),
    ("بالأرقام العربية ١٠٨ ر.س", .rightToLeft),
    ("شارع الملك فهد، الرياض", .auto),
    ("ร้านก๋วยเตี๋ยว", .auto),
    ("ขอบคุณที่ใช้บริการ", .auto),
    ("हिंदी प्रौद्योगिकी सम्मेलन", .auto),
    ("प्रिया शर्मा", .auto),
    ("שלום עולם", .auto),
  ]

  @Test(arguments: lines.indices)
  func glyphsEqualHBShape(_ index: Int) throws {
    let (text, direction) = Self.lines[index]
    let line = try Sample.rasterizer.shapedLine(text, direction: direction)
    #expect(!line.runs.isEmpty)
    let scalars = Array(text.unicodeScalars)
    for run in line.runs {
      // hb-shape on the run's characters alone, with the rest of the line as context.
      let before = String(String.UnicodeScalarView(scalars[..<run.scalars.lowerBound]))
      let inside = String(String.UnicodeScalarView(scalars[run.scalars]))
      let after = String(String.UnicodeScalarView(scalars[run.scalars.upperBound...]))
      let output = try Self.hbShape(
        font: run.face.path, text: inside, before: before, after: after,
        direction: run.rightToLeft ? "rtl" : "ltr", script: run.script)
      let expected = try Self.parse(output).map { glyph in
        // hb-shape numbers clusters from the run's start; the engine from the line's.
        ShapedGlyphRecord(
          id: glyph.id, cluster: glyph.cluster + run.scalars.lowerBound, advance: glyph.advance,
          xOffset: glyph.xOffset, yOffset: glyph.yOffset)
      }
      let actual = run.glyphs.map {
        ShapedGlyphRecord(
          id: $0.id, cluster: $0.cluster, advance: $0.advance, xOffset: $0.xOffset, yOffset: $0.yOffset)
      }
      #expect(actual == expected, "\(text): run \(run.script) \(run.scalars)")
    }
  }

  @Test func arabicWithLatinDigitsKeepsTheDigitsInOrder() throws {
    // "المجموع 98": the digits are a left-to-right run inside the right-to-left line, drawn
    // left of the word and still reading 9 then 8.
    let line = try Sample.rasterizer.shapedLine("المجموع 98", direction: .rightToLeft)
    #expect(line.rightToLeft)
    let digits = try #require(line.runs.first { $0.scalars.contains(8) })
    #expect(!digits.rightToLeft)
    #expect(line.runs.first?.scalars == digits.scalars)
    #expect(digits.glyphs.map(\.cluster) == [8, 9])
  }

  @Test func directionFollowsTheFirstStrongCharacter() throws {
    #expect(try Sample.rasterizer.shapedLine("שלום abc", direction: .auto).rightToLeft)
    #expect(try !Sample.rasterizer.shapedLine("abc שלום", direction: .auto).rightToLeft)
  }

  @Test func aMissingFaceIsAnErrorNamingItsPackage() {
    let rasterizer = Rasterizer(shaping: ShapingFonts(folder: "/nonexistent", package: "fonts-noto-core"))
    #expect(throws: RasterError.self) { try rasterizer.shapedLine("مرحبا", direction: .auto) }
    do {
      _ = try rasterizer.shapedLine("مرحبا", direction: .auto)
    } catch {
      #expect(error.message.contains("/nonexistent/NotoSansArabic-Regular.ttf"))
      #expect(error.help?.contains("fonts-noto-core") == true)
    }
  }

  struct ShapedGlyphRecord: Equatable {
    var id: UInt32
    var cluster: Int
    var advance: Int
    var xOffset: Int
    var yOffset: Int
  }

  static func hbShape(
    font: String, text: String, before: String, after: String, direction: String, script: String
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
    process.arguments = [
      "--no-glyph-names", "--output-format=json", "--direction=\(direction)", "--script=\(script)",
      "--text-before=\(before)", "--text-after=\(after)", font, text,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "hb-shape failed (is libharfbuzz-bin installed?)")
    return String(decoding: data, as: UTF8.self)
  }

  /// hb-shape's JSON: `[{"g":123,"cl":0,"dx":0,"dy":0,"ax":500,"ay":0},…]`.
  static func parse(_ output: String) throws -> [ShapedGlyphRecord] {
    let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
    return json.map { glyph in
      ShapedGlyphRecord(
        id: UInt32(glyph["g"] as? Int ?? -1), cluster: glyph["cl"] as? Int ?? -1,
        advance: glyph["ax"] as? Int ?? 0, xOffset: glyph["dx"] as? Int ?? 0,
        yOffset: glyph["dy"] as? Int ?? 0)
    }
  }
}

/// How shaped lines are painted: what the printer gets is this picture.
@Suite struct ShapedPaintingTests {
  static func firstInkedRow(_ bitmap: Bitmap) -> Int? {
    (0..<bitmap.height).first { row in (0..<bitmap.width).contains { bitmap[$0, row] } }
  }

  @Test func stackedMarksAboveAreNotCutOffAtTheLineTop() throws {
    // A tone mark over an upper vowel (mai chattawa over sara ii) reaches higher than an em
    // above the baseline: the baseline moves down so that it is drawn whole.
    for scale in [Scale.normal, Scale(width: 2, height: 2)] {
      let stacked = try Sample.bitmap([Sample.line("เตี๋ยว", scale: scale)])
      let plain = try Sample.bitmap([Sample.line("เตียว", scale: scale)])
      let top = try #require(Self.firstInkedRow(stacked))
      #expect(top > 0, "the mark touches the line's top edge at \(scale): it was cut off")
      #expect(Sample.inkCount(stacked) > Sample.inkCount(plain) + 4 * scale.width * scale.height)
    }
  }

  @Test func evenlyScaledTextIsDrawnAtTheLargerSizeNotMagnified() throws {
    // Magnified, every dot would be a 2×2 block: pairs of columns from the run's start alike.
    let page = try Sample.bitmap([Sample.line("ร้านก๋วยเตี๋ยว", scale: Scale(width: 2, height: 2))])
    let unlikePairs = (0..<page.height).contains { row in
      stride(from: 0, to: page.width - 1, by: 2).contains { page[$0, row] != page[$0 + 1, row] }
    }
    #expect(unlikePairs)
  }
}
