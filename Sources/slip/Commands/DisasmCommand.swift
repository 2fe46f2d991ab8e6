import SlipESCPOS
import SlipZPL
import SlipZlib

/// `slip disasm FILE|- [--printer PRINTER]`.
struct DisasmCommand {
  static let usage = """
    USAGE: slip disasm FILE|- [--printer ID|FILE] [--strict]

    Lists ESC/POS bytes as readable commands, one a line ('ESC @ | init', text runs as
    quoted strings, unknown bytes as hex). Any bytes give a listing. ZPL (a file that starts
    with '^' or '~', after a byte-order mark) is listed a field a line, with its data decoded
    as the printer reads it, graphics checked and commands no printer knows marked 'unknown'.

    ARGUMENTS:
      FILE|-               the bytes, such as 'slip render … -o out.bin' wrote them;
                           '-' reads standard input

    OPTIONS:
      --printer ID|FILE    decode text with this printer's code-page table (default: the
                           numbering Epson and most clones share)
      --strict             exit 65 when the bytes hold unknown commands, each named
                           on standard error
      -h, --help           show this help

    EXIT CODES:
      0 ok, 64 usage, 65 malformed profile or (with --strict) unknown commands,
      66 missing file

    """

  static let spec = Arguments.Spec(
    command: "disasm", valued: [["--printer"]], flags: [["--strict"], ["-h", "--help"]])

  let input: String
  let printer: String?
  let strict: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    input = try arguments.single("file", missing: "missing the file to list")
    printer = arguments.value("--printer")
    strict = arguments.flag("--strict")
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
    let name = input == "-" ? "<stdin>" : input
    if ZPLListing.isZPL(bytes) {
      let listing = ZPLListing(compressor: ZlibCompressor()).list(bytes)
      Console.out(listing.text)
      guard strict, !listing.unknownCommands.isEmpty else { return .ok }
      for command in listing.unknownCommands {
        Console.error(
          "\(name):\(command.line):\(command.column): error: unknown ZPL command '\(command.name)'\n")
      }
      return .badData
    }
    let listing = disassembler.disassemble(bytes)
    Console.out(listing.text)
    guard strict, listing.unknownCommands > 0 else { return .ok }
    Console.error(
      "\(name): error: \(listing.unknownCommands) unknown ESC/POS command\(listing.unknownCommands == 1 ? "" : "s")\n"
    )
    return .badData
  }
}
