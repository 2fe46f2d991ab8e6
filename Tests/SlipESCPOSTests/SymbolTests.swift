import SlipESCPOS
import SlipIR
import Testing

private let esc: UInt8 = 0x1B
private let gs: UInt8 = 0x1D

@Suite struct SymbolTests {
  /// A version 2 QR code's size (25 modules a side) at 3 dots a module; the modules' content
  /// does not matter to the writer's native path.
  static func qr(_ data: String, module: Int = 3, alignment: Alignment = .center) -> Block {
    let symbol = Symbol(
      symbology: .qr, data: data, module: module, height: 25 * module, humanReadable: .none,
      errorCorrection: "M", modules: Bitmap(width: 25, height: 25))
    let x = alignment == .center ? (384 - 75) / 2 : 0
    return .symbol(SymbolBlock(symbol: symbol, x: x, alignment: alignment, source: nil))
  }

  @Test func aPrinterWithNativeQRDrawsItWithinTheTemplatesWidth() throws {
    let output = try Sample.emit(
      [Self.qr("https://kopi.id/r/42"), Sample.line("x")], profile: .epsonTMT20III)
    let data = Array("https://kopi.id/r/42".utf8)
    let expected: [UInt8] =
      [esc, 0x40, gs, 0x4C, 96, 0, gs, 0x57, 128, 1, esc, 0x61, 1]
      + [
        gs, 0x28, 0x6B, 4, 0, 49, 65, 50, 0, gs, 0x28, 0x6B, 3, 0, 49, 67, 3, gs, 0x28, 0x6B, 3, 0, 49, 69,
        49,
      ]
      + [gs, 0x28, 0x6B, UInt8(data.count + 3), 0, 49, 80, 48] + data + [gs, 0x28, 0x6B, 3, 0, 49, 81, 48]
      + [esc, 0x61, 0, 0x78, 0x0A, gs, 0x4C, 0, 0, gs, 0x57, 64, 2]
    #expect(output.bytes == expected)
  }

  @Test func withoutNativeQRTheModulesGoAsRaster() throws {
    let output = try Sample.emit([Self.qr("https://kopi.id/r/42")])
    #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
  }

  @Test func nonASCIIDataGoesAsRasterEvenWhereQRIsNative() throws {
    // Printers store bytes without an ECI: a scanner could read UTF-8 as another encoding.
    let output = try Sample.emit([Self.qr("Café")], profile: .epsonTMT20III)
    #expect(output.bytes.contains([gs, 0x76, 0x30, 0]))
    #expect(!output.bytes.contains([gs, 0x28, 0x6B]))
  }

  // MARK: Linear barcodes

  /// zint's modules (SlipSymbols' encoder, 1 = bar) for the data, dumped once: the writer reads
  /// them back, so these are what a compiled template hands it.
  static let zintModules: [String: String] = [
    "code128 INV-2026-000123":
      "1101001000011000100010101110001101110101100010011011100101110111101100100111011100100110101111011101"
      + "001101110010111011110110110011001100110110011101101110100001011001100011101011",
    "code128 a{b}": "1101001000010010110000111101101101001000011010100011110111101010001100011101011",
    "code128 12345678": "1101001110010110011100100010110001110001011011000010100100011101101100011101011",
    "code128 A1234567b":
      "110100100001010001100010011100110101110111101110110111010111011000100001011001011110111010010000110101"
      + "110001101100011101011",
    "code128 X\u{1}": "110100001001110001011010010110000101111001001100011101011",
    "ean13 400638133393":
      "10100011010100111010111101111010001001011001101010100001010000101000010111010010000101100110101",
    "ean8 1234567": "1010011001001001101111010100011010101001110101000010001001110010101",
    "upca 03600029145":
      "10100011010111101010111100011010001101000110101010110110011101001100110101110010011101101100101",
    "upce 0123456": "101011001100100110111101001110101110010101111010101",
    "upce 11234562": "101001100100100110100001001110101100010000101010101",
    "code39 AB1": "1001011011010110101001011010110100101101101101001010011010110100101101101",
  ]

  /// A barcode as the layout places it: `symbology data` names its modules in `zintModules`
  /// unless `modules` gives them.
  static func barcode(
    _ symbology: Symbol.Symbology, _ data: String, modules: String? = nil, module: Int = 2, height: Int = 40,
    x: Int = 0, alignment: Alignment = .left
  ) -> Block {
    let row = (modules ?? zintModules["\(symbology) \(data)"] ?? "").map { $0 == "1" }
    var bitmap = Bitmap(width: row.count, height: 1)
    for (index, bar) in row.enumerated() { bitmap[index, 0] = bar }
    let symbol = Symbol(
      symbology: symbology, data: data, module: module, height: height, humanReadable: .below,
      errorCorrection: nil, modules: bitmap)
    return .symbol(SymbolBlock(symbol: symbol, x: x, alignment: alignment, source: nil))
  }

