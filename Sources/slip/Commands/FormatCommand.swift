import SlipCore

/// `slip fmt FILE… [--check]` and `slip fmt -`.
struct FormatCommand {
  static let usage = """
    USAGE: slip fmt FILE... [--check]
           slip fmt -

    Rewrites templates in place in the canonical layout: blocks indented by two spaces, one
    space between words and around '|' and operators, options in one order, comments kept.
    Formatting twice changes nothing. A file that does not parse is left as it is.

    ARGUMENTS:
      FILE...       templates to format; '-' formats standard input to standard output

    OPTIONS:
      --check       change nothing; exit 1 naming the files that would change
      -h, --help    show this help

    EXIT CODES:
      0 formatted (or already formatted), 1 files would change or do not parse,
      64 usage, 66 missing file, 74 cannot write

    """

  static let spec = Arguments.Spec(command: "fmt", valued: [], flags: [["--check"], ["-h", "--help"]])

  let files: [String]
  let check: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(message: "missing the templates to format", command: "fmt")
    }
    if arguments.positionals.contains("-"), arguments.positionals.count > 1 {
      throw UsageError(message: "'-' formats standard input alone", command: "fmt")
    }
    files = arguments.positionals
    check = arguments.flag("--check")
  }

  /// Formats each file; problems go to standard error.
  func run() throws(CommandFailure) -> ExitCode {
    var codes: [ExitCode] = []
    for path in files {
      let bytes: [UInt8]
      do throws(CommandFailure) {
        bytes = try Console.read(path, what: "template")
      } catch {
        Console.error("slip: error: \(error.message)\n")
        codes.append(error.code)
        continue
      }
      let source = SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
      let (text, diagnostics) = Formatter().format(source)
      var sources = SourceFiles()
      _ = sources.add(source)
      guard let text else {
        DiagnosticPrinter().print(diagnostics, sources: sources)
        codes.append(.templateErrors)
        continue
      }
      if path == "-" {
        Console.out(text)
      } else if Array(text.utf8) != bytes {
        if check {
          Console.error("\(path): would be reformatted\n")
          codes.append(.templateErrors)
        } else {
          try Console.write(Array(text.utf8), to: path)
        }
      }
    }
    return ExitCode.worst(codes)
  }
}
