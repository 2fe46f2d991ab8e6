import SlipCore
import SlipIR
import SlipTestSupport
import Testing

@testable import SlipSymbols

/// A QR code's size known from a text of the same kind must be the size zint draws for the
/// text itself.
@Suite struct QRSizesTests {
  /// Characters of every kind the key keeps apart or folds together.
  static let alphabet = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz $%*+-./:#?=&_~\\@!\"'()")

  /// A text of the same kind as `text`: each digit, capital and small letter replaced by a
  /// random one of its kind, the rest kept.
  static func sameKind(as text: String, using random: inout SplitMix64) -> String {
    String(
      text.map { character -> Character in
        if character.isASCII, character.isNumber {
          return Character(String(Int.random(in: 0...9, using: &random)))
        }
        let capitals = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        if capitals.contains(character) { return capitals.randomElement(using: &random)! }
        let small = Array("abcdefghijklmnopqrstuvwxyz")
        if small.contains(character) { return small.randomElement(using: &random)! }
        return character
      })
  }

  @Test func textsOfOneKindGetCodesOfOneSize() throws {
    var random = SplitMix64(seed: 18_004)
    let zint = ZintSymbolEncoder()
    for index in 0..<48 {
      // Runs of one kind of character as well as mixtures, so zint changes modes inside them.
      let length = Int.random(in: 1...(index < 40 ? 60 : 400), using: &random)
      let pool = Self.alphabet.shuffled(using: &random).prefix(Int.random(in: 1...12, using: &random))
      let text = String((0..<length).map { _ in pool.randomElement(using: &random)! })
      let level = ["L", "M", "Q", "H"].randomElement(using: &random)!
      let options = SymbolOptions(errorCorrection: level)
      let first = try zint.encode(.qr, data: text, options: options)
      for _ in 0..<4 {
        let other = Self.sameKind(as: text, using: &random)
        #expect(QRSizes.kind(of: other, level: level) == QRSizes.kind(of: text, level: level))
        let drawn = try zint.encode(.qr, data: other, options: options)
        #expect(
          drawn.width == first.width && drawn.height == first.height, "'\(text)' and '\(other)' at \(level)")
      }
    }
  }

  @Test func aMeasuredKindGivesTheSizeWithoutDrawing() throws {
    let encoder = ZintSymbolEncoder()
    let options = SymbolOptions(errorCorrection: "Q")
    let first = try encoder.encodeForSize(.qr, data: "JTW26-000451", options: options)
    let known = try encoder.encodeForSize(.qr, data: "KUX37-111562", options: options)
    let drawn = try encoder.encode(.qr, data: "KUX37-111562", options: options)
    #expect(known.width == drawn.width && known.height == drawn.height)
    #expect(known.width == first.width)
    #expect(known == Bitmap(width: drawn.width, height: drawn.height))
    // Another level, another punctuation mark or another length is another kind, drawn anew.
    for (data, level) in [("JTW26-000451", "H"), ("JTW26/000451", "Q"), ("JTW26-0004511", "Q")] {
      let sized = try encoder.encodeForSize(.qr, data: data, options: SymbolOptions(errorCorrection: level))
      let full = try encoder.encode(.qr, data: data, options: SymbolOptions(errorCorrection: level))
      #expect(sized.width == full.width && sized != Bitmap(width: full.width, height: full.height))
    }
  }

  @Test func onlyPrintableASCIIHasAKind() {
    #expect(QRSizes.kind(of: "Café", level: "M") == nil)
    #expect(QRSizes.kind(of: "a\tb", level: "M") == nil)
    #expect(QRSizes.kind(of: "Ab9-z~", level: "M") == "M:Aa0-a~")
  }
}
