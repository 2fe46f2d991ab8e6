import Foundation
import SlipCore
import SlipFiles
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// The language's behaviour as data: each folder under `Cases/` holds `template.slip`, optional
/// `data.json` (and any files the template includes), and the expected outputs: `expected.ir` and `expected.txt` for templates that
/// compile, `expected.diagnostics` (the formatted messages) for those that do not.
///
/// `SLIP_RECORD=1 swift test --filter GoldenTests` rewrites the expected files from what the
/// compiler produces now, and fails, so a recording run can never pass CI by accident.
@Suite struct GoldenTests {
  static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Cases")

  static var caseNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func thereAreCases() {
    #expect(Self.caseNames.count >= 10)
  }

  /// The bundled templates with sample data (`templates/NAME.slip` + `NAME.json`); their
  /// expected outputs live in `Templates/NAME/`.
  static var bundledNames: [String] {
    let folder = casesDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("templates")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
      .filter { names.contains("\($0).slip") }.sorted()
  }

  @Test func theBundledTemplatesAreCovered() {
    #expect(Self.bundledNames.contains("kopi-senja") && Self.bundledNames.contains("warung-80"))
  }

  @Test(arguments: caseNames)
  func golden(_ name: String) throws {
    let folder = Self.casesDirectory.appendingPathComponent(name)
    try check(
      name, folder: folder, template: "template.slip", data: "data.json", expected: folder)
  }

  @Test(arguments: bundledNames)
  func bundled(_ name: String) throws {
    let folder = Self.casesDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("templates")
    let expected = Self.casesDirectory.deletingLastPathComponent().appendingPathComponent("Templates/\(name)")
    try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
    try check(name, folder: folder, template: "\(name).slip", data: "\(name).json", expected: expected)
  }

  /// Compiles `template` with `data` in `folder` and compares with the files in `expected`.
  func check(_ name: String, folder: URL, template templateName: String, data dataName: String, expected: URL)
    throws
  {
    let template = SourceFile(
      path: templateName, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(templateName))))
    let data = (try? Data(contentsOf: folder.appendingPathComponent(dataName))).map {
      SourceFile(path: dataName, bytes: Array($0))
    }

    // Through SlipKit, as the CLI renders: includes stay inside the template's folder; `now` is
    // fixed so dates are reproducible.
    let source = TemplateSource(template, loader: FileSystemLoader(root: folder.path, base: folder.path))
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    let input = data.map(TemplateData.json) ?? .none
    let dump = renderer.render(source, data: input, target: .ir)
    var actual: [String: String] = [:]
    if !dump.hasErrors {
      actual["expected.ir"] = String(decoding: dump.bytes, as: UTF8.self)
      actual["expected.txt"] = String(
        decoding: renderer.render(source, data: input, target: .text).bytes, as: UTF8.self)
    }
    if !dump.diagnostics.isEmpty {
      actual["expected.diagnostics"] = DiagnosticFormatter().format(dump.diagnostics, sources: dump.sources)
    }

    if GoldenRecording.isOn {
      for file in ["expected.ir", "expected.txt", "expected.diagnostics"] {
        let url = expected.appendingPathComponent(file)
        if let text = actual[file] {
          try text.write(to: url, atomically: true, encoding: .utf8)
        } else {
          try? FileManager.default.removeItem(at: url)
        }
      }
      GoldenRecording.recorded(name)
      return
    }

    for file in ["expected.ir", "expected.txt", "expected.diagnostics"] {
      let wanted = try? String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8)
      #expect(actual[file] == wanted, "\(name)/\(file) differs")
    }
  }
}
