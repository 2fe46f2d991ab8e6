import SlipIR
import Testing

@testable import SlipCore

/// Scaling and dithering, checked on pictures whose right answer is known.
@Suite struct ImageProcessorTests {
  static func uniform(_ level: UInt8, width: Int = 64, height: Int = 64) -> GreyImage {
    GreyImage(width: width, height: height, pixels: [UInt8](repeating: level, count: width * height))
  }

  static func ink(_ bitmap: Bitmap) -> Int {
    var count = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] { count += 1 }
    }
    return count
  }

  @Test func thresholdSplitsAGradientWhereItSays() {
    let gradient = GreyImage(width: 256, height: 1, pixels: (0...255).map { UInt8($0) })
    let bitmap = ImageProcessor.bitmap(from: gradient, width: 256, dither: .threshold, threshold: 100)
    #expect((0..<256).filter { bitmap[$0, 0] } == Array(0..<100))
  }

  @Test(arguments: [ImageProcessor.Dither.floydSteinberg, .atkinson, .bayer])
  func halfGreyInksAboutHalfTheDots(_ dither: ImageProcessor.Dither) {
    let bitmap = ImageProcessor.bitmap(from: Self.uniform(128), width: 64, dither: dither)
    let share = Double(Self.ink(bitmap)) / Double(64 * 64)
    #expect(abs(share - 0.5) < 0.06, "\(dither): \(share)")
  }

  @Test(arguments: ImageProcessor.Dither.allCases)
  func whiteStaysWhiteAndBlackStaysBlack(_ dither: ImageProcessor.Dither) {
    #expect(Self.ink(ImageProcessor.bitmap(from: Self.uniform(255), width: 32, dither: dither)) == 0)
    #expect(Self.ink(ImageProcessor.bitmap(from: Self.uniform(0), width: 32, dither: dither)) == 32 * 32)
  }

  @Test func darkerGreyInksMoreDots() {
    let light = Self.ink(ImageProcessor.bitmap(from: Self.uniform(200), width: 64, dither: .floydSteinberg))
    let dark = Self.ink(ImageProcessor.bitmap(from: Self.uniform(60), width: 64, dither: .floydSteinberg))
    #expect(light < dark)
  }

  @Test func downscalingAveragesAndEnlargingRepeats() {
    let image = GreyImage(width: 4, height: 2, pixels: [0, 255, 100, 100, 0, 255, 100, 100])
    #expect(ImageProcessor.scale(image, width: 2, height: 1) == [127, 100])
    let dot = GreyImage(width: 1, height: 1, pixels: [42])
    #expect(ImageProcessor.scale(dot, width: 3, height: 2) == [UInt8](repeating: 42, count: 6))
  }

  @Test func heightFollowsTheWidthInProportion() {
    let bitmap = ImageProcessor.bitmap(
      from: Self.uniform(255, width: 300, height: 100), width: 150, dither: .bayer)
    #expect((bitmap.width, bitmap.height) == (150, 50))
  }
}
