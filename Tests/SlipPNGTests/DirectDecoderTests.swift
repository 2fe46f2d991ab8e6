import Foundation
import SlipIR
import SlipPNG
import Testing

/// The decoder that skips libpng for the common PNG must be only faster: for every PNG the
/// project has (fixtures, templates, previews, docs, and those files damaged), the same pixels as
/// libpng, or an error where libpng has one.
@Suite struct DirectDecoderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every PNG under Tests/, templates/ and docs/.
  static func pictures() throws -> [URL] {
    var found: [URL] = []
    for folder in ["Tests", "templates", "docs"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "png" { found.append(url) }
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The result of one path: the pixels, or that it failed.
  private static func outcome(_ bytes: [UInt8], direct: Bool) -> GreyImage? {
    try? PNGDecoder().decode(bytes, direct: direct)
  }

  @Test func everyPictureDecodesAsLibPNGDecodesIt() throws {
    let pictures = try Self.pictures()
    #expect(pictures.count > 40)
    var common = 0
    for url in pictures {
      let bytes = Array(try Data(contentsOf: url))
      if let header = try? PNGDecoder().header(of: bytes), header.bitDepth == 8, !header.interlaced,
        header.colorType != 3
      {
        common += 1
      }
      let direct = Self.outcome(bytes, direct: true)
      let libpng = Self.outcome(bytes, direct: false)
      #expect(direct == libpng, "\(url.path)")
    }
    // The kinds the direct decoder takes (8-bit grey, grey + alpha, RGB, RGBA) are among them.
    #expect(common >= 10)
  }

  /// Damage in the places the direct decoder reads (the image data, its CRC, the filter bytes, the
  /// end) must never give other pixels than libpng gives, nor pixels where libpng fails.
  @Test func damagedPicturesFailOrDecodeAsLibPNGDoes() throws {
    for url in try Self.pictures().prefix(60) {
      let bytes = Array(try Data(contentsOf: url))
      var variants: [[UInt8]] = []
      for cut in [bytes.count - 12, bytes.count / 2, 60] where cut > 33 && cut < bytes.count {
        variants.append(Array(bytes[..<cut]))
      }
      for offset in stride(from: 41, to: bytes.count, by: max(1, bytes.count / 7)) {
        var flipped = bytes
        flipped[offset] ^= 0x5A
        variants.append(flipped)
      }
      for variant in variants {
        let direct = Self.outcome(variant, direct: true)
        let libpng = Self.outcome(variant, direct: false)
        #expect(direct == libpng, "\(url.lastPathComponent) damaged")
      }
    }
  }
}
