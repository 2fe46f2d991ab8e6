import Foundation
import SlipCore
import SlipESCPOS
import SlipIR
import SlipPNG
import SlipRaster

// The raster engine's speed, read by scripts/bench-raster. Prints one line per case:
// `name<TAB>microseconds per operation<TAB>operations`.
//   RasterBench ROOT PICTURE.png COUNT
// - a picture printed as python-escpos's image() prints it: the PNG decoded, dithered
//   (Floyd–Steinberg) and written as GS v 0 bands, from the file each time;
// - the preview of templates/kopi-senja.slip: rendered from the compiled template, rasterised and
//   encoded as a PNG, per receipt.

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
let picture = URL(fileURLWithPath: CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "picture.png")
let count = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) ?? 200 : 200

/// Median of five timed runs of `body`, in microseconds of this process's CPU time per iteration:
/// on a shared machine, wall-clock time would measure the neighbours too.
func measure(_ count: Int, _ body: () throws -> Int) rethrows -> Double {
  func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }
  var samples: [Double] = []
  var sink = 0
  for _ in 0..<5 {
    let start = now()
    for _ in 0..<count { sink &+= try body() }
    samples.append((now() - start) / Double(count))
  }
  if sink == 42 { print("") }
  return samples.sorted()[2]
}

/// The CLI's decoder.
struct Decoder: ImageDecoder {
  func decode(_ bytes: [UInt8], name: String) throws(ImageDecodeError) -> GreyImage {
    do throws(PNGError) {
      return try PNGDecoder().decode(bytes)
    } catch {
      throw ImageDecodeError(error.message)
    }
  }
}

let options = RenderOptions(now: ExactDecimal(1_764_511_509))
let writer = ESCPOSWriter(profile: .generic58, rasterizer: Rasterizer())

// A picture: the template names it, so each print reads, decodes and dithers it, then writes it.
let folder = picture.deletingLastPathComponent()
let imageTemplate = SourceFile(
  path: "picture.slip",
  text: "receipt paper=58mm\nimage \"\(picture.lastPathComponent)\" dither=floyd-steinberg\n")
let imageCompiler = Compiler(
  loader: FileSystemLoader(root: folder.path, base: folder.path), imageDecoder: Decoder())
let imageBytes = try measure(count) {
  let document = imageCompiler.compile(imageTemplate, data: nil, options: options).document!
  return try writer.emit(document).bytes.count
}
print("slip image: PNG decode, Floyd-Steinberg, GS v 0\t\(imageBytes)\t\(count)")
let pictureBytes = Array(try Data(contentsOf: picture))
let decodeOnly = try measure(count) { try PNGDecoder().decode(pictureBytes).pixels.count }
print("slip image: PNG decode alone\t\(decodeOnly)\t\(count)")

// The kopi-senja preview, compiled once, rendered and drawn per receipt.
let templates = root.appendingPathComponent("templates")
let compiler = Compiler(loader: FileSystemLoader(root: templates.path, base: templates.path))
let source = SourceFile(
  path: "kopi-senja.slip",
  bytes: Array(try Data(contentsOf: templates.appendingPathComponent("kopi-senja.slip"))))
let data = SourceFile(
  path: "kopi-senja.json",
  bytes: Array(try Data(contentsOf: templates.appendingPathComponent("kopi-senja.json"))))
guard let template = compiler.prepare(source).template else { fatalError("kopi-senja does not compile") }
let receipts = count * 10
let preview = try measure(receipts) {
  let document = template.render(json: data, options: options).document!
  let page = try writer.preview(document).pages[0].bitmap
  return try PNGEncoder().encode(page, dpi: 203).count
}
print("slip preview kopi-senja: render, rasterise, PNG\t\(preview)\t\(receipts)")
let document = template.render(json: data, options: options).document!
let rasterOnly = try measure(receipts) { try writer.preview(document).pages[0].bitmap.height }
print("slip preview kopi-senja: rasterise alone\t\(rasterOnly)\t\(receipts)")
let page = try writer.preview(document).pages[0].bitmap
let encodeOnly = try measure(receipts) { try PNGEncoder().encode(page, dpi: 203).count }
print("slip preview kopi-senja: PNG encode alone\t\(encodeOnly)\t\(receipts)")
let rasterMode = try measure(receipts) {
  try ESCPOSWriter(profile: .generic58, rasterizer: writer.rasterizer, mode: .raster).emit(document).bytes
    .count
}
print("slip kopi-senja in raster mode: ESC/POS bytes\t\(rasterMode)\t\(receipts)")
