import BenchSupport
import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipText

// Measures the compile-once / render-many path an app or a pipeline uses: each bundled receipt
// is compiled once, then rendered to the IR, to text and to ESC/POS bytes many times; then
// kopi-senja with 10, 100 and 1,000 items, for how the cost grows with the receipt. Prints one
// line per case (`name<TAB>CPU microseconds per receipt<TAB>detail`: receipts per run, or the
// ESC/POS cases' bytes, each followed by a `memcpy` of as many bytes), read by scripts/bench
// beside scripts/bench_python_escpos.py.
//   SlipBench ROOT [COUNT]      COUNT receipts per timed run of the bundled receipts

let arguments = BenchArguments(defaultCount: 20_000)
let perRun = arguments.count

func load(_ name: String) throws -> (template: CompiledTemplate, data: SourceFile) {
  let folder = arguments.root.appendingPathComponent("templates")
  let source = SourceFile(path: "\(name).slip", bytes: try arguments.read("templates/\(name).slip"))
  let data = SourceFile(path: "\(name).json", bytes: try arguments.read("templates/\(name).json"))
  let compiler = Compiler(loader: FileSystemLoader(root: folder.path, base: folder.path))
  guard let template = compiler.prepare(source).template else {
    fatalError("\(name) does not compile")
  }
  return (template, data)
}

let options = RenderOptions(now: ExactDecimal(1_764_511_509))
let writer = PlainTextWriter()
// SLIP_BENCH_ONLY=kopi-senja measures one template and nothing else, for profiling.
for name in ["kopi-senja", "warung-80"] where Bench.only == nil || Bench.only == name {
  let (template, data) = try load(name)
  // The data as an app holds it: parsed once, rendered for every receipt.
  let values = try JSONReader().read(data.bytes)
  guard case .object(let object) = values else { fatalError("\(name).json is not an object") }
  Bench.report(
    "\(name) text",
    Bench.measure(perRun) { writer.write(template.render(object, options: options).document!).utf8.count },
    perRun)
  Bench.report(
    "\(name) text (JSON parsed each time)",
    Bench.measure(perRun) {
      writer.write(template.render(json: data, options: options).document!).utf8.count
    },
    perRun)
  Bench.report(
    "\(name) IR (JSON parsed each time)",
    Bench.measure(perRun) { template.render(json: data, options: options).document!.blocks.count },
    perRun)
  // The bytes a printer gets, what python-escpos's Dummy builds: render and ESC/POS writer.
  let escpos = ESCPOSWriter(profile: .generic(forPaper: template.media.paper))
  let receiptBytes = (try? escpos.emit(template.render(object, options: options).document!).bytes.count) ?? 0
  Bench.report(
    "\(name) escpos",
    Bench.measure(perRun) {
      (try? escpos.emit(template.render(object, options: options).document!).bytes.count) ?? 0
    },
    receiptBytes)
  Bench.report(
    "memcpy \(name) escpos", Bench.copyFloor(bytes: receiptBytes, count: perRun * 10), receiptBytes)
  let document = template.render(object, options: options).document!
  Bench.report(
    "\(name) escpos (writer only)", Bench.measure(perRun) { (try? escpos.emit(document).bytes.count) ?? 0 },
    perRun)
}

/// kopi-senja's data with `count` items, the same ones scripts/bench_python_escpos.py makes.
func longReceipt(_ count: Int) throws -> JSONObject {
  let names = [
    "Kopi Susu", "Roti Bakar", "Es Teh Manis", "Nasi Goreng", "Pisang Goreng", "Teh Tarik", "Mie Ayam",
    "Air Mineral",
  ]
  var total = 0
  let items = (0..<count).map { index in
    let (qty, price) = (index % 3 + 1, 5_000 + index % 7 * 2_500)
    total += qty * price
    return #"{"name": "\#(names[index % names.count])", "qty": \#(qty), "price": \#(price)}"#
  }
  let json =
    #"{"shop": {"name": "Kopi Senja", "address": "Jl. Tunjungan No. 12, Surabaya"}, "items": ["#
    + items.joined(separator: ", ") + #"], "discount": 0, "total": \#(total)}"#
  guard case .object(let object) = try JSONReader().read(Array(json.utf8)) else { fatalError("bad JSON") }
  return object
}

if Bench.only == nil {
  // How the cost grows with the receipt: fewer receipts per run as they get longer.
  let (template, _) = try load("kopi-senja")
  let escpos = ESCPOSWriter(profile: .generic58)
  for items in [10, 100, 1_000] {
    let object = try longReceipt(items)
    let receipts = max(10, perRun * 2 / items)
    let size = (try? escpos.emit(template.render(object, options: options).document!).bytes.count) ?? 0
    Bench.report(
      "kopi-senja \(items) items escpos",
      Bench.measure(receipts) {
        (try? escpos.emit(template.render(object, options: options).document!).bytes.count) ?? 0
      },
      size)
    Bench.report(
      "memcpy kopi-senja \(items) items escpos", Bench.copyFloor(bytes: size, count: receipts * 10), size)
  }

  // Text full of accents against the same receipt in plain ASCII, letter for letter: the
  // code-page choice must cost no more than 2x (ReceiptPrinterEncoder's automatic code pages
  // cost it 10x).
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
    "Crêpe Suzette", "Tarte naïve", "Jalapeño", "Köfte ürünü", "Ærøskøbing", "Façade", "Æblegrød",
    "Frühstück", "Señoría",
  ]
  let plain = accented.map { name in
    String(name.unicodeScalars.map { $0.value < 0x80 ? Character($0) : "e" })
  }
  let writer58 = ESCPOSWriter(profile: .generic58)
  let plainDocument = try accentReceipt(plain)
  let accentedDocument = try accentReceipt(accented)
  Bench.report(
    "escpos writer, plain ASCII receipt",
    Bench.measure(perRun) { (try? writer58.emit(plainDocument).bytes.count) ?? 0 },
    perRun)
  Bench.report(
    "escpos writer, same receipt accented",
    Bench.measure(perRun) { (try? writer58.emit(accentedDocument).bytes.count) ?? 0 }, perRun)
}
