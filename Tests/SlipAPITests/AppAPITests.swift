import Foundation
import SlipCore
import SlipFiles
import SlipIR
import SlipText
import Testing

/// The library as an app uses it: only public API, no `@testable`, no CLI.
@Suite struct AppAPITests {
  static let receipt = """
    receipt paper=58mm
    set total = items | sum(qty * price)
    text "{{ shop | upper }}" align=center bold
    for item in items
      row "{{ item.name }} x{{ item.qty }}" | "{{ item.qty * item.price | rupiah }}"
    end
    rule
    row "TOTAL" | "{{ total | rupiah }}" bold
    include "footer.slip"
    cut
    """

  static let loader = InMemoryLoader(["footer.slip": "text \"Terima kasih!\" align=center\n"])

  @Test func compilesOnceAndRendersManyOrders() throws {
    let preparation = Compiler(loader: Self.loader).prepare(SourceFile(path: "pos.slip", text: Self.receipt))
    #expect(preparation.diagnostics.isEmpty)
    let template = try #require(preparation.template)
    #expect(template.media.columns == 32)

    for quantity in 1...50 {
      let order: JSONObject = [
        "shop": "Kopi Senja",
        "items": [["name": "Kopi Susu", "qty": .number(ExactDecimal(quantity)), "price": 18000]],
      ]
      let result = template.render(order)
      let document = try #require(result.document)
      let text = PlainTextWriter().write(document)
      let amount = 18000 * quantity
      #expect(text.contains("Kopi Susu x\(quantity)"))
      #expect(text.contains("TOTAL"))
      #expect(text.contains(quantity == 1 ? "Rp 18.000" : "Rp \(amount / 1000).000"))
      #expect(text.hasSuffix("Terima kasih!\n"))
    }
  }

  @Test func renderingNeedsNoSourceFilesAnyMore() throws {
    // Everything, includes too, is read and checked by prepare(); render() works from the
    // compiled template alone, so deleting the files afterwards changes nothing.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slip-api-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let top = folder.appendingPathComponent("top.slip")
    try "receipt paper=58mm\ninclude \"part.slip\"\n".write(to: top, atomically: true, encoding: .utf8)
    try "text \"{{ name }}\"\n".write(
      to: folder.appendingPathComponent("part.slip"), atomically: true, encoding: .utf8)
    let compiler = Compiler(loader: FileSystemLoader(root: folder.path, base: folder.path))
    let template = try #require(
      compiler.prepare(SourceFile(path: "top.slip", bytes: Array(try Data(contentsOf: top)))).template)
    try FileManager.default.removeItem(at: folder)

    let result = template.render(["name": "Budi"])
    #expect(PlainTextWriter().write(try #require(result.document)) == "Budi\n")
  }

  @Test func errorsAreDiagnosticValues() {
    let preparation = Compiler().prepare(
      SourceFile(path: "bad.slip", text: "receipt paper=58mm\ntext \"{{ x | rupia }}\"\nfor a in b\n"))
    #expect(preparation.template == nil)
    #expect(preparation.diagnostics.map(\.id) == ["E0302", "E0203"])
    let first = preparation.diagnostics[0]
    #expect(first.severity == .error)
    #expect(first.fixIts.first?.replacement == "rupiah")
    let location = preparation.sources[first.range!.file].location(at: first.range!.start)
    #expect((location.line, location.column) == (2, 14))
    #expect(preparation.diagnostics[1].notes.first?.message == "'for' opened here")
  }

  @Test func dataProblemsAreDiagnosticsToo() throws {
    let template = try #require(
      Compiler().prepare(SourceFile(path: "t.slip", text: "receipt paper=58mm\ntext \"{{ shop.name }}\"\n"))
        .template)
    let missing = template.render(["shop": ["title": "x"]])
    #expect(missing.document == nil)
    #expect(missing.diagnostics.map(\.id) == ["E0401"])
    #expect(missing.diagnostics.allSatisfy { $0.isDataProblem })

    let malformed = template.render(json: SourceFile(path: "order.json", text: "{\"shop\": }"))
    #expect(malformed.diagnostics.map(\.id) == ["E0420"])
    let formatted = DiagnosticFormatter().format(malformed.diagnostics, sources: malformed.sources)
    #expect(formatted.hasPrefix("order.json:1:10: error: invalid JSON"))
  }

  @Test func theIRIsPlainValues() throws {
    let result = Compiler().compile(
      SourceFile(path: "t.slip", text: "receipt paper=80mm\nrow \"A\" | \"B\" bold\ncut partial\n"), data: nil
    )
    let document = try #require(result.document)
    #expect(document.media.widthDots == 576)
    guard case .text(let line) = document.blocks[0], case .cut(let cut) = document.blocks[1] else {
      Issue.record("unexpected blocks \(document.blocks)")
      return
    }
    #expect(line.runs.map(\.column) == [0, 47])
    #expect(line.runs.allSatisfy { $0.style.bold })
    #expect(cut.kind == .partial)
  }

  @Test func nowComesFromTheOptions() throws {
    let template = try #require(
      Compiler().prepare(SourceFile(path: "t.slip", text: "receipt paper=58mm\ntext \"{{ now }}\"\n"))
        .template)
    let result = template.render([:], options: RenderOptions(now: ExactDecimal(1_700_000_000)))
    #expect(PlainTextWriter().write(try #require(result.document)) == "1700000000\n")
  }
}
