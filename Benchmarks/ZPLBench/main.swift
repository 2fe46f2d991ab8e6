import BenchSupport
import Foundation
import SlipCore
import SlipFiles
import SlipIR
import SlipImages
import SlipPNG
import SlipRaster
import SlipSymbols
import SlipZPL
import SlipZlib

// The ZPL backend's speed in this process, read by scripts/bench. Prints one line per case:
// `name<TAB>CPU microseconds per operation<TAB>bytes per operation`.
//   ZPLBench ROOT COUNT
// - the badge of templates/event-badge.slip rendered from its compiled template and written as
//   ZPL, as a whole label and as a stored-format recall;
// - the badge's preview: the label drawn by LabelRasterizer and encoded as a PNG, from the
//   rendered document (scripts/bench times zplkit drawing the badge's ZPL beside it), and
//   with the rendering included.

let arguments = BenchArguments(defaultCount: 200)
let count = arguments.count

/// The CLI's measurer.
final class Measurer: TextMeasurer {
  let rasterizer = LabelRasterizer()
  func width(of text: String, height: Int) -> Int { (try? rasterizer.width(of: text, height: height)) ?? 0 }
  var printableASCIIAdvances: [Int]? { LabelRasterizer.printableASCIIAdvances }
  func width(ofAdvance advance: Int, height: Int) -> Int {
    LabelRasterizer.width(ofAdvance: advance, height: height)
  }
}

let templates = arguments.root.appendingPathComponent("templates")
let compiler = Compiler(
  loader: FileSystemLoader(root: templates.path, base: templates.path), imageDecoder: ImageFileDecoder(),
  symbolEncoder: ZintSymbolEncoder(), textMeasurer: Measurer())
let source = SourceFile(
  path: "event-badge.slip",
  bytes: try arguments.read("templates/event-badge.slip"))
guard let compiled = compiler.prepare(source).template,
  case .object(let data) = try JSONReader().read(
    try arguments.read("templates/event-badge.json"))
else { fatalError("templates/event-badge does not compile") }
let options = RenderOptions(now: ExactDecimal(1_764_511_509))
guard let badge = compiled.render(data, options: options).document, let page = badge.page else {
  fatalError("the badge does not render")
}

// For ZPL the printer draws the QR code (`^BQ`): it is measured, not drawn, as SlipKit renders it.
var zplOptions = options
zplOptions.printerDrawsQRCodes = true
let writer = ZPLWriter(compressor: ZlibCompressor())
var bytes: [UInt8] = []
let zpl = Bench.measure(count) {
  bytes.removeAll(keepingCapacity: true)
  _ = writer.emit(compiled.render(data, options: zplOptions).document!, to: &bytes)
  return bytes.count
}
Bench.report("badge: render and write ZPL", zpl, bytes.count)
Bench.report("memcpy badge ZPL", Bench.copyFloor(bytes: bytes.count, count: count * 100), bytes.count)

// The format as the CLI defines it for a batch of this event: the visitor and ticket change.
guard
  case .object(let other) = try JSONReader().read(
    #"{"event": {"name": "Jakarta Tech Week 2026"}, "visitor": {"name": "Sbefo Bkfoh", "company": "Qfsvtbibbo"}, "#
      + #""ticket": {"id": "KUX37-111562"}}"#)
else { fatalError("the variant is not an object") }
let format = try ZPLStoredFormat(
  name: "BADGE", samples: [badge, compiled.render(other, options: options).document!],
  compressor: ZlibCompressor())
let recall = Bench.measure(count) {
  bytes.removeAll(keepingCapacity: true)
  _ = format.recall(compiled.render(data, options: zplOptions).document!, to: &bytes)
  return bytes.count
}
Bench.report("badge: render and write a stored-format recall", recall, bytes.count)

let rasterizer = LabelRasterizer()
var png: [UInt8] = []
let preview = try Bench.measure(count) {
  png = try PNGEncoder().encode(try rasterizer.render(page).bitmap, dpi: page.dpi)
  return png.count
}
Bench.report("badge: preview PNG from the rendered label", preview, png.count)
let renderedPreview = try Bench.measure(count) {
  let document = compiled.render(data, options: options).document!
  png = try PNGEncoder().encode(try rasterizer.render(document.page!).bitmap, dpi: page.dpi)
  return png.count
}
Bench.report("badge: render and preview PNG", renderedPreview, png.count)
