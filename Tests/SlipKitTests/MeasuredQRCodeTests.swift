import Foundation
import SlipCore
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// A rendering for a printer that draws QR codes from their data (`^BQ`) only measures them:
/// the bytes, the document and the modules anyone reads are those of a rendering that draws
/// them at once.
@Suite struct MeasuredQRCodeTests {
  static let renderer = Renderer(options: RenderOptions(now: ExactDecimal("1764511509")))

  /// Every bundled label with its data: the stems of `templates/*.json` whose template is a label.
  static var labels: [String] {
    let folder = Repository.root.appendingPathComponent("templates")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter { stem in
      let template = folder.appendingPathComponent(stem.prefix { $0 != "." } + ".slip")
      let text = (try? String(contentsOf: template, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").contains { $0.hasPrefix("label ") }
    }.sorted()
  }

  /// `stem`'s template compiled, and its data.
  static func compiled(_ stem: String) throws -> (CompiledTemplate, TemplateData) {
    let path = Repository.root.appendingPathComponent("templates/" + stem.prefix { $0 != "." } + ".slip").path
    let compiled = try #require(renderer.prepare(try TemplateSource(path: path)).template)
    let data = try TemplateData.file(Repository.root.appendingPathComponent("templates/\(stem).json").path)
    return (compiled, data)
  }

  /// The symbols of a label's document.
  static func symbols(_ document: Document?) -> [Symbol] {
    (document?.page?.elements ?? []).compactMap {
      if case .symbol(let placed) = $0 { placed.symbol } else { nil }
    }
  }

  @Test func thereAreLabelsWithQRCodes() throws {
    #expect(Self.labels.count >= 4)
    let (compiled, data) = try Self.compiled("event-badge")
    let measured = Self.renderer.render(compiled, data: data, target: .zpl())
    #expect(Self.symbols(measured.document).contains { $0.symbology == .qr && $0.drawsModulesWhenRead })
  }

  @Test(arguments: labels)
  func aMeasuredQRCodePrintsAndReadsAsADrawnOne(_ stem: String) throws {
    let (compiled, data) = try Self.compiled(stem)
    // With previews asked for, every symbol is drawn at once.
    let measured = Self.renderer.render(compiled, data: data, target: .zpl())
    let drawn = Self.renderer.render(compiled, data: data, target: .zpl(), previews: PreviewOptions())
    #expect(!measured.hasErrors && !drawn.hasErrors)
    #expect(measured.bytes == drawn.bytes, "\(stem): the ZPL differs")
    #expect(!Self.symbols(drawn.document).contains { $0.drawsModulesWhenRead })
    #expect(Self.symbols(measured.document) == Self.symbols(drawn.document), "\(stem): the symbols differ")
    #expect(measured.document?.dump() == drawn.document?.dump(), "\(stem): the IR differs")
  }

  /// A receipt printer with `GS ( k` draws the QR code too, in text mode; in raster mode, or
  /// on a printer without it, the modules are the print.
  @Test func aReceiptPrinterWithQRCodesMeasuresThemInTextMode() throws {
    let template = TemplateSource(
      SourceFile(
        path: "qr.slip", text: "receipt paper=80mm\ntext \"Thanks\"\nqr \"{{ url }}\" size=4 align=center\n"))
    let compiled = try #require(Self.renderer.prepare(template).template)
    let data = TemplateData.json(
      SourceFile(path: "data.json", text: #"{"url": "https://example.com/r/123"}"#))
    func symbol(_ rendering: Rendering) -> Symbol? {
      rendering.document?.blocks.lazy.compactMap {
        if case .symbol(let placed) = $0 { placed.symbol } else { nil }
      }
      .first
    }
    let printer = Target.escpos(.epsonTMT20III)
    let measured = Self.renderer.render(compiled, data: data, target: printer)
    let drawn = Self.renderer.render(compiled, data: data, target: printer, previews: PreviewOptions())
    #expect(!measured.hasErrors && measured.bytes == drawn.bytes)
    // GS ( k: the printer's own QR code.
    #expect(measured.bytes.indices.contains { measured.bytes[$0...].starts(with: [0x1D, 0x28, 0x6B]) })
    #expect(symbol(measured)?.drawsModulesWhenRead == true && symbol(drawn)?.drawsModulesWhenRead == false)
    for target in [Target.escpos(.epsonTMT20III, mode: .raster), .escpos()] {
      #expect(
        symbol(Self.renderer.render(compiled, data: data, target: target))?.drawsModulesWhenRead == false)
    }
  }

  @Test func aBatchMeasuresItsQRCodesAndWritesTheSameBytes() throws {
    let (compiled, _) = try Self.compiled("event-badge")
    let path = "Tests/SlipZPLTests/Cases/batch-badge/records.jsonl"
    let text = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var batch = Batch(
      renderer: Self.renderer, template: compiled,
      records: Records(bytes: Array(text.utf8), format: .jsonLines, path: path), target: .zpl())
    var rendered = 0
    while let event = batch.next() {
      guard case .rendered(let record) = event else { continue }
      let line = SourceFile(path: "record.json", text: String(lines[record.line - 1]))
      let drawn = Self.renderer.render(
        compiled, data: .json(line), target: .zpl(), previews: PreviewOptions())
      #expect(record.bytes == drawn.bytes, "record at line \(record.line)")
      rendered += 1
    }
    #expect(rendered >= 4)
  }

  /// `^BQ` takes printable ASCII; other text prints as a picture of the modules, drawn at once.
  @Test func aQRCodeBeyondASCIIIsDrawnAtOnce() throws {
    let template = "label width=50mm height=30mm\nqr \"{{ name }}\" x=10 y=10 size=4\n"
    let rendering = Self.renderer.render(
      TemplateSource(SourceFile(path: "qr.slip", text: template)),
      data: .json(SourceFile(path: "data.json", text: #"{"name": "Café Ñandú"}"#)), target: .zpl())
    let symbol = try #require(Self.symbols(rendering.document).first)
    #expect(!rendering.hasErrors && !symbol.drawsModulesWhenRead)
  }
}
