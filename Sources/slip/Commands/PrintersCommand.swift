import SlipCore
import SlipESCPOS
import SlipIR
import SlipSupport

/// `slip printers [PRINTER] [--json] [--code-pages]`.
struct PrintersCommand {
  static let usage = """
    USAGE: slip printers [PRINTER] [--json]
           slip printers --code-pages

    Lists the built-in printer profiles, one per line: the ID first, then what the printer
    can do. With a PRINTER (an ID or a profile file), shows that one in full.

    ARGUMENTS:
      PRINTER              a built-in ID (generic-58) or a profile file (./my-printer.json)

    OPTIONS:
      --json               print the profile as JSON: the format '--printer FILE' reads,
                           so a copy of a built-in is the start of your own
      --code-pages         list the code pages a profile may name
      -h, --help           show this help

    EXIT CODES:
      0 ok, 64 usage, 65 malformed profile, 66 missing profile file

    """

  static let spec = Arguments.Spec(
    command: "printers", valued: [], flags: [["--json"], ["--code-pages"], ["-h", "--help"]])

  let printer: String?
  let json: Bool
  let codePages: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count <= 1 else {
      throw UsageError(message: "printers takes at most one printer", command: "printers")
    }
    printer = arguments.positionals.first
    json = arguments.flag("--json")
    codePages = arguments.flag("--code-pages")
    if json, printer == nil {
      throw UsageError(
        message: "'--json' needs the printer to print, such as 'generic-58'", command: "printers")
    }
  }

  /// Prints the list, one profile, or the code pages.
  func run() throws(CommandFailure) -> ExitCode {
    if codePages {
      for page in CodePage.all {
        Console.out("\(page.name.padding(12))\(page.title)\n")
      }
      return .ok
    }
    guard let printer else {
      for profile in PrinterProfile.builtIn {
        Console.out(profile.summary + "\n")
      }
      return .ok
    }
    let profile = try RenderSetup.profile(printer)
    Console.out(json ? profile.json : profile.details)
    return .ok
  }
}

extension String {
  /// The string padded with spaces to `width` characters, with at least one space after it.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}
