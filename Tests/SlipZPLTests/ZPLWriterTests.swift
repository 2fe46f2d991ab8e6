import SlipCore
import SlipIR
import SlipSymbols
import SlipZlib
import Testing

@testable import SlipZPL

/// The writer's rules one at a time: escaping, graphics, symbols, receipts, job settings.
@Suite struct ZPLWriterTests {
  static func label(_ elements: [LabelElement], width: Int = 400, height: Int = 200) -> Document {
    Document(
      sources: ["t.slip"],
      media: ReceiptMedia(
        paper: "label", widthDots: width, dpi: 203, font: .a, columns: 33, alternateColumns: 44),
      blocks: [], page: LabelPage(widthDots: width, heightDots: height, dpi: 203, elements: elements))
  }

  static func text(_ text: String, x: Int = 10, y: Int = 20, height: Int = 30) -> LabelElement {
    .text(
      LabelText(
        x: x, y: y, width: 300, height: height, lineSpacing: height, alignment: .left,
        lines: [LabelText.Line(text: text, x: x, y: y, width: 100)], source: nil))
  }

  static func zpl(_ document: Document, settings: ZPLJobSettings = ZPLJobSettings()) -> String {
    String(
      decoding: ZPLWriter(settings: settings, compressor: ZlibCompressor()).emit(document).bytes,
      as: UTF8.self)
  }

  // MARK: Field data

  @Test func commandCharactersAreHexEscaped() {
    var out: [UInt8] = []
    let dropped = FieldData.append("^XZ~JA_ok \\& é", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "_5EXZ_7EJA_5Fok \\& é")
    #expect(dropped == 0)
  }

  @Test func controlCharactersAreDropped() {
    var out: [UInt8] = []
    let dropped = FieldData.append("a\u{07}b\u{1B}c\u{7F}d\u{85}e\t", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "abcde")
    #expect(dropped == 5)
  }

  @Test func anInjectedLabelStaysText() {
    let zpl = Self.zpl(Self.label([Self.text("^XZ^XA^FO0,0^GB800,600,300^FS")]))
    #expect(zpl.components(separatedBy: "^XA").count == 2)
    #expect(zpl.components(separatedBy: "^XZ").count == 2)
    #expect(zpl.contains("^FH^FD_5EXZ_5EXA_5EFO0,0_5EGB800,600,300_5EFS^FS"))
  }

  @Test func charactersOutsideTheResidentFontsWarn() {
    let output = ZPLWriter(compressor: ZlibCompressor()).emit(Self.label([Self.text("Жанна € é")]))
    #expect(output.warnings.map(\.id) == ["W0902"])
    #expect(output.warnings.first?.message.contains("'Ж' (U+0416)") == true)
    #expect(!output.warnings[0].message.contains("€"))
  }

  // MARK: Graphics

  @Test func crcIsXMODEM() {
    #expect(GraphicField.crc16XMODEM(Array("123456789".utf8)) == 0x31C3)
    #expect(GraphicField.crcText([]) == "0000")
  }

