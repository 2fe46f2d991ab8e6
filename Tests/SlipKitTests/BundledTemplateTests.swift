import Foundation
import SlipCore
import SlipKit
import SlipTestSupport
import Testing

/// Every bundled template renders to every target it supports through SlipKit alone, byte for
/// byte as `slip render` writes it, previews included.
@Suite struct BundledTemplateTests {
  /// The fixed clock both sides render with.
  static let epoch = "1764511509"

  /// `templates/NAME.slip` with each of its data files (`NAME.json`, `NAME.*.json`).
  static var cases: [String] {
    let folder = Repository.root.appendingPathComponent("templates")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let templates = names.filter { $0.hasSuffix(".slip") }.map { String($0.dropLast(5)) }
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
      .filter { stem in templates.contains { stem == $0 || stem.hasPrefix($0 + ".") } }.sorted()
  }

  @Test func thereAreCases() {
    #expect(Self.cases.count >= 6)
  }

  @Test(arguments: cases)
  func rendersAsTheCLIDoes(_ stem: String) throws {
    let template = "templates/" + stem.prefix { $0 != "." } + ".slip"
    let data = "templates/\(stem).json"
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(Self.epoch)))
    let source = try TemplateSource(path: Repository.root.appendingPathComponent(template).path)
    let preparation = renderer.prepare(
      TemplateSource(
        SourceFile(path: template, bytes: source.file.bytes),
        loader: TemplateSource.loader(
          forTemplateAt: Repository.root.appendingPathComponent(template).path, root: nil)))
    let compiled = try #require(preparation.template, "\(template) does not compile")
    let json = try TemplateData.file(Repository.root.appendingPathComponent(data).path)
    let targets: [(name: String, target: Target, flags: [String])] =
      compiled.isLabel
      ? [("zpl", .zpl(), []), ("ir", .ir, []), ("text", .text, [])]
      : [
        ("escpos", .escpos(), []), ("escpos", .escpos(nil, mode: .raster), ["--raster"]), ("text", .text, []),
        ("ir", .ir, []),
      ]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slipkit-\(stem)-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, target, flags) in targets {
      let rendering = renderer.render(
        compiled, data: json, target: target, previews: PreviewOptions(mode: flags.isEmpty ? .text : .raster))
      #expect(!rendering.hasErrors, "\(stem) as \(name)")
      let preview = folder.appendingPathComponent("\(name)\(flags.joined()).png")
      let cli = try ProcessRun.run(
        Repository.product("slip"),
        ["render", template, "--data", data, "--target", name, "--preview", preview.path, "-o", "-"] + flags,
        environment: ["SOURCE_DATE_EPOCH": Self.epoch])
      #expect(cli.status == 0, "\(stem) \(name): \(cli.stderr)")
      #expect(rendering.bytes == cli.output, "\(stem) as \(name) \(flags) differs from slip render")
      let written = try Data(contentsOf: preview)
      #expect(rendering.previews.first?.png == Array(written), "\(stem) \(name) preview differs")
      #expect(rendering.previews.count >= 1)
    }
  }
}
