import Foundation
import SlipCore
import SlipESCPOS
import SlipIR
import SlipText

// Measures the compile-once / render-many path an app or a pipeline uses: each bundled receipt
// is compiled once, then rendered to the IR, to text and to ESC/POS bytes many times. Prints one line per case:
// `name<TAB>microseconds per receipt<TAB>receipts`, read by scripts/bench.

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
let iterations = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 100_000 : 100_000

func load(_ name: String) throws -> (template: CompiledTemplate, data: SourceFile) {
  let folder = root.appendingPathComponent("templates")
  let source = SourceFile(
    path: "\(name).slip", bytes: Array(try Data(contentsOf: folder.appendingPathComponent("\(name).slip"))))
  let data = SourceFile(
    path: "\(name).json", bytes: Array(try Data(contentsOf: folder.appendingPathComponent("\(name).json"))))
  let compiler = Compiler(loader: FileSystemLoader(root: folder.path, base: folder.path))
  guard let template = compiler.prepare(source).template else {
    fatalError("\(name) does not compile")
  }
  return (template, data)
}

/// Median of five timed runs of `body`, in microseconds per iteration.
func measure(_ count: Int, _ body: () -> Int) -> Double {
  var samples: [Double] = []
  var sink = 0
  for _ in 0..<5 {
    let start = ContinuousClock.now
    for _ in 0..<count { sink &+= body() }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    samples.append(seconds * 1e6 / Double(count))
  }
  if sink == 42 { print("") }
  return samples.sorted()[2]
}

let options = RenderOptions(now: ExactDecimal(1_764_511_509))
let writer = PlainTextWriter()
// SLIP_BENCH_ONLY=kopi-senja measures one template, for profiling.
let only = ProcessInfo.processInfo.environment["SLIP_BENCH_ONLY"]
for name in ["kopi-senja", "warung-80"] where only == nil || only == name {
  let (template, data) = try load(name)
  let perRun = iterations / 5
  // The data as an app holds it: parsed once, rendered for every receipt.
  let values = try JSONReader().read(data.bytes)
  guard case .object(let object) = values else { fatalError("\(name).json is not an object") }
  let fromValues = measure(perRun) {
    writer.write(template.render(object, options: options).document!).utf8.count
  }
  print("\(name) text\t\(fromValues)\t\(perRun)")
  let withJSON = measure(perRun) {
    writer.write(template.render(json: data, options: options).document!).utf8.count
  }
  print("\(name) text (JSON parsed each time)\t\(withJSON)\t\(perRun)")
  let irOnly = measure(perRun) {
    template.render(json: data, options: options).document!.blocks.count
  }
  print("\(name) IR (JSON parsed each time)\t\(irOnly)\t\(perRun)")
  // The bytes a printer gets, what python-escpos's Dummy builds: render and ESC/POS writer.
  let escpos = ESCPOSWriter(profile: .generic(forPaper: template.media.paper))
  let bytes = measure(perRun) {
    (try? escpos.emit(template.render(object, options: options).document!).bytes.count) ?? 0
  }
  print("\(name) escpos\t\(bytes)\t\(perRun)")
  let document = template.render(object, options: options).document!
  let emitOnly = measure(perRun) { (try? escpos.emit(document).bytes.count) ?? 0 }
  print("\(name) escpos (writer only)\t\(emitOnly)\t\(perRun)")
}

// Text full of accents against the same receipt in plain ASCII, letter for letter: the code-page
// choice must cost no more than 2x (ReceiptPrinterEncoder's automatic code pages cost it 10x).
func accentReceipt(_ names: [String]) throws -> Document {
  let (template, _) = try load("kopi-senja")
  let items = names.map { #"{"name": "\#($0)", "qty": 2, "price": 18000}"# }.joined(separator: ", ")
  let shop = #""shop": {"name": "\#(names[0])", "address": "\#(names.joined(separator: " "))"}"#
  let json = #"{\#(shop), "items": [\#(items)], "discount": 0, "total": 54000}"#
  guard case .object(let object) = try JSONReader().read(Array(json.utf8)) else { fatalError("bad JSON") }
  return template.render(object, options: options).document!
}
let accented = [
  "Crème brûlée", "Café au lait", "Piña colada", "Smørrebrød", "Müsli à l'été", "Pâté en croûte",
  "Crêpe Suzette",
  "Tarte naïve", "Jalapeño", "Köfte ürünü", "Ærøskøbing", "Façade", "Æblegrød", "Frühstück", "Señoría",
]
let plain = accented.map { name in
  String(name.unicodeScalars.map { $0.value < 0x80 ? Character($0) : "e" })
}
let writer58 = ESCPOSWriter(profile: .generic58)
let plainDocument = try accentReceipt(plain)
let accentedDocument = try accentReceipt(accented)
let perRun = iterations / 5
let plainTime = measure(perRun) { (try? writer58.emit(plainDocument).bytes.count) ?? 0 }
print("escpos writer, plain ASCII receipt\t\(plainTime)\t\(perRun)")
let accentedTime = measure(perRun) { (try? writer58.emit(accentedDocument).bytes.count) ?? 0 }
print("escpos writer, same receipt accented\t\(accentedTime)\t\(perRun)")