  @Test func base64RoundTrips() {
    for length in 0..<8 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 77 + 5) }
      #expect(Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
    }
    #expect(Base64.encode(Array("Slip".utf8)) == "U2xpcA==")
  }

  @Test func z64InflatesToTheBitmap() throws {
    var bitmap = Bitmap(width: 21, height: 7)
    for i in 0..<7 { bitmap[i * 3, i] = true }
    let command = GraphicField.command(bitmap, compressor: ZlibCompressor())
    #expect(command.hasPrefix("^GFA,21,21,3,:Z64:"))
    let parts = command.split(separator: ":")
    let text = Array(parts[2].utf8)
    #expect(String(parts[3]) == GraphicField.crcText(text))
    let deflated = try #require(Base64.decode(text))
    let inflated = try #require(ZlibCompressor().inflate(deflated, count: 21))
    #expect(inflated == bitmap.bits)
  }

  @Test func withoutACompressorGraphicsAreHex() {
    var bitmap = Bitmap(width: 21, height: 7)
    for i in 0..<7 { bitmap[i * 3, i] = true }
    let command = GraphicField.command(bitmap, compressor: nil)
    let hex = bitmap.bits.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    #expect(command == "^GFA,21,21,3," + hex.joined())
    // A writer without one says the same picture as hex, which its listing decodes to the bitmap.
    let image = LabelElement.image(LabelImage(x: 0, y: 0, bitmap: bitmap, name: "p", source: nil))
    let zpl = String(decoding: ZPLWriter().emit(Self.label([image])).bytes, as: UTF8.self)
    #expect(zpl.contains("^FO0,0" + command + "^FS"))
    let listing = ZPLListing().listing(Array(zpl.utf8))
    // The listing knows only whole bytes a row: 24 dots across.
    let listed = Bitmap(width: 24, height: 7, bits: bitmap.bits)
    #expect(listing.contains("24x7 hex, bits=" + listed.fingerprint), "\(listing)")
  }

  @Test func withoutACompressorTheListingDoesNotInflateZ64() {
    var bitmap = Bitmap(width: 8, height: 2)
    bitmap[0, 0] = true
    let zpl = "^XA^FO0,0" + GraphicField.command(bitmap, compressor: ZlibCompressor()) + "^FS^XZ"
    #expect(ZPLListing().listing(Array(zpl.utf8)).contains("not inflated (no decompressor)"))
    #expect(!ZPLListing(compressor: ZlibCompressor()).listing(Array(zpl.utf8)).contains("not inflated"))
  }

  @Test func picturesCrossingTheEdgeAreCut() {
    var bitmap = Bitmap(width: 16, height: 4)
    for x in 0..<16 { bitmap[x, 0] = true }
    let image = LabelElement.image(LabelImage(x: -8, y: 0, bitmap: bitmap, name: "p", source: nil))
    #expect(Self.zpl(Self.label([image])).contains("^FO0,0^GFA,4,4,1,"))
  }

  // MARK: Shapes

  @Test func shapes() {
    let zpl = Self.zpl(
      Self.label([
        .box(LabelBox(x: 1, y: 2, width: 50, height: 40, border: 3, filled: false, source: nil)),
        .box(LabelBox(x: 1, y: 2, width: 50, height: 40, border: 3, filled: true, source: nil)),
        .line(LabelLine(x1: 10, y1: 100, x2: 110, y2: 100, thickness: 4, source: nil)),
        .line(LabelLine(x1: 10, y1: 100, x2: 10, y2: 150, thickness: 3, source: nil)),
        .line(LabelLine(x1: 10, y1: 100, x2: 60, y2: 150, thickness: 2, source: nil)),
        .line(LabelLine(x1: 10, y1: 150, x2: 60, y2: 100, thickness: 2, source: nil)),
        .circle(LabelCircle(x: 200, y: 10, diameter: 41, border: 2, filled: false, source: nil)),
        .circle(LabelCircle(x: 200, y: 10, diameter: 41, border: 2, filled: true, source: nil)),
      ]))
    let fields = zpl.split(separator: "\n").filter { $0.hasPrefix("^FO") }
    #expect(
      fields == [
        "^FO1,2^GB50,40,3^FS", "^FO1,2^GB50,40,40^FS", "^FO10,98^GB100,4,4^FS", "^FO9,100^GB3,50,3^FS",
        "^FO10,100^GD50,50,2,B,L^FS", "^FO10,100^GD50,50,2,B,R^FS", "^FO200,10^GC41,2,B^FS",
        "^FO200,10^GC41,21,B^FS",
      ])
  }

  @Test func anOutlineCrossingTheEdgeKeepsOnlyItsSidesOnTheLabel() {
    let zpl = Self.zpl(
      Self.label([.box(LabelBox(x: -10, y: 10, width: 50, height: 40, border: 4, filled: false, source: nil))]
      ))
    let fields = zpl.split(separator: "\n").filter { $0.hasPrefix("^FO") }
    // Top, bottom and right side; the left side is off the label.
    #expect(fields == ["^FO0,10^GB40,4,4^FS", "^FO0,46^GB40,4,4^FS", "^FO36,14^GB4,32,4^FS"])
  }

  // MARK: Symbols

  static func symbol(_ symbology: Symbol.Symbology, _ data: String, module: Int = 2, height: Int = 50)
    throws -> Symbol
  {
    let modules = try ZintSymbolEncoder().encode(symbology, data: data, errorCorrection: nil)
    return Symbol(
      symbology: symbology, data: data, module: module,
      height: symbology.isLinear ? height : modules.height * module,
      humanReadable: .below, errorCorrection: symbology == .qr ? "M" : nil, modules: modules)
  }

  @Test(arguments: [
    ("JTW26-000451", ">:JTW26->5000451"),
    ("0123456789", ">;0123456789"),
    ("a>b", ">:a>0b"),
    ("^_~", ">:^_~"),
    ("AB12345678cd", ">:AB>512345678>6cd"),
  ])
  func code128RepeatsZintsCodeSets(data: String, expected: String) throws {
    let symbol = try Self.symbol(.code128, data)
    #expect(Code128Fields.fieldData(modules: symbol.modules, text: data) == expected)
  }

  @Test func code128ModulesOfOtherTextAreRefused() throws {
    let symbol = try Self.symbol(.code128, "ABC")
    #expect(Code128Fields.fieldData(modules: symbol.modules, text: "ABD") == nil)
    #expect(Code128Fields.values(Bitmap(width: 30, height: 1)) == nil)
  }

  @Test func symbolsTooCoarseForZPLArePictures() throws {
    let symbol = try Self.symbol(.code128, "WIDE", module: 12)
    let output = ZPLWriter(compressor: ZlibCompressor()).emit(
      Self.label([.symbol(LabelSymbol(x: 0, y: 0, symbol: symbol, source: nil))], width: 2000))
    let zpl = String(decoding: output.bytes, as: UTF8.self)
    #expect(zpl.contains("^GFA,") && !zpl.contains("^BC"))
    #expect(zpl.contains("^A0N,120,120^FH^FDWIDE^FS"))
    #expect(output.warnings.map(\.id) == ["W0905"])
  }

  @Test func qrHasItsMagnificationAndLevel() throws {
    let symbol = try Self.symbol(.qr, "https://slip.example", module: 5)
    #expect(
      SymbolFields.native(symbol) == .field(commands: "^BY1,2,1^BQN,2,5", data: "MA,https://slip.example"))
  }

  // MARK: Pages and jobs

  @Test func jobSettingsOpenTheLabelsOwnBlock() {
    let settings = ZPLJobSettings(copies: 3, darkness: 7, speed: 4, media: .mark)
    let zpl = Self.zpl(Self.label([Self.text("x")]), settings: settings)
    #expect(zpl.hasPrefix("^XA\n^MNM~SD07^PR4^PQ3\n^PW400^LL200^LH0,0^CI28\n"))
  }

  @Test func receiptsAreContinuousAndEndAtEachCut() {
    let line = TextLine(
      font: .a, scale: .normal, alignment: .left, columns: 32,
      runs: [
        TextRun(column: 0, text: "Total", width: 5, style: .plain, source: nil),
        TextRun(column: 22, text: "Rp 54.000", width: 9, style: .plain, source: nil),
      ], source: nil)
    let document = Document(
      sources: ["r.slip"],
      media: ReceiptMedia(
        paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42),
      blocks: [
        .text(line), .feed(Feed(lines: 2, source: nil)), .cut(Cut(kind: .full, source: nil)), .text(line),
      ])
    let zpl = Self.zpl(document)
    #expect(zpl.components(separatedBy: "^XA\n^MNN\n^PW384^LL").count == 3)
    #expect(zpl.contains("^LL90^LH0,0"))
    #expect(zpl.contains("^FO0,3^ADN,18,10^FH^FDTotal                 Rp 54.000^FS"))
  }

  @Test func theDrawerKickIsLeftOutWithAWarning() {
    let document = Document(
      sources: ["r.slip"],
      media: ReceiptMedia(
        paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42),
      blocks: [.drawer(DrawerKick(pin: 2, onMilliseconds: 100, offMilliseconds: 100, source: nil))])
    #expect(ZPLWriter(compressor: ZlibCompressor()).emit(document).warnings.map(\.id) == ["W0903"])
  }
}
