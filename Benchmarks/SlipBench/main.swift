import Foundation
import SlipCore
import SlipText

// Measures the compile-once / render-many path an app or a pipeline uses: each bundled receipt
// is compiled once, then rendered to the IR and to text many times. Prints one line per case:
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
for name in ["kopi-senja", "warung-80"] {
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
}
