import SlipCore
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// The IR dump is the contract the golden tests hold every template to (`expected.ir`): two
/// documents with the same dump must print the same. So for every generated case, each of a
/// set of one-field changes to its document (a run's text, place or style, a line's font,
/// scale or direction, a rule, a feed, a cut, a picture's dots, a symbol's modules, a label
/// element's place or size) either changes the dump or changes no output of any backend: a
/// change the backends print and the dump does not show is a hole in every golden.
@Suite struct IRDumpPropertyTests {
  static let renderer = PipelinePropertyTests.renderer

  /// Every output of `result`'s document: text, ESC/POS in text and raster mode, the preview's
  /// dots, ZPL for labels; an error as its message.
  static func outputs(_ result: Compiler.Result, isLabel: Bool) -> [String: [UInt8]] {
    var outputs: [String: [UInt8]] = [:]
    var targets: [(String, Target, PreviewOptions?)] = [("text", .text, nil)]
    if isLabel {
      targets.append(("zpl", .zpl(), PreviewOptions()))
    } else {
      targets += [
        ("escpos", .escpos(mode: .text), nil),
        ("raster", .escpos(mode: .raster), PreviewOptions(mode: .raster)),
      ]
    }
    for (name, target, previews) in targets {
      let rendering = renderer.write(result, target: target, previews: previews)
      outputs[name] = rendering.hasErrors ? Array("error".utf8) : rendering.bytes
      for (index, page) in rendering.previews.enumerated() {
        outputs["\(name) preview \(index)"] = page.bitmap.bits
        outputs["\(name) preview \(index) size"] = Array("\(page.bitmap.width)x\(page.bitmap.height)".utf8)
      }
    }
    return outputs
  }

  @Test(arguments: PipelinePropertyTests.seeds.prefix(60))
  func everyPrintedChangeShowsInTheDump(seed: UInt64) throws {
    let generated = TemplateGenerator.generate(seed: seed)
    let source = PipelinePropertyTests.source(generated.template)
    let result = Self.renderer.check(source, data: PipelinePropertyTests.data(generated.data))
    guard !result.diagnostics.hasErrors, let document = result.document else { return }
    let dump = document.dump()
    let printed = Self.outputs(result, isLabel: generated.isLabel)
    var changed = 0
    for (name, mutated) in DocumentMutations.of(document) {
      var variant = result
      variant.document = mutated
      guard mutated.dump() == dump else { continue }
      let outputs = Self.outputs(variant, isLabel: generated.isLabel)
      let differing = outputs.keys.filter { outputs[$0] != printed[$0] }.sorted()
      #expect(differing.isEmpty, "seed \(seed): \(name) prints differently (\(differing)) but dumps the same")
      changed += 1
    }
    // The mutations are meant to be seen: almost every one must change the dump itself.
    #expect(changed <= 2, "seed \(seed): \(changed) changes left the dump as it was")
  }

  /// The golden cases of borders, boxes and columns (issue 21): every change to a band or a
  /// border run shows in the dump.
  @Test(arguments: ["borders", "columns", "box-pictures"])
  func framesChangeTheDump(_ name: String) throws {
    let folder = Repository.root.appendingPathComponent("Tests/GoldenTests/Cases/\(name)")
    let template = try String(contentsOf: folder.appendingPathComponent("template.slip"), encoding: .utf8)
    let data = try String(contentsOf: folder.appendingPathComponent("data.json"), encoding: .utf8)
    let result = Self.renderer.check(
      PipelinePropertyTests.source(template), data: PipelinePropertyTests.data(data))
    let document = try #require(result.document)
    let mutations = DocumentMutations.of(document)
    #expect(
      mutations.contains { $0.0.contains("border") || $0.0.contains("band") || $0.0.contains("valign") })
    for (mutation, mutated) in mutations {
      #expect(mutated.dump() != document.dump(), "\(name): \(mutation) leaves the dump as it was")
    }
  }
}

