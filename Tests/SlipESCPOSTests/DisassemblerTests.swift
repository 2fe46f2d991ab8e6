import SlipESCPOS
import SlipTestSupport
import Testing

@Suite struct DisassemblerTests {
  @Test func listsCommandsAndQuotedText() {
    let bytes: [UInt8] =
      [0x1B, 0x40, 0x1B, 0x61, 0x01, 0x1D, 0x21, 0x11, 0x1B, 0x74, 0x10] + Array("Caf".utf8) + [
        0xE9, 0x22, 0x0A,
      ]
      + [0x1B, 0x70, 0x00, 0x19, 0xFA, 0x1D, 0x56, 0x42, 0x03]
    let expected = """
      ESC @              | init
      ESC a 1            | align center
      GS ! 0x11          | size 2x2
      ESC t 16           | code page 16 (WPC1252)
      "Café\\""
      LF                 | print line
      ESC p 0 25 250     | drawer kick pin 2, on 50 ms, off 500 ms
      GS V 66 3          | feed 3 and partial cut

      """
    #expect(ESCPOSDisassembler().listing(bytes) == expected)
  }

  @Test func unknownAndTruncatedBytesAreShownAsHex() {
    let listing = ESCPOSDisassembler().listing([0x07, 0x1B, 0xFF, 0x82, 0x1D, 0x76, 0x30, 0x00, 0x01, 0x00])
    #expect(
      listing == """
        07                 | unknown control byte
        1B FF              | unknown command
        "\\x82"
        1D 76 30 00 01 00  | truncated GS v 0: 2 more bytes expected

        """)
  }

  @Test func initResetsTheCodePage() {
    // 0x82 is é in PC850 (page 2); after ESC @ the printer is back on its power-on page, which
    // the listing does not guess, as before any ESC t.
    let bytes: [UInt8] = [0x1B, 0x74, 0x02, 0x82, 0x0A, 0x1B, 0x40, 0x82, 0x0A]
    let expected = """
      ESC t 2            | code page 2 (PC850)
      "é"
      LF                 | print line
      ESC @              | init
      "\\x82"
      LF                 | print line

      """
    #expect(ESCPOSDisassembler().listing(bytes) == expected)
  }

  @Test func unknownCommandsAreCounted() {
    #expect(ESCPOSDisassembler().disassemble([0x07, 0x1B, 0xFF, 0x1B, 0x40]).unknownCommands == 2)
    #expect(ESCPOSDisassembler().disassemble([0x1B, 0x40, 0x41]).unknownCommands == 0)
  }

  @Test func imagesAreSummarisedWithAFingerprint() {
    let image: [UInt8] = [0x1D, 0x76, 0x30, 0x00, 0x01, 0x00, 0x02, 0x00, 0xFF, 0x00]
    #expect(
      ESCPOSDisassembler().listing(image)
        == "GS v 0 0 1 2       | raster image 8x2 dots, scale mode 0, 2 bytes, fnv1a 6e1e20ca\n")
  }

  @Test func anyBytesGiveAListing() {
    // Deterministic pseudo-random streams, and every prefix of a stream of real commands.
    var generator = SplitMix64(seed: 42)
    for _ in 0..<3000 {
      let count = Int(generator.next() % 64)
      let bytes = (0..<count).map { _ -> UInt8 in
        let value = generator.next()
        // Mostly command starts, so long and nested commands get exercised.
        return value % 3 == 0
          ? [0x1B, 0x1D, 0x1C, 0x10][Int(value / 3 % 4)] : UInt8(truncatingIfNeeded: value >> 8)
      }
      _ = ESCPOSDisassembler().listing(bytes)
    }
    let real: [UInt8] = [
      0x1B, 0x40, 0x1D, 0x28, 0x6B, 0x03, 0x00, 0x31, 0x43, 0x04, 0x1D, 0x6B, 0x49, 0x03, 0x7B, 0x42, 0x41,
      0x1D, 0x6B, 0x04, 0x41, 0x42, 0x00, 0x1B, 0x2A, 0x21, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0x1B, 0x44, 0x08,
      0x10,
      0x00, 0x10, 0x14, 0x01, 0x00, 0x05, 0x1B, 0x26, 0x03, 0x41, 0x41, 0x01, 0x00, 0x00, 0x00,
    ]
    for end in 0...real.count {
      let listing = ESCPOSDisassembler().listing(Array(real[..<end]))
      #expect(end == 0 || !listing.isEmpty)
    }
  }
}
