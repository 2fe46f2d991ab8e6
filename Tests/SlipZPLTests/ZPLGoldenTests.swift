import Foundation
import SlipCore
import SlipFiles
import SlipIR
import SlipImages
import SlipKit
import SlipPNG
import SlipRaster
import SlipSymbols
import SlipTestSupport
import SlipZPL
import Testing

/// What each label and receipt looks like as ZPL.
///
/// Each folder under `Cases/` names a template and its data: `template.slip` and `data.json`
/// beside the expected files, or a `source.txt` whose two lines are a bundled template and its
/// data, relative to the package root; `settings.txt` may give job settings
/// (`copies=2 darkness=20 speed=4 media=gap`). The expected files are `label.zpl` (the bytes),
/// `label.listing` (what a reviewer reads in a diff), `label.warnings` when the writer warned,
/// `label.symbols` (what a scanner must read off it) and, for labels, Slip's own preview
/// `label.png` with the IR it drew, `label.ir` (pictures compare by decoded dots). Folders with
/// a `command.txt` are batches run through the CLI (``ZPLCLITests``). As in the CLI, symbols are
/// drawn by zint and label text measured in the preview's face; pictures are greymaps.
/// `scripts/zpl-check` holds every `.zpl` here against zplkit, an independent renderer, and the
/// preview, and reads the symbols off both with zbarimg.
///
/// `SLIP_RECORD=1 swift test --filter ZPLGoldenTests` rewrites the expected files and fails, so
/// a recording run never passes CI by accident.
@Suite struct ZPLGoldenTests {
  static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Cases")
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The clock of every golden render.
  static let now = 1_764_511_509

  static var caseNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
    return names.filter { name in
      !name.hasPrefix(".")
        && !FileManager.default.fileExists(
          atPath: casesDirectory.appendingPathComponent(name).appendingPathComponent("command.txt").path)
    }.sorted()
  }

  @Test func everyBundledTemplateHasACase() throws {
    let templates = try FileManager.default.contentsOfDirectory(
      atPath: Self.packageRoot.appendingPathComponent("templates").path)
    let bundled = templates.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
      .filter { templates.contains("\($0).slip") }
    let sources = Self.caseNames.compactMap { name in
      try? String(
        contentsOf: Self.casesDirectory.appendingPathComponent(name).appendingPathComponent("source.txt"),
        encoding: .utf8)
    }
    for name in bundled {
      #expect(
        sources.contains { $0.hasPrefix("templates/\(name).slip") }, "templates/\(name).slip has no ZPL case")
    }
  }

  /// The template and data files of a case.
  static func inputs(_ folder: URL) -> (template: URL, data: URL?) {
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

  /// Job settings from `settings.txt`: `name=value` words.
  static func settings(_ folder: URL) -> ZPLJobSettings {
    var settings = ZPLJobSettings()
    guard let text = try? String(contentsOf: folder.appendingPathComponent("settings.txt"), encoding: .utf8)
    else { return settings }
    for word in text.split(whereSeparator: \.isWhitespace) {
      let parts = word.split(separator: "=").map(String.init)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "copies": settings.copies = Int(parts[1])
      case "darkness": settings.darkness = Int(parts[1])
      case "speed": settings.speed = Int(parts[1])
      case "media": settings.media = ZPLJobSettings.Media(rawValue: parts[1])
      default: break
      }
    }
    return settings
  }

  /// A case rendered through SlipKit, as `slip render --target zpl --preview` renders it.
  static func rendering(_ folder: URL, target: Target = .ir, previews: Bool = false) throws -> Rendering {
    let (templateURL, dataURL) = inputs(folder)
    let template = SourceFile(
      path: templateURL.lastPathComponent, bytes: Array(try Data(contentsOf: templateURL)))
    let data = try dataURL.map {
      TemplateData.json(SourceFile(path: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0))))
    }
    let root = templateURL.deletingLastPathComponent().path
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(now)))
    let rendering = renderer.render(
      TemplateSource(template, loader: FileSystemLoader(root: root, base: root)), data: data ?? .none,
      target: target, previews: previews ? PreviewOptions() : nil)
    let problems = DiagnosticFormatter().format(rendering.diagnostics, sources: rendering.sources)
    try #require(!rendering.hasErrors, "\(folder.lastPathComponent) does not render: \(problems)")
    return rendering
  }

  /// The compiled document of a case.
  static func document(_ folder: URL) throws -> Document {
    try #require(try rendering(folder).document)
  }

  @Test(arguments: caseNames)
  func golden(_ name: String) throws {
    let folder = Self.casesDirectory.appendingPathComponent(name)
    let rendering = try Self.rendering(folder, target: .zpl(Self.settings(folder)), previews: true)
    let document = try #require(rendering.document)
    var actual: [String: Data] = [
      "label.zpl": Data(rendering.bytes),
      "label.listing": Data(ZPLListing().listing(rendering.bytes).utf8),
    ]
    let warnings = rendering.diagnostics.filter { $0.id.hasPrefix("W09") }
    if !warnings.isEmpty {
      actual["label.warnings"] = Data(DiagnosticFormatter().format(warnings, sources: rendering.sources).utf8)
    }
    let symbols = Self.symbols(document)
    if !symbols.isEmpty { actual["label.symbols"] = Data(symbols.utf8) }
    if let page = document.page, let preview = rendering.previews.first {
      #expect(preview.dpi == page.dpi)
      actual["label.png"] = Data(preview.png)
      actual["label.ir"] = Data(document.dump().utf8)
    }
    try Self.compare(
      name, folder: folder, actual: actual,
      kinds: ["label.zpl", "label.listing", "label.warnings", "label.symbols", "label.png", "label.ir"])
  }

  /// The symbols a scanner must read off the printed label, a line each: `code128 JTW26-000451`.
  static func symbols(_ document: Document) -> String {
    var symbols: [Symbol] = []
    for element in document.page?.elements ?? [] {
      // A symbol cut by the label's edge cannot scan.
      guard case .symbol(let placed) = element, let page = document.page, placed.x >= 0, placed.y >= 0,
        placed.x + placed.symbol.width <= page.widthDots, placed.y + placed.symbol.height <= page.heightDots
      else { continue }
      symbols.append(placed.symbol)
    }
    for block in document.blocks {
      if case .symbol(let placed) = block { symbols.append(placed.symbol) }
    }
    return symbols.map { "\($0.symbology.rawValue) \($0.data)\n" }.joined()
  }

  /// Compares `actual` with the files of `kinds` in `folder`, or records them under SLIP_RECORD.
  static func compare(_ name: String, folder: URL, actual: [String: Data], kinds: [String]) throws {
    if GoldenRecording.isOn {
      for file in kinds where actual[file] == nil {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
      }
      for (file, contents) in actual {
        try contents.write(to: folder.appendingPathComponent(file))
      }
      GoldenRecording.recorded(name)
      return
    }
    for file in kinds {
      let expected = try? Data(contentsOf: folder.appendingPathComponent(file))
      let got = actual[file]
      if file.hasSuffix(".png") {
        // Pictures compare by their dots, not by how zlib packed them.
        let decode = { (data: Data?) in data.flatMap { try? PNGDecoder().decode(Array($0)) } }
        #expect(decode(got) == decode(expected), "\(name)/\(file) differs")
        continue
      }
      #expect(
        got.map { String(decoding: $0, as: UTF8.self) }
          == expected.map { String(decoding: $0, as: UTF8.self) },
        "\(name)/\(file) differs")
    }
  }
}
