import SlipCore
import SlipSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `slip` command: dispatches to a subcommand and turns its outcome into an exit code.
@main
enum Slip {
  static var usage: String {
    let width = commands.map(\.name.count).max() ?? 0
    let lines = commands.map { command in
      "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
    }
    return """
      USAGE: slip <command> [options]

      Compiles receipt and label templates into what printers print, and sends them.

      COMMANDS:
      \(lines.joined(separator: "\n"))

      Run 'slip <command> --help' for a command's options.

      """
  }

  /// Every subcommand, in the order `slip --help` lists them.
  static let commands: [CommandEntry] = [
    RenderCommand.entry, CheckCommand.entry, GalleryCommand.entry, FormatCommand.entry, PrintersCommand.entry,
    DisasmCommand.entry,
    ScanCommand.entry, SendCommand.entry, PrintCommand.entry, StatusCommand.entry, InfoCommand.entry,
    ServeCommand.entry, DesignCommand.entry,
  ]

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
      case let name where commands.contains { $0.name == name }:
        let command = commands.first { $0.name == name }!
        return try command.main(rest)
      case "-h", "--help", "help":
        Console.out(usage)
        return .ok
      case "--version":
        Console.out("slip 0.1.0\n")
        return .ok
      default:
        let hint =
          Suggestion.closest(to: command, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
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
}
