import SlipCore
import SlipIR
import SlipText

/// `slip render TEMPLATE [--data FILE|-] [--target text|ir] [-o FILE|-]`.
struct RenderCommand {
  static let usage = """
    USAGE: slip render TEMPLATE [--data FILE|-] [--target text|ir] [-o FILE|-]

    Compiles a template with its data and writes the result.

    ARGUMENTS:
      TEMPLATE             the template file (.slip)

    OPTIONS:
      --data FILE|-        JSON data for the template; '-' reads standard input
      --target text|ir     what to write: the receipt as plain text (default) or the
                           layout IR dump
      -o, --output FILE|-  where to write it (default: standard output)
      --root DIR           the folder includes must stay in (default: the template's)
      -h, --help           show this help

    EXIT CODES:
      0 ok, 1 template errors, 64 usage, 65 bad data, 66 missing file, 74 cannot write

    """

  static let spec = Arguments.Spec(
    command: "render", valued: [["--data"], ["--target"], ["-o", "--output"], ["--root"]],
    flags: [["-h", "--help"]])

  let template: String
  let data: String?
  let target: String
  let output: String
  let root: String?

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: arguments.positionals.isEmpty
          ? "missing the template to render" : "render takes one template, got \(arguments.positionals.count)",
        command: "render")
    }
    template = arguments.positionals[0]
    data = arguments.value("--data")
    target = try arguments.choice("--target", ["text", "ir"], default: "text", command: "render")
    output = arguments.value("--output") ?? "-"
    root = arguments.value("--root")
    if template == "-", data == "-" {
      throw UsageError(message: "the template and the data cannot both come from standard input", command: "render")
    }
  }

  /// Compiles and writes; diagnostics go to standard error.
  func run() throws(CommandFailure) -> ExitCode {
    let source = SourceFile(path: template, bytes: try Console.read(template, what: "template"))
    let dataFile = try data.map { path throws(CommandFailure) in
      SourceFile(path: path == "-" ? "<stdin>" : path, bytes: try Console.read(path, what: "data file"))
    }
    let compiler = CompilerSetup.compiler(template: template, root: root)
    let result = compiler.compile(source, data: dataFile, options: try CompilerSetup.renderOptions())
    DiagnosticPrinter.print(result.diagnostics, sources: result.sources)
    guard let document = result.document else {
      return ExitCode.forDiagnostics(result.diagnostics)
    }
    let text =
      switch target {
      case "ir": document.dump()
      default: PlainTextWriter().write(document)
      }
    try Console.write(Array(text.utf8), to: output)
    return .ok
  }
}
