import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// Generated templates (``TemplateGenerator``) through the whole pipeline, judged by properties
/// that hold for every valid template: nothing fails that `slip check` accepted, every target
/// renders, raster printing prints the preview to its last row, `slip fmt` is idempotent and
/// changes no output, the text view stays within the paper, and hostile data changes only the
/// text it fills. `SLIP_PIPELINE_CASES=N` and `SLIP_PIPELINE_SEED=S` run other seeds
/// (scripts/pipeline-check runs the external readers over the same cases).
@Suite struct PipelinePropertyTests {
  static let environment = ProcessInfo.processInfo.environment
  /// The first seed and how many follow it: 120 from 1 unless the environment says otherwise.
  static let seeds: [UInt64] = {
    let first = environment["SLIP_PIPELINE_SEED"].flatMap { UInt64($0) } ?? 1
    let count = environment["SLIP_PIPELINE_CASES"].flatMap { UInt64($0) } ?? 120
    return Array(first..<first + count)
  }()

  static let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))
  static let templates = Repository.root.appendingPathComponent("templates").path

  static func source(_ text: String) -> TemplateSource {
    TemplateSource(
      SourceFile(path: "generated.slip", text: text),
      loader: FileSystemLoader(root: templates, base: templates))
  }

  static func data(_ text: String) -> TemplateData { .json(SourceFile(path: "generated.json", text: text)) }

  /// Strings that try to be commands: ESC/POS, real-time DLE, ZPL carets and tildes, template
  /// syntax, line breaks, bidi controls.
  static let hostile = [
    "\u{1B}@\u{1D}V\u{00}\u{1B}p\u{00}", "^XZ^XA^FO0,0^FDpwn^FS", "~JA~PS~DGR:X", "{{ shop }}\" | \"x",
    "\u{10}\u{14}\u{01}\u{00}\u{02}", "line\nbreak\r\nagain", "\u{202E}evil\u{202C}\u{200B}",
    "\\\\x1b\\u{1B}",
  ]

  /// Commands more text may bring by itself: more lines, pictures of lines no code page has,
  /// their styles, alignment and code pages. Hostile data adding any other (a cut, a drawer kick,
  /// `ESC @`, a real-time `DLE`, a symbol) is an injection.
  static let layoutKinds: Set<String> = [
    "GS v", "ESC d", "LF", "text", "ESC E", "ESC -", "GS B", "ESC !", "ESC a", "ESC t", "ESC M", "GS !",
  ]

  /// What a case's ESC/POS bytes command, by kind: `ESC E`, `GS v`, `LF`, text.
  static func commandKinds(_ bytes: [UInt8]) -> Set<String> {
    var kinds = Set<String>()
    for line in ESCPOSDisassembler().listing(bytes).split(separator: "\n") {
      if line.hasPrefix("\"") {
        kinds.insert("text")
        continue
      }
      let tokens = line.split(separator: "|")[0].split(separator: " ")
      guard let first = tokens.first else { continue }
      kinds.insert(
        ["ESC", "GS", "FS", "DLE"].contains(first) && tokens.count > 1
          ? "\(first) \(tokens[1])" : String(first))
    }
    return kinds
  }

  /// The rows raster bytes print (feeds and `GS v 0` images), or why they do not print the preview
  /// to its last row: a feed left at the end of a page, which printers (and emupos) drop.
  static func rasterProblem(_ bytes: [UInt8], previewRows: Int) -> String? {
    var rows = 0
    var lastWasFeed = false
    var index = 0
    func at(_ offset: Int) -> Int { index + offset < bytes.count ? Int(bytes[index + offset]) : -1 }
    while index < bytes.count {
      switch (at(0), at(1)) {
      case (0x1B, 0x40): index += 2
      case (0x1B, 0x4A):
        rows += at(2)
        lastWasFeed = true
        index += 3
      case (0x1B, 0x70): index += 5
      case (0x1D, 0x56):
        if lastWasFeed { return "a feed before the cut is dropped by the printer" }
        index += 3
      case (0x1D, 0x76):
        let width = at(4) | at(5) << 8
        let height = at(6) | at(7) << 8
        rows += height
        lastWasFeed = false
        index += 8 + width * height
      default: return "unexpected byte \(at(0)) at \(index)"
      }
    }
    if lastWasFeed { return "the job ends in a feed, which the printer drops" }
    return rows == previewRows ? nil : "prints \(rows) rows where the preview has \(previewRows)"
  }

  /// Every property over one case; the violations found, each a sentence.
  static func violations(of generated: TemplateGenerator.Case) -> (accepted: Bool, problems: [String]) {
    var problems: [String] = []
    let source = source(generated.template)
    let checked = renderer.check(source, data: data(generated.data))
    guard !checked.diagnostics.hasErrors else { return (false, []) }
    let formatter = DiagnosticFormatter()

    // 1. Every target renders what check accepted.
    var outputs: [String: [UInt8]] = [:]
    let targets: [(String, Target, PreviewOptions?)] = [
      ("text", .text, nil), ("ir", .ir, nil), ("escpos", .escpos(mode: .text), nil),
      ("raster", .escpos(mode: .raster), PreviewOptions(mode: .raster)), ("zpl", .zpl(), PreviewOptions()),
    ]
    // A label goes to ESC/POS only on a printer as wide; its backends are ZPL, text and the IR.
    for (name, target, previews) in targets where !generated.isLabel || !["escpos", "raster"].contains(name) {
      let rendering = renderer.render(source, data: data(generated.data), target: target, previews: previews)
      if rendering.hasErrors {
        problems.append(
          "\(name) fails: " + formatter.format(rendering.diagnostics, sources: rendering.sources))
        continue
      }
      // A label of shapes alone has no text to list; a receipt that prints nothing says so.
      let saysEmpty = rendering.diagnostics.contains { $0.id == "W0504" }
      if rendering.bytes.isEmpty, !(generated.isLabel && name == "text"), !saysEmpty {
        problems.append("\(name) writes nothing")
      }
      outputs[name] = rendering.bytes
      // 3. Raster printing prints the preview to its last row.
      if name == "raster" {
        let rows = rendering.previews.reduce(0) { $0 + $1.bitmap.height }
        if let problem = rasterProblem(rendering.bytes, previewRows: rows) {
          problems.append("raster \(problem)")
        }
      }
      if name == "zpl", generated.isLabel {
        let labels = String(decoding: rendering.bytes, as: UTF8.self).components(separatedBy: "^XA").count - 1
        if labels != 1 { problems.append("zpl has \(labels) labels for one record") }
      }
    }

    // 5. fmt is idempotent and changes no output byte.
    let formatted = Formatter().format(SourceFile(path: "generated.slip", text: generated.template))
    if let text = formatted.text {
      let again = Formatter().format(SourceFile(path: "generated.slip", text: text)).text
      if again != text { problems.append("fmt is not idempotent") }
      for (name, target) in [("text", Target.text), ("escpos", .escpos(mode: .text)), ("zpl", .zpl())] {
        let bytes = renderer.render(Self.source(text), data: data(generated.data), target: target).bytes
        if let before = outputs[name], before != bytes { problems.append("fmt changes the \(name) output") }
      }
    } else {
      problems.append("fmt refuses an accepted template")
    }

    // 6. The text view's lines are the paper's.
    if !generated.isLabel, let text = outputs["text"] {
      let paperColumns =
        generated.columns > 42 || generated.template.hasPrefix("receipt paper=80mm") ? 64 : 42
      for line in String(decoding: text, as: UTF8.self).split(separator: "\n")
      where TextWidth.columns(of: line) > max(generated.columns, paperColumns) {
        problems.append("text line wider than the paper: '\(line)'")
      }
    }

    // 7. Hostile data changes only the text it fills.
    let cleanCase = generated.withShop("Kopi Senja")
    let clean = renderer.render(
      source, data: data(cleanCase.data), target: generated.isLabel ? .text : .escpos(mode: .text))
    let cleanKinds = commandKinds(clean.bytes)
    let cleanZPL = String(decoding: outputs["zpl"] ?? [], as: UTF8.self)
    for text in hostile {
      let dirty = generated.withShop(text)
      let escpos = renderer.render(
        source, data: data(dirty.data), target: generated.isLabel ? .text : .escpos(mode: .text))
      guard !escpos.hasErrors else {
        problems.append("hostile \(TemplateGenerator.json(text)) fails to render")
        continue
      }
      let extra =
        generated.isLabel
        ? [] : commandKinds(escpos.bytes).subtracting(cleanKinds).subtracting(Self.layoutKinds)
      if !extra.isEmpty { problems.append("hostile \(TemplateGenerator.json(text)) adds \(extra.sorted())") }
      let zpl = String(
        decoding: renderer.render(source, data: data(dirty.data), target: .zpl()).bytes, as: UTF8.self)
      for command in ["^XA", "^XZ", "~"]
      where zpl.components(separatedBy: command).count
        != cleanZPL.components(separatedBy: command).count
      {
        problems.append("hostile \(TemplateGenerator.json(text)) changes the count of \(command) in the ZPL")
      }
    }
    return (true, problems)
  }

  @Test func generatedCasesHoldEveryProperty() {
    var accepted = 0
    var rejected: [String] = []
    var failures: [String] = []
    let folder = Self.environment["SLIP_PIPELINE_WRITE"].map { URL(fileURLWithPath: $0) }
    if let folder {
      // The cases for scripts/pipeline-check, with the picture they print.
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? FileManager.default.removeItem(at: folder.appendingPathComponent("logo.png"))
      try? FileManager.default.copyItem(
        atPath: Self.templates + "/logo.png", toPath: folder.appendingPathComponent("logo.png").path)
    }
    for seed in Self.seeds {
      let generated = TemplateGenerator.generate(seed: seed)
      if let folder {
        let name = (generated.isLabel ? "label-" : "receipt-") + String(seed)
        try? generated.template.write(
          to: folder.appendingPathComponent(name + ".slip"), atomically: true, encoding: .utf8)
        try? generated.data.write(
          to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
      }
      let result = Self.violations(of: generated)
      if result.accepted {
        accepted += 1
      } else {
        let checked = Self.renderer.check(Self.source(generated.template), data: Self.data(generated.data))
        rejected.append(
          "\(generated)\n" + DiagnosticFormatter().format(checked.diagnostics, sources: checked.sources))
      }
      for problem in result.problems { failures.append("\(problem)\n\(generated)") }
    }
    let share = Double(accepted) / Double(Self.seeds.count)
    let reasons = rejected.map { $0.split(separator: "\n").first { $0.contains("error:") } ?? "" }
    for (reason, count) in Dictionary(grouping: reasons, by: { $0 }).mapValues(\.count) {
      print("pipeline: rejected \(count)× \(reason)")
    }
    print("pipeline: \(accepted) of \(Self.seeds.count) generated cases accepted (\(Int(share * 1000)) ‰)")
    #expect(
      share >= 0.95, "the generator makes invalid templates:\n\(rejected.prefix(5).joined(separator: "\n"))")
    for (kind, count) in Dictionary(grouping: failures, by: { String($0.prefix(50)) }).mapValues(\.count) {
      print("pipeline: violation \(count)× \(kind)")
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) violations; the first:\n\(failures.prefix(5).joined(separator: "\n\n"))")
  }

  @Test func theGeneratorIsSeeded() {
    #expect(TemplateGenerator.generate(seed: 7).template == TemplateGenerator.generate(seed: 7).template)
    #expect(TemplateGenerator.generate(seed: 7).template != TemplateGenerator.generate(seed: 8).template)
    let kinds = Set(Self.seeds.prefix(60).map { TemplateGenerator.generate(seed: $0).isLabel })
    #expect(kinds == [true, false])
  }
}
