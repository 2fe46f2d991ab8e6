import SlipCore
import SlipKit

/// `slip check TEMPLATE… [--data FILE] [--format text|json] [--tokens]`.
struct CheckCommand {
  static let usage = """
    USAGE: slip check TEMPLATE... [--data FILE] [--format text|json] [--root DIR]
           slip check TEMPLATE... --tokens

    Reports every problem in the templates at once; renders nothing.

    ARGUMENTS:
      TEMPLATE...          one or more template files

    OPTIONS:
      --data FILE          also evaluate each template with this JSON data, reporting
                           missing paths and type errors
      --tokens             print the lexer's tokens instead, one JSON object a line
                           ({"file", "kind", "text", "line", "column", "endLine",
                           "endColumn"}), for editors; see docs/DIAGNOSTICS.md
      --format text|json   diagnostics as compiler text (default) or one JSON object:
                           {"diagnostics": [{"file", "line", "column", "endLine",
                           "endColumn", "severity", "id", "message", "notes", "help",
                           "fixIts"}]}
      --root DIR           the folder includes must stay in (default: each template's)
    \(RenderSetup.maximumItemsHelp)
      -h, --help           show this help

    EXIT CODES:
      0 no errors, 1 template errors, 64 usage, 65 bad data, 66 missing file

    """

  static let spec = Arguments.Spec(
    command: "check", valued: [["--data"], ["--format"], ["--root"], ["--max-items"]],
    flags: [["-h", "--help"], ["--tokens"]])

  /// Whether to print tokens instead of checking (`--tokens`).
  let tokens: Bool
  let templates: [String]
  let data: String?
  let json: Bool
  let root: String?
  /// `--max-items`: the most lines and pictures a receipt may print with the data.
  let maximumItems: Int?

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(message: "missing the templates to check", command: "check")
    }
    templates = arguments.positionals
    tokens = arguments.flag("--tokens")
    if tokens, arguments.value("--data") != nil || arguments.value("--format") != nil {
      throw UsageError(message: "'--tokens' takes no '--data' or '--format'", command: "check")
    }
    data = arguments.value("--data")
    root = arguments.value("--root")
    maximumItems = try RenderSetup.maximumItems(arguments, command: "check")
    json = try arguments.choice("--format", ["text", "json"], default: "text", command: "check") == "json"
  }

  /// Checks each template; prints diagnostics on standard error (text) or standard output (JSON).
  func run() throws(CommandFailure) -> ExitCode {
    if tokens {
      for path in templates {
        Console.out(TokenJSON.lines(SourceFile(path: path, bytes: try Console.read(path, what: "template"))))
      }
      return .ok
    }
    let dataBytes = try data.map { path throws(CommandFailure) in try Console.read(path, what: "data file") }
    let renderer = try RenderSetup.renderer(maximumItems: maximumItems)
    let printer = DiagnosticPrinter()
    var codes: [ExitCode] = []
    let encoder = DiagnosticJSON()
    var entries: [String] = []
    for path in templates {
      let bytes: [UInt8]
      do throws(CommandFailure) {
        bytes = try Console.read(path, what: "template")
      } catch {
        if json {
          entries += encoder.encodeEntries(
            [Diagnostic(.unreadable(error.message), at: nil)], sources: SourceFiles())
        } else {
          Console.error("slip: error: \(error.message)\n")
        }
        codes.append(error.code)
        continue
      }
      let template = TemplateSource(
        SourceFile(path: path, bytes: bytes), loader: TemplateSource.loader(forTemplateAt: path, root: root))
      let dataFile: TemplateData =
        if let data, let dataBytes { .json(SourceFile(path: data, bytes: dataBytes)) } else { .none }
      let result = renderer.check(template, data: dataFile)
      codes.append(ExitCode.forDiagnostics(result.diagnostics))
      if json {
        entries += encoder.encodeEntries(result.diagnostics, sources: result.sources)
      } else {
        printer.print(result.diagnostics, sources: result.sources)
      }
    }
    if json {
      Console.out(encoder.wrap(entries))
    }
    return ExitCode.worst(codes)
  }
}
