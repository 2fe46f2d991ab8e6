import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipKit
import SlipPNG
import SlipRaster
import SlipTestSupport
import Testing

/// Golden previews: each folder of `Cases/` is a template (or a `source.txt` naming one of
/// `templates/` with its data), optionally an `options.txt` (`printer=ID|FILE.json`, `raster`),
/// and the pages it must draw, `expected.png` (then `expected-2.png`, … after further cuts),
/// compared by decoded pixels, with `expected.warnings` when there are any.
///
/// `SLIP_RECORD=1 swift test --filter PreviewGoldenTests` re-records them and fails on purpose:
/// open every PNG and look at it before committing.
@Suite struct PreviewGoldenTests {
  static let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Cases")
  static let repository = cases.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var names: [String] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: cases.path)) ?? []
    return folders.filter { name in
      ["template.slip", "source.txt"].contains {
        FileManager.default.fileExists(
          atPath: cases.appendingPathComponent(name).appendingPathComponent($0).path)
      }
    }.sorted()
  }

  @Test func thereAreCases() {
    #expect(Self.names.count >= 8)
  }

  @Test(arguments: names)
  func preview(_ name: String) throws {
    let folder = Self.cases.appendingPathComponent(name)
    var template = folder.appendingPathComponent("template.slip")
    var data: URL? = folder.appendingPathComponent("data.json")
    var root = Self.cases
    if let source = try? String(contentsOf: folder.appendingPathComponent("source.txt"), encoding: .utf8) {
      let paths = source.split(whereSeparator: \.isWhitespace).map(String.init)
      template = Self.repository.appendingPathComponent(paths[0])
      data = paths.count > 1 ? Self.repository.appendingPathComponent(paths[1]) : nil
      root = template.deletingLastPathComponent()
    }
    let options =
      (try? String(contentsOf: folder.appendingPathComponent("options.txt"), encoding: .utf8)) ?? ""
    var profile: PrinterProfile?
    var mode = PrintMode.text
    for word in options.split(whereSeparator: \.isWhitespace) {
      if word == "raster" { mode = .raster }
      if word.hasPrefix("printer=") {
        let printer = String(word.dropFirst("printer=".count))
        profile =
          printer.hasSuffix(".json")
          ? try PrinterProfile(
            json: Array(try Data(contentsOf: folder.appendingPathComponent(printer))), source: printer)
          : PrinterProfile.builtIn(id: printer)
      }
    }

    // Through SlipKit, as `slip render --preview` draws it.
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    let source = TemplateSource(
      SourceFile(path: template.lastPathComponent, bytes: Array(try Data(contentsOf: template))),
      loader: FileSystemLoader(root: root.path, base: template.deletingLastPathComponent().path))
    let dataFile = data.flatMap { url in
      (try? Data(contentsOf: url)).map {
        TemplateData.json(SourceFile(path: url.lastPathComponent, bytes: Array($0)))
      }
    }
    let output = renderer.render(
      source, data: dataFile ?? .none, target: .text, previews: PreviewOptions(printer: profile, mode: mode))
    try #require(!output.hasErrors, "\(name) does not render")
    let warnings = DiagnosticFormatter().format(output.diagnostics, sources: output.sources)
    let files = output.previews.indices.map { $0 == 0 ? "expected.png" : "expected-\($0 + 1).png" }

    if GoldenRecording.isOn {
      let stale = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for file in stale where file.hasPrefix("expected") {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
      }
      for (file, page) in zip(files, output.previews) {
        try Data(try PNGEncoder(compressionLevel: 9).encode(page.bitmap, dpi: page.dpi))
          .write(to: folder.appendingPathComponent(file))
      }
      if !warnings.isEmpty {
        try warnings.write(
          to: folder.appendingPathComponent("expected.warnings"), atomically: true, encoding: .utf8)
      }
      GoldenRecording.recorded(name, look: "look at every PNG")
      return
    }

    let expectedWarnings = try? String(
      contentsOf: folder.appendingPathComponent("expected.warnings"), encoding: .utf8)
    #expect(warnings == (expectedWarnings ?? ""), "\(name): warnings differ")
    let extra = folder.appendingPathComponent("expected-\(files.count + 1).png")
    #expect(!FileManager.default.fileExists(atPath: extra.path), "\(name): fewer pages than expected")
    for (file, page) in zip(files, output.previews) {
      let url = folder.appendingPathComponent(file)
      let expected = try PNGDecoder().decode(Array(try Data(contentsOf: url)))
      #expect(Self.difference(page.bitmap, expected) == nil, "\(name)/\(file)")
    }
  }

  /// Where `bitmap` and the decoded `expected` differ: nil when every dot agrees.
  static func difference(_ bitmap: Bitmap, _ expected: GreyImage) -> String? {
    guard bitmap.width == expected.width, bitmap.height == expected.height else {
      return "size \(bitmap.width)x\(bitmap.height), expected \(expected.width)x\(expected.height)"
    }
    var count = 0
    var first: (Int, Int)?
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] != (expected.pixels[y * expected.width + x] < 128) {
        count += 1
        if first == nil { first = (x, y) }
      }
    }
    guard let first else { return nil }
    return "\(count) dots differ, the first at \(first.0),\(first.1)"
  }
}
