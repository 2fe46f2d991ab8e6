/// What every subcommand provides, in swift-argument-parser's shape: its help, the options it
/// accepts, `init` to validate the command line and `run` to do the work.
protocol Command: SendableMetatype {
  /// The word after `slip`.
  static var name: String { get }
  /// One line for `slip --help`.
  static var summary: String { get }
  /// The command's `--help` text.
  static var usage: String { get }
  /// The options it accepts.
  static var spec: Arguments.Spec { get }
  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError)
  /// Does the work; the exit code says how it went.
  func run() throws(CommandFailure) -> ExitCode
}

extension Command {
  /// Parses `arguments` and runs the command, or prints its help.
  static func main(_ arguments: [String]) throws -> ExitCode {
    let parsed = try Arguments(arguments, spec: spec)
    if parsed.flag("--help") {
      Console.out(usage)
      return .ok
    }
    return try Self(parsed).run()
  }

  /// This command as an entry of the CLI's table.
  static var entry: CommandEntry {
    CommandEntry(name: name, summary: summary) { arguments in try main(arguments) }
  }
}

/// A subcommand in the dispatch table: its name, its summary and how to run it.
struct CommandEntry: Sendable {
  let name: String
  let summary: String
  let main: @Sendable ([String]) throws -> ExitCode
}

// The commands, named and summarised here so `slip --help` and dispatch share one list.
extension RenderCommand: Command {
  static let name = "render"
  static let summary = "compile a template with its data and write the result"
}
extension GalleryCommand: Command {
  static let name = "gallery"
  static let summary = "render a folder of templates with their sample data into a static review page"
}
extension CheckCommand: Command {
  static let name = "check"
  static let summary = "report every problem in templates, rendering nothing"
}
extension FormatCommand: Command {
  static let name = "fmt"
  static let summary = "rewrite templates in the canonical layout"
}
extension PrintersCommand: Command {
  static let name = "printers"
  static let summary = "list the printer profiles, or show one"
}
extension DisasmCommand: Command {
  static let name = "disasm"
  static let summary = "list ESC/POS bytes as readable commands"
}
extension ScanCommand: Command {
  static let name = "scan"
  static let summary = "list nearby Bluetooth LE printers"
}
extension SendCommand: Command {
  static let name = "send"
  static let summary = "send a rendered job's bytes to a printer"
}
extension PrintCommand: Command {
  static let name = "print"
  static let summary = "render a template and send it to a printer"
}
extension StatusCommand: Command {
  static let name = "status"
  static let summary = "ask a printer whether it has paper, its cover is shut, its cutter is free"
}
extension ServeCommand: Command {
  static let name = "serve"
  static let summary = "run the print service: an HTTP API that renders and queues jobs for printers"
}
extension DesignCommand: Command {
  static let name = "design"
  static let summary = "edit a template in the browser, its print drawn as you type"
}
extension InfoCommand: Command {
  static let name = "info"
  static let summary = "show a Bluetooth LE printer's Device Information and characteristics"
}