/// One-field changes to a document, each named: every kind of block and label element, every
/// field a backend reads. A new kind of block or element is a compile error here until it has
/// its changes.
enum DocumentMutations {
  static func of(_ document: Document) -> [(String, Document)] {
    var out: [(String, Document)] = []
    func change(_ name: String, _ edit: (inout Document) -> Void) {
      var copy = document
      edit(&copy)
      if copy != document { out.append((name, copy)) }
    }
    change("the media's direction") {
      $0.media.direction = $0.media.direction == .rightToLeft ? .auto : .rightToLeft
    }
    for (index, block) in document.blocks.enumerated().prefix(12) {
      func edit(_ name: String, _ body: (inout Block) -> Void) {
        change("block \(index) \(name)") { body(&$0.blocks[index]) }
      }
      switch block {
      case .text(let line):
        edit("font") { if case .text(var l) = $0 { l.font = l.font == .a ? .b : .a; $0 = .text(l) } }
        edit("scale") { if case .text(var l) = $0 { l.scale.height += 1; $0 = .text(l) } }
        edit("alignment") {
          if case .text(var l) = $0 { l.alignment = l.alignment == .left ? .right : .left; $0 = .text(l) }
        }
        edit("direction") {
          if case .text(var l) = $0 {
            l.direction = l.direction == .rightToLeft ? .auto : .rightToLeft; $0 = .text(l)
          }
        }
        if !line.runs.isEmpty {
          edit("run text") { if case .text(var l) = $0 { l.runs[0].text += "x"; $0 = .text(l) } }
          edit("run column") { if case .text(var l) = $0 { l.runs[0].column += 1; $0 = .text(l) } }
          edit("run width") { if case .text(var l) = $0 { l.runs[0].width += 1; $0 = .text(l) } }
          edit("run bold") { if case .text(var l) = $0 { l.runs[0].style.bold.toggle(); $0 = .text(l) } }
          edit("run underline") {
            if case .text(var l) = $0 { l.runs[0].style.underline.toggle(); $0 = .text(l) }
          }
          edit("run invert") { if case .text(var l) = $0 { l.runs[0].style.invert.toggle(); $0 = .text(l) } }
          edit("run border") { if case .text(var l) = $0 { l.runs[0].border.toggle(); $0 = .text(l) } }
        }
      case .rule:
        edit("character") {
          if case .rule(var r) = $0 { r.character = r.character == "=" ? "-" : "="; $0 = .rule(r) }
        }
        edit("columns") { if case .rule(var r) = $0 { r.columns -= 1; $0 = .rule(r) } }
        edit("bold") { if case .rule(var r) = $0 { r.style.bold.toggle(); $0 = .rule(r) } }
      case .feed:
        edit("lines") { if case .feed(var f) = $0 { f.lines += 1; $0 = .feed(f) } }
      case .cut:
        edit("kind") {
          if case .cut(var c) = $0 { c.kind = c.kind == .full ? .partial : .full; $0 = .cut(c) }
        }
      case .drawer:
        edit("pin") { if case .drawer(var d) = $0 { d.pin = d.pin == 2 ? 5 : 2; $0 = .drawer(d) } }
        edit("time") { if case .drawer(var d) = $0 { d.onMilliseconds += 2; $0 = .drawer(d) } }
      case .image:
        edit("x") { if case .image(var i) = $0 { i.x += 8; $0 = .image(i) } }
        edit("dots") { if case .image(var i) = $0 { i.bitmap[0, 0].toggle(); $0 = .image(i) } }
      case .band(let band):
        edit("valign") {
          if case .band(var b) = $0 { b.alignment = b.alignment == .top ? .bottom : .top; $0 = .band(b) }
        }
        if !band.columns.isEmpty {
          edit("column x") { if case .band(var b) = $0 { b.columns[0].x += 12; $0 = .band(b) } }
          edit("column blocks") {
            if case .band(var b) = $0 {
              b.columns[0].blocks.append(.feed(Feed(lines: 1, source: nil)))
              $0 = .band(b)
            }
          }
        }
        if !band.rules.isEmpty {
          edit("rule weight") {
            if case .band(var b) = $0 {
              b.rules[0].weight = b.rules[0].weight == .single ? .double : .single
              $0 = .band(b)
            }
          }
        }
      case .symbol:
        edit("x") { if case .symbol(var s) = $0 { s.x += 8; $0 = .symbol(s) } }
        edit("data") { if case .symbol(var s) = $0 { s.symbol.data += "1"; $0 = .symbol(s) } }
        edit("modules") { if case .symbol(var s) = $0 { s.symbol.modules[0, 0].toggle(); $0 = .symbol(s) } }
        edit("module") { if case .symbol(var s) = $0 { s.symbol.module += 1; $0 = .symbol(s) } }
      }
    }
    guard let page = document.page else { return out }
    for (index, element) in page.elements.enumerated().prefix(12) {
      func edit(_ name: String, _ body: (inout LabelElement) -> Void) {
        change("element \(index) \(name)") { body(&$0.page!.elements[index]) }
      }
      switch element {
      case .text(let text):
        edit("x") { if case .text(var t) = $0 { t.x += 3; $0 = .text(t) } }
        edit("height") { if case .text(var t) = $0 { t.height += 4; $0 = .text(t) } }
        if !text.lines.isEmpty {
          edit("line text") { if case .text(var t) = $0 { t.lines[0].text += "x"; $0 = .text(t) } }
          edit("line y") { if case .text(var t) = $0 { t.lines[0].y += 5; $0 = .text(t) } }
        }
      case .box:
        edit("width") { if case .box(var b) = $0 { b.width += 5; $0 = .box(b) } }
        edit("y") { if case .box(var b) = $0 { b.y += 5; $0 = .box(b) } }
      case .line:
        edit("thickness") { if case .line(var l) = $0 { l.thickness += 2; $0 = .line(l) } }
      case .circle:
        edit("diameter") { if case .circle(var c) = $0 { c.diameter += 6; $0 = .circle(c) } }
      case .image:
        edit("x") { if case .image(var i) = $0 { i.x += 8; $0 = .image(i) } }
        edit("dots") { if case .image(var i) = $0 { i.bitmap[0, 0].toggle(); $0 = .image(i) } }
      case .symbol:
        edit("x") { if case .symbol(var s) = $0 { s.x += 8; $0 = .symbol(s) } }
        edit("modules") { if case .symbol(var s) = $0 { s.symbol.modules[0, 0].toggle(); $0 = .symbol(s) } }
      }
    }
    return out
  }
}
