import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// What each receipt looks like as printer bytes, on every built-in printer.
///
/// Each folder under `Cases/` names a template and its data: `template.slip` and `data.json`
/// beside the expected files, or a `source.txt` whose two lines are a bundled template and its
/// data, relative to the package root. For each built-in profile it keeps `<profile>.bin` (the
/// bytes) and `<profile>.disasm` (their listing, what a reviewer reads in a diff), plus
/// `<profile>.warnings` when the writer warned, or only `<profile>.error` when the template
/// cannot print there. `scripts/emupos-check` feeds every `.bin` to an independent emulator.
///
/// `SLIP_RECORD=1 swift test --filter ESCPOSGoldenTests` rewrites the expected files and fails, so a
/// recording run never passes CI by accident.
@Suite struct ESCPOSGoldenTests {
  static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Cases")
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The clock of every golden render, as `SOURCE_DATE_EPOCH` gives it to the CLI.
  static let now = 1_764_511_509

  static var caseNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  @Test func everyIssueCaseIsHere() {
    let required = [
      "kopi-senja", "warung-80", "latin-accents", "euro-sign", "cyrillic", "no-code-page", "injection",
      "styles",
    ]
    #expect(required.allSatisfy(Self.caseNames.contains))
  }

  /// The template and data files of a case.
  static func inputs(_ folder: URL) throws -> (template: URL, data: URL?) {
    let source = folder.appendingPathComponent("source.txt")
    if let lines = try? String(contentsOf: source, encoding: .utf8).split(separator: "\n") {
      let template = packageRoot.appendingPathComponent(String(lines[0]))
      return (template, lines.count > 1 ? packageRoot.appendingPathComponent(String(lines[1])) : nil)
    }
    let data = folder.appendingPathComponent("data.json")
    return (
      folder.appendingPathComponent("template.slip"),
      FileManager.default.fileExists(atPath: data.path) ? data : nil
    )
  }

  @Test(arguments: caseNames)
  func golden(_ name: String) throws {
    let folder = Self.casesDirectory.appendingPathComponent(name)
    let (templateURL, dataURL) = try Self.inputs(folder)
    let template = SourceFile(
      path: templateURL.lastPathComponent, bytes: Array(try Data(contentsOf: templateURL)))
    let data = try dataURL.map {
      SourceFile(path: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0)))
    }
    // Through SlipKit, as `slip render --printer ID` renders, but with the code pages alone: a
    // character none has prints as '?' (the goldens show the code-page choices).
    let root = templateURL.deletingLastPathComponent().path
    // A case with a `text-pictures` file (side-by-side columns, which print as a picture of
    // them) renders as the CLI does, with the rasteriser.
    let pictures = FileManager.default.fileExists(atPath: folder.appendingPathComponent("text-pictures").path)
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(Self.now)), textPictures: pictures)
    let preparation = renderer.prepare(
      TemplateSource(template, loader: FileSystemLoader(root: root, base: root)))
    let compiled = try #require(
      preparation.template,
      "\(name) does not compile: \(DiagnosticFormatter().format(preparation.diagnostics, sources: preparation.sources))"
    )
    var actual: [String: Data] = [:]
    for profile in PrinterProfile.builtIn {
      let rendering = renderer.render(
        compiled, data: data.map(TemplateData.json) ?? .none, target: .escpos(profile))
      let written = rendering.diagnostics.filter {
        $0.id.dropFirst().hasPrefix("06") || $0.id.dropFirst().hasPrefix("07")
      }
      let text = DiagnosticFormatter().format(written, sources: rendering.sources)
      guard !rendering.hasErrors else {
        actual["\(profile.id).error"] = Data(text.utf8)
        continue
      }
      actual["\(profile.id).bin"] = Data(rendering.bytes)
      let listing = ESCPOSDisassembler(codePages: profile.codePages).listing(rendering.bytes)
      actual["\(profile.id).disasm"] = Data(listing.utf8)
      if !written.isEmpty { actual["\(profile.id).warnings"] = Data(text.utf8) }
    }

    let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let expectedNames = existing.filter {
      [".bin", ".disasm", ".warnings", ".error"].contains(where: $0.hasSuffix)
    }
    if GoldenRecording.isOn {
      for file in expectedNames where actual[file] == nil {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
      }
      for (file, contents) in actual {
        try contents.write(to: folder.appendingPathComponent(file))
      }
      GoldenRecording.recorded(name)
      return
    }

    #expect(
      Set(expectedNames) == Set(actual.keys), "\(name): expected files differ from what the writer makes")
    for (file, contents) in actual.sorted(by: { $0.key < $1.key }) {
      let expected = try? Data(contentsOf: folder.appendingPathComponent(file))
      if file.hasSuffix(".bin") {
        // The listing beside it shows how; this catches what a listing cannot (image data).
        #expect(contents == expected, "\(name)/\(file) differs")
      } else {
        #expect(
          String(decoding: contents, as: UTF8.self) == expected.map { String(decoding: $0, as: UTF8.self) },
          "\(name)/\(file) differs")
      }
    }
  }
}
