import SlipCore
import SlipIR
import SlipSymbols
import Testing

/// The encoder plugged into the compiler, as the CLI and apps use it: literal data is checked
/// when the template compiles, data from JSON when it renders, both at the template's location.
@Suite struct CompilerWithZintTests {
  let compiler = Compiler(symbolEncoder: ZintSymbolEncoder())

  func symbols(in document: Document) -> [Symbol] {
    document.blocks.compactMap { block in
      if case .symbol(let placed) = block { placed.symbol } else { nil }
    }
  }

  @Test func aReceiptCarriesRealSymbols() throws {
    let template = SourceFile(
      path: "r.slip",
      text: """
        receipt paper=58mm
        qr "{{ url }}" size=3 ecc=Q align=center
        barcode code128 "{{ invoice }}" module=2 height=60
        barcode ean13 "400638133393"

        """)
    let data = SourceFile(
      path: "d.json", text: #"{"url": "https://kopi.id/r/42", "invoice": "INV-2026-000123"}"#)
    let result = compiler.compile(template, data: data)
    #expect(result.diagnostics.isEmpty)
    let found = symbols(in: try #require(result.document))
    #expect(found.map(\.symbology) == [.qr, .code128, .ean13])
    #expect(found[0].modules.width == 25 && found[0].height == 25 * 3 && found[0].errorCorrection == "Q")
    #expect(found[1].modules.width == 178 && found[1].width == 356 && found[1].height == 60)
    // The IR keeps the data as the template gave it; the modules carry the computed check digit.
    #expect(found[2].data == "400638133393" && found[2].modules.width == 95)
  }

  @Test func aWrongLiteralCheckDigitIsReportedByCheck() throws {
    let template = SourceFile(path: "r.slip", text: "receipt paper=58mm\nbarcode ean13 \"4006381333932\"\n")
    let diagnostics = compiler.check(template).diagnostics
    let problem = try #require(diagnostics.first)
    #expect(diagnostics.count == 1)
    #expect(
      problem.message
        == "cannot encode this as ean13: the check digit is '1', not '2' (leave it out to have it added)")
    #expect(problem.range?.start == 33)
  }

  @Test func badDataFromJSONIsReportedWhenRendering() throws {
    let template = SourceFile(path: "r.slip", text: "receipt paper=58mm\nbarcode code39 \"{{ sku }}\"\n")
    let result = compiler.compile(template, data: SourceFile(path: "d.json", text: #"{"sku": "ab-1"}"#))
    #expect(result.document == nil)
    #expect(
      result.diagnostics.map(\.message) == [
        "cannot encode 'ab-1' as code39: it has no 'a': it takes digits, capital letters, space and - . $ / + %"
      ])
  }

  @Test func aBarcodeTooWideForThePaperIsReported() throws {
    let template = SourceFile(
      path: "r.slip",
      text: "receipt paper=58mm\nbarcode code128 \"THIS-IS-A-LONG-INVOICE-NUMBER\" module=3\n")
    let messages = compiler.check(template).diagnostics.map(\.message)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("wider than the paper") == true)
  }
}
