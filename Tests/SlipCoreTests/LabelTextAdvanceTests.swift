import SlipIR
import SlipTestSupport
import Testing

@testable import SlipCore

/// Label text wrapped from its words' advances added up must come out exactly as when every
/// line tried is measured: the same lines, heights, cuts and positions.
@Suite struct LabelTextAdvanceTests {
  /// Font 0's way of adding up: 32nds of the height per character, rounded once at the end
  /// (as SlipRaster's label font store measures printable ASCII).
  final class ThirtySecondsMeasurer: TextMeasurer {
    func width(of text: String, height: Int) -> Int {
      width(ofAdvance: text.unicodeScalars.reduce(0) { $0 + Self.advance(of: $1) }, height: height)
    }

    static func advance(of scalar: Unicode.Scalar) -> Int { 8 + Int(scalar.value % 23) }

    var printableASCIIAdvances: [Int]? { (0x20...0x7E).map { Self.advance(of: Unicode.Scalar(UInt8($0))) } }

    func width(ofAdvance advance: Int, height: Int) -> Int { (advance * (height << 11) + 0x8000) >> 16 }
  }

  static let words = [
    "Raden", "Ajeng", "Kartini", "Wulandari", "PT", "Perusahaan", "Perdagangan", "Internasional",
    "Nusantara", "Jaya", "X", "Supercalifragilisticexpialidocious", "i", "WWWWWWWWWWWWWW", "-",
  ]

  /// Random texts of those words (some with line breaks), in random boxes, shrinking or not.
  static func cases(seed: UInt64) -> [(String, LabelTextSpec)] {
    var random = SplitMix64(seed: seed)
    let fonts: [LabelTextFont] =
      [.scalable, .scalable, .scalable] + ZebraBitmapFont.all.map { .bitmap($0, height: 1, width: 2) }
    return (0..<400).map { _ in
      let count = Int.random(in: 1...9, using: &random)
      let text = (0..<count).map { _ in
        words.randomElement(using: &random)! + (Int.random(in: 0..<12, using: &random) == 0 ? "\n" : "")
      }.joined(separator: " ")
      let spec = LabelTextSpec(
        position: LabelPoint(x: 10, y: 20),
        width: Int.random(in: 0..<8, using: &random) == 0 ? nil : Int.random(in: 20...800, using: &random),
        size: Int.random(in: 8...120, using: &random),
        alignment: [.left, .center, .right].randomElement(using: &random)!,
        maxLines: Int.random(in: 1...4, using: &random), shrink: Bool.random(using: &random),
        font: fonts.randomElement(using: &random)!,
        glyphWidth: Bool.random(using: &random) ? nil : Int.random(in: 10...90, using: &random))
      return (text, spec)
    }
  }

  @Test(arguments: [ApproximateTextMeasurer(), ThirtySecondsMeasurer()] as [any TextMeasurer])
  func addedAdvancesLayOutTextAsMeasuringEachLine(measurer: any TextMeasurer) {
    var measuring = LabelTextLayout(measurer: measurer)
    measuring.addsAdvances = false
    let adding = LabelTextLayout(measurer: measurer)
    for (text, spec) in Self.cases(seed: 23) {
      let expected = measuring.layout(text, spec: spec)
      let laidOut = adding.layout(text, spec: spec)
      #expect(laidOut.text == expected.text, "\(text) in \(spec)")
      #expect(laidOut.cut == expected.cut, "\(text) in \(spec)")
      #expect(
        adding.wrap(text, width: spec.width, height: spec.size)
          == measuring.wrap(text, width: spec.width, height: spec.size))
    }
  }

  @Test func theApproximateMeasurersAdvancesAddUp() throws {
    let measurer = ApproximateTextMeasurer()
    let table = try #require(measurer.printableASCIIAdvances)
    for (text, spec) in Self.cases(seed: 5).prefix(100) {
      let printable = String(text.map { $0 == "\n" ? " " : $0 })
      let advance = printable.utf8.reduce(0) { $0 + table[Int($1) - 0x20] }
      #expect(
        measurer.width(ofAdvance: advance, height: spec.size)
          == measurer.width(of: printable, height: spec.size))
    }
  }
}
