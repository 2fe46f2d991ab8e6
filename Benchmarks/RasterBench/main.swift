import BenchSupport
import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipImages
import SlipPNG
import SlipRaster

// The raster engine's speed, read by scripts/bench. Prints one line per case:
// `name<TAB>CPU microseconds per operation<TAB>operations per run`.
//   RasterBench ROOT COUNT PICTURE.png…
// - each picture printed as python-escpos's image() prints it: the PNG decoded, dithered
//   (Floyd–Steinberg) and written as GS v 0 bands, from the file each time; COUNT is the number
//   per run for a 384x600 picture, fewer for bigger ones;
// - the preview of templates/kopi-senja.slip: rendered from the compiled template, rasterised and
//   encoded as a PNG, per receipt.

let arguments = BenchArguments(defaultCount: 200)
let count = arguments.count

let options = RenderOptions(now: ExactDecimal(1_764_511_509))
let writer = ESCPOSWriter(profile: .generic58, rasterizer: Rasterizer())

// A picture: the template names it, so each print reads, decodes and dithers it, then writes it.
for path in arguments.rest {
  let picture = URL(fileURLWithPath: path)
  let folder = picture.deletingLastPathComponent()
  let name = picture.lastPathComponent
  let template = SourceFile(
    path: "picture.slip", text: "receipt paper=58mm\nimage \"\(name)\" dither=floyd-steinberg\n")
  let compiler = Compiler(
    loader: FileSystemLoader(root: folder.path, base: folder.path), imageDecoder: PNGImageDecoder())
  let bytes = Array(try Data(contentsOf: picture))
  let pixels = try PNGDecoder().decode(bytes).pixels.count
  let prints = max(5, count * 384 * 600 / max(pixels, 1))
  let printed = try Bench.measure(prints) {
    let document = compiler.compile(template, data: nil, options: options).document!
    return try writer.emit(document).bytes.count
  }
  Bench.report("slip image \(name): PNG decode, Floyd-Steinberg, GS v 0", printed, prints)
  Bench.report(
    "slip image \(name): PNG decode alone",
    try Bench.measure(prints) { try PNGDecoder().decode(bytes).pixels.count },
    prints)
}

// The kopi-senja preview, compiled once, rendered and drawn per receipt.
let templates = arguments.root.appendingPathComponent("templates")
let compiler = Compiler(loader: FileSystemLoader(root: templates.path, base: templates.path))
let source = SourceFile(path: "kopi-senja.slip", bytes: try arguments.read("templates/kopi-senja.slip"))
let data = SourceFile(path: "kopi-senja.json", bytes: try arguments.read("templates/kopi-senja.json"))
guard let template = compiler.prepare(source).template else { fatalError("kopi-senja does not compile") }
let receipts = count * 10
let preview = try Bench.measure(receipts) {
  let document = template.render(json: data, options: options).document!
  let page = try writer.preview(document).pages[0].bitmap
  return try PNGEncoder().encode(page, dpi: 203).count
}
Bench.report("slip preview kopi-senja: render, rasterise, PNG", preview, receipts)
let document = template.render(json: data, options: options).document!
Bench.report(
  "slip preview kopi-senja: rasterise alone",
  try Bench.measure(receipts) { try writer.preview(document).pages[0].bitmap.height }, receipts)
let page = try writer.preview(document).pages[0].bitmap
Bench.report(
  "slip preview kopi-senja: PNG encode alone",
  try Bench.measure(receipts) { try PNGEncoder().encode(page, dpi: 203).count },
  receipts)
let rasterMode = try Bench.measure(receipts) {
  try ESCPOSWriter(profile: .generic58, rasterizer: writer.rasterizer, mode: .raster).emit(document).bytes
    .count
}
Bench.report("slip kopi-senja in raster mode: ESC/POS bytes", rasterMode, receipts)

// An Arabic receipt of 20 lines (dir=rtl, shaped by HarfBuzz, measured in dots), compiled once,
// rendered and rasterised per receipt: the raster engine's shaping path.
final class ShapedMeasurer: ShapedTextMeasurer {
  let rasterizer: Rasterizer
  init(rasterizer: Rasterizer) { self.rasterizer = rasterizer }
  func width(of text: String, font: Font, direction: TextDirection) -> Int? {
    try? rasterizer.shapedWidth(of: text, font: font, direction: direction)
  }
}
let shapingRasterizer = Rasterizer()
let arabicWriter = ESCPOSWriter(profile: .generic58, rasterizer: shapingRasterizer)
let arabicCompiler = Compiler(shapedTextMeasurer: ShapedMeasurer(rasterizer: shapingRasterizer))
let arabicSource = SourceFile(
  path: "arabic.slip",
  text: """
    receipt paper=58mm dir=rtl
    text "سوق الحمراء" align=center
    for item in items
      row "{{ item.name }} ×{{ item.qty }}" | "{{ item.price }} ر.س"
    end
    text "شكرا لزيارتكم" align=center
    """)
let names = ["قهوة عربية", "تمر سكري", "كعك بالسمسم", "ماء معدني", "شاي بالنعناع", "خبز عربي"]
let items = (0..<18).map {
  "{\"name\": \"\(names[$0 % names.count])\", \"qty\": \($0 % 4 + 1), \"price\": \($0 * 3 + 5)}"
}
let arabicData = SourceFile(path: "arabic.json", text: "{\"items\": [\(items.joined(separator: ", "))]}")
guard let arabic = arabicCompiler.prepare(arabicSource).template else {
  fatalError("the Arabic receipt does not compile")
}
let arabicReceipts = count
let arabicRun = try Bench.measure(arabicReceipts) {
  let document = arabic.render(json: arabicData, options: options).document!
  return try arabicWriter.preview(document).pages[0].bitmap.bits.count
}
Bench.report("slip preview Arabic receipt, 20 lines: render, shape, rasterise", arabicRun, arabicReceipts)
