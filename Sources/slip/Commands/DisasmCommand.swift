import SlipESCPOS
import SlipZPL

/// `slip disasm FILE|- [--printer PRINTER]`.
struct DisasmCommand {
  static let usage = """
    USAGE: slip disasm FILE|- [--printer ID|FILE]

    Lists ESC/POS bytes as readable commands, one a line ('ESC @ | init', text runs as
    quoted strings, unknown bytes as hex). Any bytes give a listing. ZPL (a file that starts
    with '^' or '~') is listed a field a line, with its data decoded and graphics checked.

    ARGUMENTS:
      FILE|-               the bytes, such as 'slip render … -o out.bin' wrote them;
                           '-' reads standard input

    OPTIONS:
      --printer ID|FILE    decode text with this printer's code-page table (default: the
                           numbering Epson and most clones share)
      -h, --help           show this help

    EXIT CODES:
      0 ok, 64 usage, 65 malformed profile, 66 missing file

    """

  static let spec = Arguments.Spec(command: "disasm", valued: [["--printer"]], flags: [["-h", "--help"]])

  let input: String
  let printer: String?

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: arguments.positionals.isEmpty
          ? "missing the file to list" : "disasm takes one file, got \(arguments.positionals.count)",
        command: "disasm")
    }
    input = arguments.positionals[0]
    printer = arguments.value("--printer")
  }

  /// Prints the listing on standard output.
  func run() throws(CommandFailure) -> ExitCode {
    let disassembler =
      if let printer {
        ESCPOSDisassembler(codePages: try RenderSetup.profile(printer).codePages)
      } else {
        ESCPOSDisassembler()
      }
    let bytes = try Console.read(input, what: "file")
    if let first = bytes.first(where: { ![0x20, 0x0A, 0x0D].contains($0) }), first == 0x5E || first == 0x7E {
      Console.out(ZPLListing().listing(bytes))
      return .ok
    }
    Console.out(disassembler.listing(bytes))
    return .ok
  }
}
