import Foundation
import SlipCore
import SlipIR
import SlipText
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

  @Test(arguments: caseNames)
  func golden(_ name: String) throws {
    let folder = Self.casesDirectory.appendingPathComponent(name)
    let templatePath = folder.appendingPathComponent("template.slip")
    let template = SourceFile(path: "template.slip", bytes: Array(try Data(contentsOf: templatePath)))
    let dataPath = folder.appendingPathComponent("data.json")
    let data = (try? Data(contentsOf: dataPath)).map { SourceFile(path: "data.json", bytes: Array($0)) }

    // Includes stay inside the case's folder; `now` is fixed so dates are reproducible.
    let compiler = Compiler(loader: FileSystemLoader(root: folder.path, base: folder.path))
    let result = compiler.compile(template, data: data, options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    var actual: [String: String] = [:]
    if let document = result.document {
      actual["expected.ir"] = document.dump()
      actual["expected.txt"] = PlainTextWriter().write(document)
    }
    if !result.diagnostics.isEmpty {
      actual["expected.diagnostics"] = DiagnosticFormatter().format(result.diagnostics, sources: result.sources)
    }

    if ProcessInfo.processInfo.environment["SLIP_RECORD"] != nil {
      for file in ["expected.ir", "expected.txt", "expected.diagnostics"] {
        let url = folder.appendingPathComponent(file)
        if let text = actual[file] {
          try text.write(to: url, atomically: true, encoding: .utf8)
        } else {
          try? FileManager.default.removeItem(at: url)
        }
      }
      Issue.record("recorded \(name); unset SLIP_RECORD and review the diff")
      return
    }

    for file in ["expected.ir", "expected.txt", "expected.diagnostics"] {
      let expected = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(actual[file] == expected, "\(name)/\(file) differs")
    }
  }
}
