import Foundation
import SlipCore
import SlipFiles
import SlipIR
import SlipImages
import SlipKit
import SlipText
import Testing

/// Every example in `docs/LANGUAGE.md` compiles as shown: a ```slip block, optionally followed
/// by a ```json block (its data) and by a ```text block (the exact output) or a ```diagnostics
/// block (the exact messages). A template with no diagnostics block must compile cleanly.
@Suite struct DocsTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

  struct Example: CustomTestStringConvertible, Sendable {
    var line: Int
    var template: String
    var data: String?
    var text: String?
    var diagnostics: String?
    var testDescription: String { "example at LANGUAGE.md:\(line)" }
  }

  /// The fenced blocks of the reference, grouped into examples.
  static var examples: [Example] {
    guard let markdown = try? String(contentsOf: docs.appendingPathComponent("LANGUAGE.md"), encoding: .utf8)
    else { return [] }
    var blocks: [(kind: String, line: Int, body: String)] = []
    var current: (kind: String, line: Int, body: [Substring])?
    for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        if let open = current {
          blocks.append((open.kind, open.line, open.body.map { $0 + "\n" }.joined()))
          current = nil
        } else {
          current = (String(line.dropFirst(3)), number + 1, [])
        }
      } else {
        current?.body.append(line)
      }
    }
    var examples: [Example] = []
    for block in blocks {
      switch block.kind {
      case "slip": examples.append(Example(line: block.line, template: block.body))
      case "json": examples[examples.count - 1].data = block.body
      case "text": examples[examples.count - 1].text = block.body
      case "diagnostics": examples[examples.count - 1].diagnostics = block.body
      default: break
      }
    }
    return examples
  }

  @Test func theReferenceHasExamples() {
    #expect(Self.examples.count >= 12)
  }

  @Test(arguments: examples)
  func example(_ example: Example) throws {
    // Through SlipKit, as `slip render --target text` renders: symbols by zint, pictures through
    // libpng.
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    let result = renderer.render(
      TemplateSource(
        SourceFile(path: "template.slip", text: example.template),
        loader: FileSystemLoader(root: Self.docs.path, base: Self.docs.path)),
      data: example.data.map { TemplateData.json(SourceFile(path: "data.json", text: $0)) } ?? .none,
      target: .text)
    let diagnostics = DiagnosticFormatter().format(result.diagnostics, sources: result.sources)
    if let expected = example.diagnostics {
      #expect(diagnostics == expected)
      return
    }
    #expect(diagnostics.isEmpty)
    if let expected = example.text {
      #expect(String(decoding: result.bytes, as: UTF8.self) == expected)
    }
  }
}
