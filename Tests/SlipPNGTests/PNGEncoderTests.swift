import SlipIR
import SlipPNG
import Testing

@Suite struct PNGEncoderTests {
  /// The chunk types of a PNG file, in order, with their data.
  static func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
    var out: [(String, [UInt8])] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let kind = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      out.append((kind, Array(png[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
    return out
  }

  @Test func oneBitPNGsRoundTrip() throws {
    var bitmap = Bitmap(width: 19, height: 5)
    for y in 0..<5 { for x in 0..<19 where (x * y + x) % 3 == 0 { bitmap[x, y] = true } }
    let png = try PNGEncoder().encode(bitmap, dpi: 203)
    let header = try PNGDecoder().header(of: png)
    #expect(header.bitDepth == 1 && header.colorType == 0)
    let grey = try PNGDecoder().decode(png)
    for y in 0..<5 {
      for x in 0..<19 { #expect((grey.pixels[y * 19 + x] == 0) == bitmap[x, y]) }
    }
  }

  @Test func eightBitPNGsRoundTrip() throws {
    let image = GreyImage(width: 7, height: 3, pixels: (0..<21).map { UInt8($0 * 12) })
    let png = try PNGEncoder().encode(image, dpi: 180)
    #expect(try PNGDecoder().header(of: png).bitDepth == 8)
    #expect(try PNGDecoder().decode(png) == image)
  }

  @Test func theDPIIsInAPHYsChunk() throws {
    let png = try PNGEncoder().encode(Bitmap(width: 8, height: 1), dpi: 203)
    let chunks = Self.chunks(png)
    #expect(chunks.map(\.0) == ["IHDR", "pHYs", "IDAT", "IEND"])
    // 203 dots per inch = 7992 per metre, the same both ways, unit 1 (metre).
    let phys = try #require(chunks.first { $0.0 == "pHYs" }).1
    #expect(phys == [0, 0, 0x1F, 0x38, 0, 0, 0x1F, 0x38, 1])
  }

  @Test func emptyPicturesAreRefused() {
    #expect(throws: PNGError.self) { try PNGEncoder().encode(Bitmap(width: 0, height: 3), dpi: 203) }
  }
}
