import Foundation
import SlipIR
import SlipPNG
import Testing

/// The fixtures come from scripts/generate-png-fixtures: each PNG beside a PGM of the grey levels
/// it must decode to, worked out there from the samples it wrote.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// A binary greymap (`P5`, maximum 255) as the decoder's result type.
  static func greymap(_ name: String) throws -> GreyImage {
    let data = try bytes(name)
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
      var value = 0
      while (0x30...0x39).contains(data[index]) {
        value = value * 10 + Int(data[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    return GreyImage(width: fields[0], height: fields[1], pixels: Array(data[(index + 1)...]))
  }
}

@Suite struct PNGDecoderTests {
  static let pictures = [
    "grey1", "grey2", "grey4", "grey8", "grey16", "grey8-trns", "rgb8", "rgb16", "grey-alpha8", "rgba8",
    "rgba16",
    "palette4", "palette8-trns", "interlaced-rgba8", "interlaced-palette4", "interlaced-1x1",
    "interlaced-3x2",
    "interlaced-2x9",
    // Every row filter, the data in several IDAT chunks: decoded without libpng (DirectDecoder).
    "grey8-filters", "grey-alpha8-filters", "rgb8-filters", "rgba8-filters",
  ]

  @Test(arguments: pictures)
  func everyKindOfPNGDecodesToTheExpectedGrey(_ name: String) throws {
    let decoded = try PNGDecoder().decode(try Fixtures.bytes("\(name).png"))
    let expected = try Fixtures.greymap("\(name).pgm")
    #expect(decoded.width == expected.width && decoded.height == expected.height)
    let wrong = zip(decoded.pixels, expected.pixels).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(
      wrong.isEmpty,
      "first differences (index, got, expected): \(wrong.prefix(5).map { ($0.offset, $0.element) })")
  }

  @Test func theHeaderIsReadWithoutLibpng() throws {
    let header = try PNGDecoder().header(of: try Fixtures.bytes("interlaced-palette4.png"))
    #expect(header == PNGDecoder.Header(width: 13, height: 11, bitDepth: 4, colorType: 3, interlaced: true))
  }

  static let badFiles: [(String, String)] = [
    ("not-a-png.png", "not a PNG file (it does not start with the PNG signature)"),
    ("signature-only.png", "the file ends early (truncated)"),
    ("truncated.png", "the file ends early (truncated)"),
    ("bad-crc.png", "the PNG data is damaged (libpng: IDAT: CRC error)"),
    ("bad-zlib.png", "the PNG data is damaged (libpng: IDAT: invalid stored block lengths)"),
    (
      "huge-header.png",
      "the image is 100000×100000 pixels; images may be at most 20000 pixels a side and 40000000 pixels in all"
    ),
  ]

  @Test(arguments: badFiles)
  func badFilesAreClearErrors(_ name: String, _ message: String) throws {
    let bytes = try Fixtures.bytes(name)
    #expect(throws: PNGError(message)) { try PNGDecoder().decode(bytes) }
  }

  @Test func anAbsurdHeaderIsRejectedBeforeAnyAllocation() throws {
    // 10 gigapixels would need 10 GB; the header check answers at once.
    let bytes = try Fixtures.bytes("huge-header.png")
    let started = ContinuousClock.now
    #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
    #expect(ContinuousClock.now - started < .milliseconds(100))
  }

  @Test func limitsAreTheCallersChoice() throws {
    let small = PNGDecoder(limits: PNGDecoder.Limits(maximumSide: 12, maximumPixels: 1000))
    #expect(throws: PNGError.self) { try small.decode(try Fixtures.bytes("grey8.png")) }
    let fewPixels = PNGDecoder(limits: PNGDecoder.Limits(maximumSide: 100, maximumPixels: 100))
    #expect(throws: PNGError.self) { try fewPixels.decode(try Fixtures.bytes("grey8.png")) }
  }

  @Test func emptyAndTinyInputs() {
    #expect(throws: PNGError.self) { try PNGDecoder().decode([]) }
    #expect(throws: PNGError.self) { try PNGDecoder().decode([0x89, 0x50]) }
  }

  /// Every prefix of a valid file fails cleanly: no crash, no longjmp escaping into Swift.
  @Test func everyTruncationFailsCleanly() throws {
    let bytes = try Fixtures.bytes("interlaced-rgba8.png")
    for length in 0..<bytes.count {
      #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(bytes[..<length])) }
    }
  }

  /// Flipping any single byte after the signature either still decodes (an ancillary chunk, a
  /// sample value) or fails with a PNGError: it never crashes.
  @Test func flippedBytesNeverCrash() throws {
    let bytes = try Fixtures.bytes("palette8-trns.png")
    for index in 8..<bytes.count {
      var damaged = bytes
      damaged[index] ^= 0x5A
      _ = try? PNGDecoder().decode(damaged)
    }
  }
}
