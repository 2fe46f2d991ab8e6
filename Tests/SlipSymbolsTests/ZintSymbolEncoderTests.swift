import SlipCore
import SlipIR
import Testing

@testable import SlipSymbols

/// The zint encoder's contract: bare modules of the right size, data a scanner would read
/// differently refused, check digits added or verified. Whether the symbols scan is proved
/// outside Swift, by zbarimg and zxing-cpp (scripts/symbol-check).
@Suite struct ZintSymbolEncoderTests {
  let encoder = ZintSymbolEncoder()

  /// The message `encode` throws, or nil when it encodes.
  func failure(_ symbology: Symbol.Symbology, _ data: String, ecc: String? = nil) -> String? {
    do {
      _ = try encoder.encode(symbology, data: data, errorCorrection: ecc)
      return nil
    } catch {
      return error.message
    }
  }

  // MARK: Module counts

  /// Widths from the symbologies' own arithmetic: EAN-13 and UPC-A 95 modules, EAN-8 67,
  /// UPC-E 51, Code 39 13 per character with its gap (9 characters with the stars, less the
  /// last gap), ITF 9 per pair plus 9 for start and stop, Codabar as zint spaces it.
  @Test(arguments: [
    (Symbol.Symbology.code128, "INV-2026-000123", 178),
    (.ean13, "400638133393", 95),
    (.ean8, "1234567", 67),
    (.upca, "03600029145", 95),
    (.upce, "0123456", 51),
    (.code39, "ABC-123", 116),
    (.itf, "12345678", 81),
    (.codabar, "A40156B", 71),
  ])
  func linearBarcodesAreOneRowOfBareModules(symbology: Symbol.Symbology, data: String, width: Int) throws {
    let modules = try encoder.encode(symbology, data: data, errorCorrection: nil)
    #expect(modules.width == width)
    #expect(modules.height == 1)
    // No quiet zone on either side: a linear barcode starts and ends with a bar.
    #expect(modules[0, 0] && modules[width - 1, 0])
  }

  @Test func code128UsesSetCForRunsOfDigits() throws {
    // All in set B it would be 11 modules for each of 15 characters, start, check and stop
    // (11 × 17 + 13 = 200); set C packs "2026" and "000123" two digits to a symbol.
    let modules = try encoder.encode(.code128, data: "INV-2026-000123", errorCorrection: nil)
    #expect(modules.width < 200)
    #expect(modules.width * 2 <= 384)
  }

  @Test func eanGuardBarsOpenTheSymbol() throws {
    // Start guard 101, then the first digit's pattern: the bitmap is the symbol, not a margin.
    let modules = try encoder.encode(.ean13, data: "400638133393", errorCorrection: nil)
    #expect([modules[0, 0], modules[1, 0], modules[2, 0]] == [true, false, true])
    #expect([modules[92, 0], modules[93, 0], modules[94, 0]] == [true, false, true])
  }

  @Test func qrCodesHaveTheirVersionsSize() throws {
    let small = try encoder.encode(.qr, data: "HELLO", errorCorrection: "M")
    #expect(small.width == 21 && small.height == 21)
    // The finder pattern's top row starts at the first module: no quiet zone.
    #expect((0..<7).allSatisfy { small[$0, 0] } && !small[7, 0])
    // A 300-character URL needs version 13 at level M (331 bytes), 17 + 4 × 13 = 69 modules.
    let url = try encoder.encode(.qr, data: Samples.longURL, errorCorrection: "M")
    #expect(url.width == 69 && url.height == 69)
  }

  @Test func higherErrorCorrectionMeansALargerCode() throws {
    let low = try encoder.encode(.qr, data: Samples.longURL, errorCorrection: "L")
    let high = try encoder.encode(.qr, data: Samples.longURL, errorCorrection: "H")
    #expect(low.width < high.width)
    #expect(try encoder.encode(.qr, data: Samples.longURL, errorCorrection: nil).width == 69)
  }

