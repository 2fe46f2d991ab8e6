import SlipCore
import SlipIR
import SlipKit
import SlipZPL
import Testing

/// Label templates as users write them (issue 24): blocks, computed positions, and what the
/// page then holds.
@Suite struct LabelTemplateTests {
  let renderer = Renderer()

  static func source(_ text: String) -> TemplateSource {
    TemplateSource(SourceFile(path: "label.slip", text: text), loader: nil)
  }

  static func data(_ json: String) -> TemplateData { .json(SourceFile(path: "data.json", text: json)) }

  func page(_ template: String, data: String = "{}") throws -> LabelPage {
    let result = renderer.check(Self.source(template), data: Self.data(data))
    #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.map(\.message))")
    return try #require(result.document?.page)
  }

  /// The lines of text on a page, top to bottom, with where each starts.
  static func texts(_ page: LabelPage) -> [String] {
    page.elements.compactMap {
      guard case .text(let text) = $0 else { return nil }
      return text.lines.map { "\($0.text)@\(text.x),\(text.y)" }.joined(separator: "|")
    }
  }

  // MARK: Blocks

  /// `for` on a label checked and printed nothing (issue 24).
  @Test func aLoopOnALabelPrintsItsBody() throws {
    let page = try page(
      "label width=2in height=2in dpi=203\ntext \"head\" x=0 y=0\nfor line in lines\n"
        + "  text \"{{ line }}\" x=10 y=50\nend\n", data: #"{"lines": ["a", "b"]}"#)
    #expect(Self.texts(page) == ["head@0,0", "a@10,50", "b@10,50"])
  }

  @Test func conditionsAndSetWorkOnALabel() throws {
    let template = """
      label width=2in height=2in dpi=203
      set greeting = "hi " + name
      if vip
        text "{{ greeting }}" x=0 y=0
      else
        text "plain" x=0 y=0
      end
      box x=0 y=100 w=50 h=50 fill
      """
    let vip = try page(template, data: #"{"name": "Ana", "vip": true}"#)
    #expect(Self.texts(vip) == ["hi Ana@0,0"])
    #expect(vip.elements.count == 2)
    let plain = try page(template, data: #"{"name": "Ana", "vip": false}"#)
    #expect(Self.texts(plain) == ["plain@0,0"])
  }

  @Test func anIncludeOnALabelPrintsItsElements() throws {
    let loader = InMemoryLoader(["frame.slip": "box x=0 y=0 w=100 h=100\ntext \"in\" x=5 y=5\n"])
    let source = TemplateSource(
      SourceFile(path: "label.slip", text: "label width=2in height=2in dpi=203\ninclude \"frame.slip\"\n"),
      loader: loader)
    let result = renderer.check(source, data: Self.data("{}"))
    let page = try #require(result.document?.page)
    #expect(page.elements.count == 2)
    #expect(Self.texts(page) == ["in@5,5"])
  }

  // MARK: Computed options

  @Test func aComputedPositionIsEvaluatedPerRecord() throws {
    let page = try page(
      "label width=2in height=2in dpi=203\nfor line in lines\n"
        + "  text \"{{ line }}\" x=10 y=\"{{ 70 + loop.index * 40 }}\"\nend\n",
      data: #"{"lines": ["a", "b", "c"]}"#)
    #expect(Self.texts(page) == ["a@10,110", "b@10,150", "c@10,190"])
  }

  @Test func aComputedLengthTakesTheOptionsUnits() throws {
    let page = try page(
      "label width=2in height=2in dpi=203\nbox x=\"{{ n }}mm\" y=0 w=\"{{ n * 2 }}\" h=10 border=\"{{ 1 + 1 }}\"\n",
      data: #"{"n": 5}"#)
    guard case .box(let box) = try #require(page.elements.first) else {
      Issue.record("not a box: \(page.elements)")
      return
    }
    #expect([box.x, box.y, box.width, box.height, box.border] == [40, 0, 10, 10, 2])
  }

  @Test func aComputedValueOutOfRangeIsTheLiteralsErrorAtTheOption() throws {
    let template = "label width=2in height=2in dpi=203\nbox x=0 y=0 w=\"{{ w }}\" h=10\n"
    let result = renderer.check(Self.source(template), data: Self.data(#"{"w": -4}"#))
    let literal = renderer.check(
      Self.source("label width=2in height=2in dpi=203\nbox x=0 y=0 w=-4 h=10\n"))
    #expect(result.diagnostics.map(\.id) == literal.diagnostics.map(\.id))
    #expect(result.diagnostics.first?.message.contains("'-4'") == true)
    let start = try #require(result.diagnostics.first?.range?.start)
    #expect(template.utf8.dropFirst(start).starts(with: "\"{{ w }}\"".utf8))
  }

  @Test func aComputedValueThatIsNoNumberIsAnError() {
    let result = renderer.check(
      Self.source("label width=2in height=2in dpi=203\ntext \"a\" x=0 y=\"{{ name }}\"\n"),
      data: Self.data(#"{"name": "top"}"#))
    #expect(result.diagnostics.hasErrors)
    #expect(result.diagnostics.first?.message.contains("'top'") == true)
  }

  @Test func aComputedPositionOffTheLabelWarns() throws {
    let result = renderer.check(
      Self.source("label width=1in height=1in dpi=203\ntext \"a\" x=0 y=\"{{ 40 * 10 }}\"\n"),
      data: Self.data("{}"))
    #expect(!result.diagnostics.hasErrors)
    #expect(result.diagnostics.contains { $0.severity == .warning })
  }

  @Test func receiptOptionsStayLiteral() {
    let result = renderer.check(Self.source("receipt paper=58mm\nfeed 1\nqr \"x\" size=\"{{ n }}\"\n"))
    #expect(result.diagnostics.map(\.id) == ["E0313"])
  }

  @Test func computedOptionsAreCheckedWithoutData() {
    let result = renderer.check(
      Self.source("label width=1in height=1in dpi=203\ntext \"a\" x=0 y=\"{{ n | nosuch }}\"\n"))
    #expect(result.diagnostics.map(\.id) == ["E0302"])
  }

  // MARK: Rotation and reverse fields

  func zpl(_ template: String) -> (zpl: String, rendering: Rendering) {
    let rendering = renderer.render(
      Self.source(template), target: .zpl(), previews: PreviewOptions())
    return (String(decoding: rendering.bytes, as: UTF8.self), rendering)
  }

  @Test func turnedTextUsesTheFieldOrientationAtItsTurnedBox() {
    let (zpl, rendering) = zpl(
      "label width=2in height=2in dpi=203\ntext \"AB\" x=100 y=20 size=30 rotate=90\n"
        + "text \"AB\" x=100 y=200 size=30 rotate=270\ntext \"AB\" x=10 y=300 size=30 rotate=180\n")
    #expect(!rendering.hasErrors)
    #expect(zpl.contains("^FO100,20^A0R,30,30^FH^FDAB^FS"))
    #expect(zpl.contains("^FO100,200^A0B,30,30^FH^FDAB^FS"))
    #expect(zpl.contains("^FO10,300^A0I,30,30^FH^FDAB^FS"))
  }

  @Test func aTurnedBoxTradesItsSides() throws {
    let page = try page("label width=2in height=2in dpi=203\nbox x=5 y=6 w=\"{{ 100 }}\" h=20 rotate=90\n")
    guard case .box(let box) = try #require(page.elements.first) else {
      Issue.record("not a box")
      return
    }
    #expect([box.x, box.y, box.width, box.height] == [5, 6, 20, 100])
  }

  @Test func aTurnedSymbolPrintsAsThePreviewsPicture() throws {
    let (zpl, rendering) = zpl(
      "label width=2in height=2in dpi=203\nbarcode code128 \"AB12\" x=100 y=20 height=40 rotate=90\n")
    #expect(!rendering.hasErrors)
    #expect(!zpl.contains("^BC"))
    #expect(zpl.contains("^GFA"))
    let preview = try #require(rendering.previews.first).bitmap
    // Turned a quarter, the bars (40 dots tall) run across from x=100: each row of them is all
    // ink or all paper, and both kinds are there.
    let rows = (20..<60).map { y in Set((100..<140).map { preview[$0, y] }) }
    #expect(rows.allSatisfy { $0.count == 1 })
    #expect(Set(rows.flatMap { $0 }).count == 2)
  }

  @Test func reverseTextIsAReverseFieldAndInvertsThePreview() throws {
    let (zpl, rendering) = zpl(
      "label width=2in height=1in dpi=203\nbox x=0 y=0 w=406 h=203 fill\ntext \"HI\" x=50 y=50 size=60 reverse\n"
    )
    #expect(rendering.diagnostics.isEmpty)
    #expect(zpl.contains("^FO50,50^FR^A0N,60,60^FH^FDHI^FS"))
    let preview = try #require(rendering.previews.first).bitmap
    let white = (0..<preview.height).reduce(0) { total, y in
      total + (0..<preview.width).filter { !preview[$0, y] }.count
    }
    #expect(white > 200)
  }

  @Test func textOnAFilledBoxWithoutReverseWarns() {
    let result = renderer.check(
      Self.source(
        "label width=2in height=1in dpi=203\nbox x=0 y=0 w=200 h=100 fill\ntext \"HI\" x=50 y=50\n"),
      data: Self.data("{}"))
    #expect(result.diagnostics.map(\.id) == ["W0530"])
    #expect(result.diagnostics.first?.notes.first?.range != nil)
  }

  @Test func aLabelTurnedAHalfSaysSoAndItsPreviewIsUpsideDown() throws {
    let (zpl, rendering) = zpl(
      "label width=1in height=1in dpi=203 rotate=180\nbox x=0 y=0 w=20 h=20 fill\n")
    #expect(zpl.contains("^LH0,0^POI^CI28"))
    let preview = try #require(rendering.previews.first).bitmap
    #expect(preview[preview.width - 1, preview.height - 1])
    #expect(!preview[0, 0])
  }

  // MARK: Fonts

  @Test func bitmapFontsAreMeasuredByTheirCells() throws {
    let page = try page(
      "label width=4in height=2in dpi=203\ntext \"abcdefghij\" x=0 y=0 w=100 font=A lines=3\n"
        + "text \"abc\" x=0 y=100 font=D size=36 width=20\ntext \"abc\" x=0 y=150 font=B\n")
    guard case .text(let a) = page.elements[0], case .text(let d) = page.elements[1],
      case .text(let b) = page.elements[2]
    else {
      Issue.record("not text: \(page.elements)")
      return
    }
    // Font A's pitch is 6 dots: 16 characters fit in 100, so ten do on one line.
    #expect(a.lines.map(\.width) == [60])
    #expect(a.height == 9)
    // Font D twice: cells 20 wide plus a 4-dot gap, 36 tall.
    #expect(d.lines.map(\.width) == [72])
    #expect(d.height == 36)
    // Font B has capitals only.
    #expect(b.lines.map(\.text) == ["ABC"])
  }

  @Test func fontsAreWrittenWithTheirCellsAndFontZeroWithItsWidth() {
    let (zpl, rendering) = zpl(
      "label width=4in height=2in dpi=203\ntext \"a\" x=0 y=0 font=G size=120\n"
        + "text \"b\" x=0 y=200 size=40 width=20\n")
    #expect(!rendering.hasErrors)
    #expect(zpl.contains("^FO0,0^AGN,120,40^FH^FDa^FS"))
    #expect(zpl.contains("^FO0,200^A0N,40,20^FH^FDb^FS"))
  }

  @Test func fontZeroWithAWidthIsMeasuredAtThatWidth() throws {
    let narrow = try page("label width=4in height=2in dpi=203\ntext \"HELLO\" x=0 y=0 size=40 width=20\n")
    let square = try page("label width=4in height=2in dpi=203\ntext \"HELLO\" x=0 y=0 size=20\n")
    guard case .text(let a) = narrow.elements[0], case .text(let b) = square.elements[0] else {
      Issue.record("not text")
      return
    }
    #expect(a.lines[0].width == b.lines[0].width)
  }

  @Test(arguments: [
    ("font=A size=20", "E0380"), ("font=C width=15", "E0380"), ("font=B w=50 fit=shrink", "E0382"),
  ])
  func bitmapFontSizesAreWholeMagnifications(options: String, id: String) {
    let result = renderer.check(
      Self.source("label width=2in height=1in dpi=203\ntext \"a\" x=0 y=0 \(options)\n"))
    #expect(result.diagnostics.map(\.id) == [id])
  }

  // MARK: Barcode parameters

  func symbol(_ statement: String) throws -> LabelSymbol {
    let page = try page("label width=4in height=4in dpi=203\n" + statement + "\n")
    guard case .symbol(let placed) = try #require(page.elements.first) else {
      throw LabelTestError.notASymbol
    }
    return placed
  }

  enum LabelTestError: Error { case notASymbol }

  @Test func gs1DataIsCheckedByItsApplicationIdentifiers() {
    let good = renderer.check(
      Self.source("label width=4in height=2in dpi=203\nbarcode gs1-128 \"(01)09501101530003\" x=0 y=0\n"))
    #expect(!good.diagnostics.hasErrors)
    // The GTIN's check digit is wrong: zint says so, at the data.
    let bad = renderer.check(
      Self.source("label width=4in height=2in dpi=203\nbarcode gs1-128 \"(01)09501101530004\" x=0 y=0\n"))
    #expect(bad.diagnostics.map(\.id) == ["E0327"])
  }

  @Test func aBarcodeHeightMayBeInMillimetres() throws {
    #expect(try symbol("barcode code128 \"A1\" x=0 y=0 height=15mm").symbol.height == 120)
  }

  @Test func pdf417ColumnsAndSecurityShapeTheSymbol() throws {
    let narrow = try symbol("barcode pdf417 \"PDF417 DATA 1234567890\" x=0 y=0 columns=2")
    let wide = try symbol("barcode pdf417 \"PDF417 DATA 1234567890\" x=0 y=0 columns=6")
    #expect(narrow.symbol.modules.width < wide.symbol.modules.width)
    #expect(narrow.symbol.modules.height > wide.symbol.modules.height)
    let secure = try symbol("barcode pdf417 \"PDF417 DATA 1234567890\" x=0 y=0 columns=2 security=5")
    #expect(secure.symbol.modules.height > narrow.symbol.modules.height)
  }

  @Test func anEANsTextHasItsCheckDigit() throws {
    #expect(try symbol("barcode ean13 \"590123412345\" x=0 y=0").symbol.humanReadableText == "5901234123457")
    #expect(try symbol("barcode upca \"03600029145\" x=0 y=0").symbol.humanReadableText == "036000291452")
  }

  @Test func aztecAndGS1DataMatrixAreSquareCodes() throws {
    let aztec = try symbol("barcode aztec \"SLIP\" x=0 y=0 module=3")
    #expect(aztec.symbol.modules.width == aztec.symbol.modules.height)
    let matrix = try symbol("barcode gs1-datamatrix \"(01)09501101530003\" x=0 y=0 module=3")
    #expect(!matrix.symbol.symbology.isLinear)
  }

  // MARK: Serial numbers, shapes, home

  @Test func numberedCopiesAreLabelsOfTheirOwn() {
    let template =
      "label width=2in height=1in dpi=203\n"
      + "text \"{{ copy }}/{{ copies }} {{ copy | serial('A-0099') }} {{ copy | serial(10, -3) }}\" x=0 y=0\n"
    let rendering = renderer.render(
      Self.source(template), target: .zpl(ZPLJobSettings(copies: 3)), previews: PreviewOptions())
    let zpl = String(decoding: rendering.bytes, as: UTF8.self)
    #expect(zpl.contains("^FD1/3 A-0099 10^FS"))
    #expect(zpl.contains("^FD2/3 A-0100 7^FS"))
    #expect(zpl.contains("^FD3/3 A-0101 4^FS"))
    #expect(!zpl.contains("^PQ"))
    #expect(rendering.previews.count == 3)
  }

  @Test func copiesThatAreAlikeStayOneLabelPrintedNTimes() {
    let rendering = renderer.render(
      Self.source("label width=2in height=1in dpi=203\ntext \"same\" x=0 y=0\n"),
      target: .zpl(ZPLJobSettings(copies: 3)))
    let zpl = String(decoding: rendering.bytes, as: UTF8.self)
    #expect(zpl.contains("^PQ3"))
    #expect(zpl.components(separatedBy: "^XA").count == 2)
  }

  @Test(arguments: [
    "copy | serial(true)", "'x' | serial(1)", "copy | serial('ABC')", "copy | serial(1, 0.5)",
  ])
  func aSerialThatCannotCountIsAnError(expression: String) {
    let result = renderer.check(
      Self.source("label width=2in height=1in dpi=203\ntext \"{{ \(expression) }}\" x=0 y=0\n"),
      data: Self.data("{}"))
    #expect(result.diagnostics.map(\.id) == ["E0407"])
  }

  @Test func roundBoxesAndEllipsesAreZebrasShapes() {
    let (zpl, rendering) = zpl(
      "label width=2in height=2in dpi=203\nbox x=10 y=10 w=200 h=100 border=3 rounding=4\n"
        + "ellipse x=10 y=150 w=200 h=100 border=4\nellipse x=220 y=150 w=100 h=60 fill\n")
    #expect(!rendering.hasErrors)
    #expect(zpl.contains("^FO10,10^GB200,100,3,B,4^FS"))
    #expect(zpl.contains("^FO10,150^GE200,100,4,B^FS"))
    #expect(zpl.contains("^FO220,150^GE100,60,30,B^FS"))
  }

  @Test func homeMovesEveryPosition() throws {
    let page = try page("label width=2in height=2in dpi=203 home=2mm,5\nbox x=0 y=0 w=10 h=10\n")
    guard case .box(let box) = try #require(page.elements.first) else {
      Issue.record("not a box")
      return
    }
    #expect([box.x, box.y] == [16, 5])
    let bad = renderer.check(Self.source("label width=2in height=2in dpi=203 home=5\n"))
    #expect(bad.diagnostics.map(\.id) == ["E0304"])
  }

  @Test func maxiCodeIsDrawnAtItsOwnSizeWithTheCarriersPrimaryMessage() throws {
    let mode2 = try symbol(
      "barcode maxicode \"[)>\\u{1E}01\\u{1D}961Z00004951\\u{1E}\\u{04}\" x=0 y=0 postcode=15238 country=840 service=001"
    )
    // About 28 mm across at 8 dots a millimetre (zint's drawing is a little wider).
    #expect((220...245).contains(mode2.symbol.width))
    let mode4 = try symbol("barcode maxicode \"SLIP\" x=0 y=0")
    #expect(mode4.symbol.modules != mode2.symbol.modules)
  }

  @Test(arguments: [
    ("postcode=15238", "E0322"), ("postcode=15238 country=84 service=001", "E0304"),
    ("mode=3 postcode=\"AB 12\" country=826 service=001", "E0304"),
  ])
  func maxiCodesPrimaryMessageIsChecked(options: String, id: String) {
    let result = renderer.check(
      Self.source("label width=2in height=2in dpi=203\nbarcode maxicode \"x\" x=0 y=0 \(options)\n"))
    #expect(result.diagnostics.map(\.id) == [id])
  }

  @Test func aTwoWidthBarcodeTakesTheRatioAsked() throws {
    let three = try symbol("barcode code39 \"AB12\" x=0 y=0 module=2 ratio=3")
    let two = try symbol("barcode code39 \"AB12\" x=0 y=0 module=2 ratio=2")
    let half = try symbol("barcode code39 \"AB12\" x=0 y=0 module=2 ratio=2.5")
    #expect(two.symbol.width < half.symbol.width)
    #expect(half.symbol.width < three.symbol.width)
    #expect(half.symbol.module == 1)
    let (zpl, _) = zpl(
      "label width=4in height=2in dpi=203\nbarcode code39 \"AB12\" x=0 y=0 module=2 ratio=2\n")
    #expect(zpl.contains("^BY2,2.0^B3N"))
  }

  @Test func code128TakesAMod10CheckDigitInItsBarsAndText() throws {
    let plain = try symbol("barcode code128 \"1234567\" x=0 y=0")
    let checked = try symbol("barcode code128 \"1234567\" x=0 y=0 check=mod10")
    #expect(plain.symbol.humanReadableText == "1234567")
    #expect(checked.symbol.humanReadableText == "12345670")
    #expect(checked.symbol.modules != plain.symbol.modules)
    let letters = renderer.check(
      Self.source("label width=2in height=1in dpi=203\nbarcode code128 \"AB\" x=0 y=0 check=mod10\n"))
    #expect(letters.diagnostics.map(\.id) == ["E0327"])
  }

  @Test(arguments: [nil, "REC"])
  func aBatchNumbersTheCopiesOfEachRecord(storedFormat: String?) throws {
    let preparation = renderer.prepare(
      Self.source("label width=2in height=1in dpi=203\ntext \"{{ n }} {{ copy }}/{{ copies }}\" x=0 y=0\n"))
    let compiled = try #require(preparation.template)
    var batch = Batch(
      renderer: renderer, template: compiled,
      records: Records(
        bytes: Array("{\"n\": \"A\"}\n{\"n\": \"B\"}\n".utf8), format: .jsonLines, path: "r.jsonl"),
      target: .zpl(ZPLJobSettings(copies: 2)), storedFormat: storedFormat)
    var out = ""
    while let event = batch.next() {
      if case .rendered(let record) = event { out += String(decoding: record.bytes, as: UTF8.self) }
    }
    let printed = ["A 1/2", "A 2/2", "B 1/2", "B 2/2"].map { out.range(of: "^FD\($0)^FS")?.lowerBound }
    #expect(printed.allSatisfy { $0 != nil })
    #expect(printed.compactMap { $0 } == printed.compactMap { $0 }.sorted())
    #expect(!out.contains("^PQ"))
  }
}
