import Foundation
import SlipZPL
import SlipZlib
import Testing

/// `ZPLListing` on ZPL as real files write it: the files of `Listings/` (its README says what
/// each reproduces) against their expected listings, and the facts a listing must hold.
@Suite struct ZPLListingTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Listings")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".zpl") }.map { String($0.dropLast(4)) }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent("\(name).zpl")))
  }

  @Test func thereAreListingCases() {
    #expect(Self.names.count >= 12)
  }

  @Test(arguments: names)
  func listing(_ name: String) throws {
    let actual = ZPLListing(compressor: ZlibCompressor()).listing(try Self.bytes(name))
    let url = Self.folder.appendingPathComponent("\(name).listing")
    if ProcessInfo.processInfo.environment["SLIP_RECORD"] != nil {
      try Data(actual.utf8).write(to: url)
      Issue.record("recorded \(name).listing: unset SLIP_RECORD and run again")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(name).zpl lists differently")
  }

  @Test func byteOrderMarkStillReadsAsZPL() throws {
    #expect(ZPLListing.isZPL(try Self.bytes("bom")))
    #expect(ZPLListing.isZPL(Array(" \r\n~JA".utf8)))
    #expect(!ZPLListing.isZPL([0xEF, 0xBB, 0xBF, 0x1B, 0x40]))
    #expect(!ZPLListing.isZPL([]))
  }

  @Test func lineEndsDoNotChangeTheListing() throws {
    let crlf = try Self.bytes("crlf")
    let lf = crlf.filter { $0 != 0x0D }
    #expect(
      ZPLListing(compressor: ZlibCompressor()).listing(crlf)
        == ZPLListing(compressor: ZlibCompressor()).listing(lf))
    #expect(ZPLListing(compressor: ZlibCompressor()).listing(crlf).contains("# media gap"))
  }

  @Test func compressedGraphicsDecodeToTheirPlainHexTwin() throws {
    let lines = ZPLListing(compressor: ZlibCompressor()).listing(try Self.bytes("gfa-acs")).split(
      separator: "\n")
    let bits = lines.compactMap { line in line.range(of: "bits=").map { String(line[$0.upperBound...]) } }
    #expect(bits.count == 2)
    #expect(bits.count == 2 && bits[0] == bits[1])
  }

  @Test func noLineHoldsLongDataWhole() throws {
    for name in Self.names {
      for line in ZPLListing(compressor: ZlibCompressor()).listing(try Self.bytes(name)).split(
        separator: "\n")
      {
        #expect(line.count < 600, "\(name): a line of \(line.count) characters")
      }
    }
  }

  @Test func unknownCommandsAreNamedWithWhereTheyAre() throws {
    let listing = ZPLListing(compressor: ZlibCompressor()).list(try Self.bytes("parameters"))
    #expect(listing.unknownCommands == [.init(name: "^QQ", line: 29, column: 1)])
    for name in Self.names where name != "parameters" {
      #expect(
        ZPLListing(compressor: ZlibCompressor()).list(try Self.bytes(name)).unknownCommands.isEmpty, "\(name)"
      )
    }
  }

  @Test func changedPrefixesAreHonoured() {
    let listing = ZPLListing(compressor: ZlibCompressor()).list(
      Array("^XA^CC+~CT#+FDa ^ b ~ c+FS#JA+CC^#CT~^XZ".utf8))
    #expect(listing.unknownCommands.isEmpty)
    #expect(listing.text.contains(#""a ^ b ~ c""#))
    #expect(listing.text.contains("#JA"))
    #expect(listing.text.contains("cancel all"))
  }

  @Test func utf8WithoutCI28IsFlagged() {
    let listing = ZPLListing(compressor: ZlibCompressor()).listing(
      Array("^XA^FDStraße^FS^CI28^FDStraße^FS^XZ".utf8))
    let lines = listing.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""Stra├ƒe", UTF-8 data without ^CI28 (meant "Straße"?)"#))
    #expect(lines[1].hasSuffix(#"# UTF-8, "Straße""#))
  }

  @Test func runCodesStopAtThePicturesSize() {
    // 40,000 'z' codes ask for 16 million copies of the next digit: the listing stops at 8 bytes.
    let bytes =
      Array("^GFA,8,8,2,".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 40_000) + Array("F^FS".utf8)
    #expect(ZPLListing(compressor: ZlibCompressor()).listing(bytes).contains("data holds more than 8 bytes"))
  }

  @Test func binaryDataShorterThanClaimedIsReported() {
    let listing = ZPLListing(compressor: ZlibCompressor()).listing(
      Array("~DYR:X,B,G,8,2,".utf8) + [0xFF, 0x5E, 0x58])
    #expect(listing.contains("binary data 5 bytes short"))
  }

  @Test func anyBytesGiveAListing() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("^~,:!GgzZ0F\r\n\u{1}".utf8) + [0xFF, 0xC3]
    for _ in 0..<300 {
      let count = Int.random(in: 0..<80, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      _ = ZPLListing(compressor: ZlibCompressor()).list(Array("^GFA,8,8,2,".utf8) + bytes)
      _ = ZPLListing(compressor: ZlibCompressor()).list(Array("~DYR:X,B,G,4,".utf8) + bytes)
      _ = ZPLListing(compressor: ZlibCompressor()).list(bytes)
    }
  }
}
