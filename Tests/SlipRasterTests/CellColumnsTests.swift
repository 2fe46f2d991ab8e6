import Testing

@testable import SlipCore
@testable import SlipRaster

/// The raster engine measures characters as the compiler's layout does, or glyphs would drift from
/// the columns the layout placed them in.
@Suite struct CellColumnsTests {
  @Test func everyScalarMeasuresAsTheLayoutMeasuresIt() {
    var differences: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      if CellColumns.columns(of: character) != TextWidth.columns(of: character) { differences.append(value) }
    }
    #expect(differences.isEmpty, "first: \(differences.prefix(10).map { String($0, radix: 16) })")
  }

  @Test(arguments: ["e\u{301}", "👍🏽", "🇮🇩", "☺\u{FE0F}", "\u{200D}a", "각", "\u{1100}\u{1161}"])
  func clustersMeasureAsTheLayoutMeasuresThem(_ text: String) {
    for character in text {
      #expect(CellColumns.columns(of: character) == TextWidth.columns(of: character))
    }
  }
}
