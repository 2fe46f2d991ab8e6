import SlipCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `slip` command: dispatches to a subcommand and turns its outcome into an exit code.
@main
enum Slip {
  static let usage = """
    USAGE: slip <command> [options]

    Compiles receipt templates into what printers print.

    COMMANDS:
      render    compile a template with its data and write the result
      check     report every problem in templates, rendering nothing
      printers  list the printer profiles, or show one
      disasm    list ESC/POS bytes as readable commands
      scan      list nearby Bluetooth LE printers
      send      send a rendered job's bytes to a Bluetooth LE printer
      print     render a template and send it to a Bluetooth LE printer
      info      show a Bluetooth LE printer's Device Information and characteristics

    Run 'slip <command> --help' for a command's options.

    """

  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }

  /// Runs a command line and returns its exit code; everything printed goes through Console.
  static func run(_ arguments: [String]) -> ExitCode {
    guard let command = arguments.first else {
      Console.error(usage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "render":
        let parsed = try Arguments(rest, spec: RenderCommand.spec)
        if parsed.flag("--help") { return help(RenderCommand.usage) }
        return try RenderCommand(parsed).run()
      case "check":
        let parsed = try Arguments(rest, spec: CheckCommand.spec)
        if parsed.flag("--help") { return help(CheckCommand.usage) }
        return try CheckCommand(parsed).run()
      case "printers":
        let parsed = try Arguments(rest, spec: PrintersCommand.spec)
        if parsed.flag("--help") { return help(PrintersCommand.usage) }
        return try PrintersCommand(parsed).run()
      case "disasm":
        let parsed = try Arguments(rest, spec: DisasmCommand.spec)
        if parsed.flag("--help") { return help(DisasmCommand.usage) }
        return try DisasmCommand(parsed).run()
      case "scan":
        let parsed = try Arguments(rest, spec: ScanCommand.spec)
        if parsed.flag("--help") { return help(ScanCommand.usage) }
        return try ScanCommand(parsed).run()
      case "send":
        let parsed = try Arguments(rest, spec: SendCommand.spec)
        if parsed.flag("--help") { return help(SendCommand.usage) }
        return try SendCommand(parsed).run()
      case "print":
        let parsed = try Arguments(rest, spec: PrintCommand.spec)
        if parsed.flag("--help") { return help(PrintCommand.usage) }
        return try PrintCommand(parsed).run()
      case "info":
        let parsed = try Arguments(rest, spec: InfoCommand.spec)
        if parsed.flag("--help") { return help(InfoCommand.usage) }
        return try InfoCommand(parsed).run()
      case "-h", "--help", "help":
        return help(usage)
      case "--version":
        Console.out("slip 0.1.0\n")
        return .ok
      default:
        let commands = ["render", "check", "printers", "disasm", "scan", "send", "print", "info"]
        let hint = Suggestion.closest(to: command, in: commands).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "unknown command '\(command)'\(hint)", command: "")
      }
    } catch let error as UsageError {
      let helpCommand = error.command.isEmpty ? "slip --help" : "slip \(error.command) --help"
      Console.error("slip: error: \(error.message)\nsee '\(helpCommand)'\n")
      return .usage
    } catch let failure as CommandFailure {
      Console.error("slip: error: \(failure.message)\n")
      return failure.code
    } catch {
      Console.error("slip: error: \(error)\n")
      return .ioError
    }
  }

  private static func help(_ text: String) -> ExitCode {
    Console.out(text)
    return .ok
  }
}