  /// A QR code encoded for its size alone (mask 0) is the size of the best-masked one at every
  /// level and length, fails alike, and is another drawing of the same data: the mask is what
  /// it leaves out.
  @Test func aQRCodeForItsSizeIsAsLargeAsTheDrawnOne() throws {
    var masksDiffer = 0
    for level in ["L", "M", "Q", "H"] {
      for length in stride(from: 1, through: 300, by: 13) {
        let data = String(Samples.longURL.prefix(length))
        let options = SymbolOptions(errorCorrection: level)
        let drawn = try encoder.encode(.qr, data: data, options: options)
        let sized = try encoder.encodeForSize(.qr, data: data, options: options)
        #expect(sized.width == drawn.width && sized.height == drawn.height, "\(level) at \(length)")
        if sized != drawn { masksDiffer += 1 }
      }
    }
    #expect(masksDiffer > 0)
    let tooLong = String(repeating: "x", count: 3_000)
    #expect(throws: SymbolEncodeError.self) {
      try encoder.encodeForSize(.qr, data: tooLong, options: SymbolOptions())
    }
    let other = try encoder.encodeForSize(.code128, data: "INV-1", options: SymbolOptions())
    #expect(other == (try encoder.encode(.code128, data: "INV-1", errorCorrection: nil)))
  }

  @Test func pdf417RowsAreThreeModulesHigh() throws {
    let modules = try encoder.encode(.pdf417, data: "Hello PDF417", errorCorrection: nil)
    #expect(modules.width == 103)
    #expect(modules.height == 27)
    // The start pattern opens every row with eight modules of bar.
    #expect((0..<modules.height).allSatisfy { y in (0..<8).allSatisfy { modules[$0, y] } })
  }

  @Test func dataMatrixIsSquare() throws {
    let modules = try encoder.encode(.datamatrix, data: "Hello DM", errorCorrection: nil)
    #expect(modules.width == 14 && modules.height == 14)
    // The L-shaped finder: solid left column and bottom row.
    #expect((0..<14).allSatisfy { modules[0, $0] && modules[$0, 13] })
  }

  // MARK: Check digits

  @Test(arguments: [
    (Symbol.Symbology.ean13, "400638133393", "1"),
    (.ean8, "1234567", "0"),
    (.upca, "03600029145", "2"),
    (.upce, "0123456", "5"),
    (.upce, "1123456", "2"),
  ])
  func aGivenCheckDigitMustBeTheRightOne(symbology: Symbol.Symbology, digits: String, right: String) throws {
    let computed = try encoder.encode(symbology, data: digits, errorCorrection: nil)
    #expect(try encoder.encode(symbology, data: digits + right, errorCorrection: nil) == computed)
    let wrong = String((Int(right)! + 1) % 10)
    #expect(
      failure(symbology, digits + wrong)
        == "the check digit is '\(right)', not '\(wrong)' (leave it out to have it added)")
  }

  @Test func retailBarcodesTakeTheirDigitsExactly() {
    #expect(failure(.ean13, "12345") == "it takes 12 digits, or 13 with the check digit, not 5")
    #expect(failure(.ean13, "12345678901234") == "it takes 12 digits, or 13 with the check digit, not 14")
    #expect(failure(.ean8, "123456") == "it takes 7 digits, or 8 with the check digit, not 6")
    #expect(failure(.upca, "0360002914") == "it takes 11 digits, or 12 with the check digit, not 10")
    #expect(failure(.upce, "123456") == "it takes 7 digits, or 8 with the check digit, not 6")
    #expect(failure(.ean13, "40063813339A") == "it takes digits only, not 'A'")
    #expect(failure(.ean13, "4006381333 3") == "it takes digits only, not U+0020")
    // Arabic-Indic digits are numbers, but not what a barcode holds.
    #expect(failure(.ean8, "123456٧") == "it takes digits only, not '٧'")
  }

  @Test func upcENumberSystemIsZeroOrOne() {
    // zint would quietly encode number system 2 as 0: a different product.
    #expect(failure(.upce, "2123456") == "its first digit, the number system, is 0 or 1, not '2'")
  }

  // MARK: Other symbologies' data

  @Test func dataScannersWouldReadDifferentlyIsRefused() {
    // zint upper-cases Code 39 data and pads odd ITF data with a 0: the scan would differ.
    #expect(
      failure(.code39, "abc")
        == "it has no 'a': it takes digits, capital letters, space and - . $ / + %")
    #expect(failure(.code39, "AB*C")?.hasPrefix("it has no '*'") == true)
    #expect(
      failure(.itf, "1234567") == "it takes an even number of digits, not 7 (a leading 0 keeps the value)")
    #expect(failure(.itf, "12a4") == "it takes digits only, not 'a'")
    #expect(failure(.code128, "Café") == "it takes ASCII characters only, not 'é'")
    #expect(failure(.codabar, "40156") == "it starts and ends with A, B, C or D, such as 'A40156B'")
  }

  @Test func emptyDataIsRefusedForEverySymbology() {
    for symbology in Symbol.Symbology.allCases {
      #expect(failure(symbology, "") == "there is no data", "\(symbology)")
    }
  }

  @Test func zintsOwnReasonsReadLikeSlips() throws {
    let codabar = try #require(failure(.codabar, "A40#56B"))
    #expect(codabar.hasPrefix("invalid character in data"))
    #expect(!codabar.contains("Error") && !codabar.contains("\""))
    #expect(failure(.datamatrix, String(repeating: "x", count: 4000)) == "data too long to fit in symbol")
    // QR data too long for any version is our error before zint's, with the numbers.
    #expect(
      failure(.qr, String(repeating: "x", count: 4000), ecc: "H")
        == "it is 4000 bytes long; a QR code at level H holds at most 1273")
    #expect(
      failure(.qr, String(repeating: "7", count: 7090), ecc: "L")
        == "it is 7090 digits long; a QR code at level L holds at most 7089")
    #expect(failure(.qr, String(repeating: "7", count: 7089), ecc: "L") == nil)
    #expect(failure(.qr, String(repeating: "A", count: 3391), ecc: "M") == nil)
    #expect(failure(.qr, "x", ecc: "X") == "unknown error correction level 'X' (the levels are L, M, Q, H)")
  }

  @Test func zintMessagesLoseTheirNumbersAndDoubleQuotes() {
    #expect(
      SymbolEncodeError.zint("Error 284: Invalid character in data (digits and \"+\" only)").message
        == "invalid character in data (digits and '+' only)")
    #expect(
      SymbolEncodeError.zint("Warning 222: Encoded data includes ECI 17").message
        == "encoded data includes ECI 17")
    #expect(SymbolEncodeError.zint("Error 543: ECI 26 not supported.").message == "ECI 26 not supported")
    #expect(SymbolEncodeError.zint("Input too long: 3 characters").message == "input too long: 3 characters")
    #expect(SymbolEncodeError.zint("").message == "zint gave no reason")
  }

  // MARK: Text in 2D codes

  @Test func asciiGoesWithoutAnECIAndLatin1WithECI3() {
    #expect(ZintSymbolEncoder.textEncoding(of: "https://kopi.id/r/42") == .ascii)
    #expect(ZintSymbolEncoder.textEncoding(of: "Café crème, ÿ") == .latin1)
    #expect(ZintSymbolEncoder.textEncoding(of: "Kopi Senja — Rp 25.000") == .utf8)
    #expect(ZintSymbolEncoder.textEncoding(of: "Harga €2") == .utf8)
    #expect(ZintSymbolEncoder.textEncoding(of: "日本") == .utf8)
  }

  @Test func textOutsideLatin1EncodesWithECI26() throws {
    // Every warning is an error here: had zint chosen an ECI itself (17 for "€", Shift-JIS
    // for "日本"), these would throw.
    for symbology in [Symbol.Symbology.qr, .pdf417, .datamatrix] {
      for text in [Samples.indonesian, "Harga €2", "日本", "Café"] {
        #expect(throws: Never.self, "\(symbology) \(text)") {
          try encoder.encode(symbology, data: text, errorCorrection: "M")
        }
      }
    }
  }

  @Test func theSameDataGivesTheSameModules() throws {
    // zint keeps no state between symbols: the encoder is safe to share across threads.
    let first = try encoder.encode(.qr, data: Samples.indonesian, errorCorrection: "Q")
    let again = try encoder.encode(.qr, data: Samples.indonesian, errorCorrection: "Q")
    #expect(first == again)
  }
}

/// Data the tests and scripts/symbol-check share.
enum Samples {
  /// A 300-character e-receipt link.
  static let longURL: String = {
    let base = "https://struk.kopisenja.id/e/INV-2026-000123?sig="
    let filler = String(repeating: "a1B2c3D4e5F6g7H8", count: 20)
    return String((base + filler).prefix(300))
  }()

  /// Indonesian text with a character ISO-8859-1 lacks (the em dash) and some it has.
  static let indonesian = "Terima kasih, Bu Siti — sampai jumpa di Kafé Senja! Nasi goreng spésial"
}