  /// The bytes of a left-aligned barcode: `GS h`, `GS w`, `GS H 0`, `GS k m n data`.
  static func native(_ m: UInt8, _ data: [UInt8], height: UInt8 = 40, module: UInt8 = 2) -> [UInt8] {
    [gs, 0x68, height, gs, 0x77, module, gs, 0x48, 0, gs, 0x6B, m, UInt8(data.count)] + data
  }

  /// A 58 mm job on generic-80 (native barcodes) of `blocks` and a line "x": the bytes after
  /// `ESC @` and the print area narrowed to the template's 384 dots, up to that line.
  static func job(_ blocks: [Block]) throws -> [UInt8] {
    let bytes = Sample.body(try Sample.emit(blocks + [Sample.line("x")], profile: .generic80))
    let area: [UInt8] = [gs, 0x57, 128, 1]
    let end: [UInt8] = [0x78, 0x0A, gs, 0x57, 64, 2]
    guard bytes.starts(with: area), bytes.suffix(end.count).elementsEqual(end) else { return bytes }
    return Array(bytes.dropFirst(area.count).dropLast(end.count))
  }

  @Test func code128GoesInTheCodeSetsZintChose() throws {
    // B for "INV-", C for "2026", B for "-", C for "000123": 178 modules as zint drew them.
    let data = Array("{BINV-{C".utf8) + [20, 26] + Array("{B-{C".utf8) + [0, 1, 23]
    #expect(try Self.job([Self.barcode(.code128, "INV-2026-000123")]) == Self.native(73, data))
  }

  @Test func code128SetCFromTheStartAndSwitchesBackToB() throws {
    let digits = try Self.job([Self.barcode(.code128, "12345678")])
    #expect(digits == Self.native(73, Array("{C".utf8) + [12, 34, 56, 78]))
    let data = Array("{BA1{C".utf8) + [23, 45, 67] + Array("{Bb".utf8)
    #expect(try Self.job([Self.barcode(.code128, "A1234567b")]) == Self.native(73, data))
  }

  @Test func aBraceInCode128DataIsDoubledSoItCannotSwitchCodeSets() throws {
    #expect(try Self.job([Self.barcode(.code128, "a{b}")]) == Self.native(73, Array("{Ba{{b}".utf8)))
  }

  @Test func aShiftedCharacterGoesAfterShift() throws {
    // Start B, "a", SHIFT, "A" read in set A, check, stop: built by hand from the pattern table.
    let modules = "11010010000100101100001111010001010100011000110111000101100011101011"
    let output = try Self.job([Self.barcode(.code128, "aA", modules: modules)])
    #expect(output == Self.native(73, Array("{Ba{SA".utf8)))
  }

  @Test func code128ThatDoesNotRoundTripGoesAsRaster() throws {
    let row = Self.zintModules["code128 INV-2026-000123"] ?? ""
    let flipped = String(row.prefix(30)) + (row.dropFirst(30).first == "1" ? "0" : "1") + row.dropFirst(31)
    let blocks = [
      // Set A for a control character; modules spelling other data; a damaged pattern; a row
      // cut short of its stop.
      Self.barcode(.code128, "X\u{1}"),
      Self.barcode(.code128, "INV-2026-000124", modules: row),
      Self.barcode(.code128, "INV-2026-000123", modules: flipped),
      Self.barcode(.code128, "INV-2026-000123", modules: String(row.dropLast(11))),
    ]
    for block in blocks {
      let output = try Sample.emit([block], profile: .generic80)
      #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
      #expect(!output.bytes.contains([gs, 0x6B]))
    }
  }

  /// GS1-128 of "(01)09506000134352(10)ABC" as zint draws it: start C, FNC1, the pairs
  /// 01 09 50 60 00 13 43 52 10, code B, "ABC", check, stop (built from the pattern table).
  static let gs1Modules =
    "110100111001111010111011001101100110010010001100010111011101111010110110011001001101110010110001"
    + "110110111000101100100010010111101110101000110001000101100010001000110100011101101100011101011"

  @Test func gs1128GoesAsCode128WithItsFNC1sWhereZintPutThem() throws {
    let output = try Self.job([Self.barcode(.gs1128, "(01)09506000134352(10)ABC", modules: Self.gs1Modules)])
    let data = Array("{C{1".utf8) + [1, 9, 50, 60, 0, 13, 43, 52, 10] + Array("{BABC".utf8)
    #expect(output == Self.native(73, data))
  }

  @Test func gs1128ThatDoesNotSpellItsDataOrLacksFNC1GoesAsRaster() throws {
    let blocks = [
      // Modules of other element strings; Code 128 modules with no FNC1; the GS1 modules given
      // as plain Code 128 (an FNC1 its text does not hold).
      Self.barcode(.gs1128, "(01)09506000134352(10)ABD", modules: Self.gs1Modules),
      Self.barcode(.gs1128, "(01)12345678", modules: Self.zintModules["code128 12345678"]),
      Self.barcode(.code128, "0109506000134352 10ABC", modules: Self.gs1Modules),
    ]
    for block in blocks {
      let output = try Sample.emit([block], profile: .generic80)
      #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
      #expect(!output.bytes.contains([gs, 0x6B]))
    }
  }

  @Test func eanAndUPCGoWithTheirCheckDigits() throws {
    let cases: [(Symbol.Symbology, String, UInt8, String)] = [
      (.ean13, "400638133393", 67, "4006381333931"),
      (.ean8, "1234567", 68, "12345670"),
      (.upca, "03600029145", 65, "036000291452"),
      (.upce, "0123456", 66, "01234565"),
    ]
    for (symbology, data, m, sent) in cases {
      let computed = try Self.job([Self.barcode(symbology, data)])
      #expect(computed == Self.native(m, Array(sent.utf8)), "\(symbology)")
      // The check digit given already is sent as it is.
      let given = try Self.job([
        Self.barcode(symbology, sent, modules: Self.zintModules["\(symbology) \(data)"])
      ])
      #expect(given == Self.native(m, Array(sent.utf8)), "\(symbology) with its check digit")
    }
  }

  @Test func retailDataThePrinterWouldDrawDifferentlyGoesAsRaster() throws {
    let ean = Self.zintModules["ean13 400638133393"]
    let blocks = [
      Self.barcode(.ean13, "4006381333932", modules: ean),  // a wrong check digit
      Self.barcode(.ean13, "400638133394", modules: ean),  // modules of other digits
      Self.barcode(.ean13, "40063813339", modules: ean),  // too short
      Self.barcode(.upce, "11234562"),  // GS k takes UPC-E of number system 0 only
    ]
    for block in blocks {
      let output = try Sample.emit([block], profile: .generic80)
      #expect(!output.bytes.contains([gs, 0x6B]))
    }
  }

  @Test func binaryLevelSymbologiesGoAsRaster() throws {
    // zint draws Code 39's wide elements 2 modules wide; GS w 2 prints them 5 dots wide, not 4.
    let output = try Sample.emit([Self.barcode(.code39, "AB1")], profile: .generic80)
    #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
  }

  @Test func modulesAndHeightsOutsideWhatPrintersTakeGoAsRaster() throws {
    for block in [
      Self.barcode(.code128, "12345678", module: 1), Self.barcode(.code128, "12345678", module: 7),
      Self.barcode(.code128, "12345678", height: 256),
    ] {
      let output = try Sample.emit([block], profile: .generic80)
      #expect(!output.bytes.contains([gs, 0x6B]))
    }
  }

  @Test func withoutNativeBarcodesTheModulesGoAsRaster() throws {
    let output = try Sample.emit([Self.barcode(.code128, "12345678")])
    #expect(Sample.body(output).starts(with: [gs, 0x76, 0x30, 0]))
  }

  @Test func settingsAreSentOncePerJobAndTheTextStaysOff() throws {
    let block = Self.barcode(.code128, "12345678")
    let data = Array("{C".utf8) + [12, 34, 56, 78]
    let barcode = [gs, 0x6B, 73, UInt8(data.count)] + data
    #expect(
      try Self.job([block, Sample.line("x"), block]) == Self.native(73, data) + [0x78, 0x0A] + barcode)
  }

  @Test func aCentredBarcodeIsPlacedByESCaWhereThatIsTheLayoutsPlace() throws {
    // 79 modules at 2 dots: 158 dots, centred in 384 at 113.
    let output = try Sample.emit(
      [Self.barcode(.code128, "12345678", x: 113, alignment: .center), Sample.line("x")],
      profile: .generic80)
    let data = Array("{C".utf8) + [12, 34, 56, 78]
    #expect(
      Sample.body(output)
        == [gs, 0x57, 128, 1, esc, 0x61, 1] + Self.native(73, data)
        + [esc, 0x61, 0, 0x78, 0x0A, gs, 0x57, 64, 2])
  }

  @Test func elsewhereTheLeftMarginMovesItThereAndBack() throws {
    let output = try Self.job([Self.barcode(.code128, "12345678", x: 100, alignment: .center)])
    let data = Array("{C".utf8) + [12, 34, 56, 78]
    #expect(output == [gs, 0x4C, 100, 0] + Self.native(73, data) + [gs, 0x4C, 0, 0])
  }
}
