import Foundation
import SlipCore
import SlipESCPOS
import SlipKit

/// What the commands that render read from the command line and the environment, as SlipKit
/// values: the template (a file or standard input), the data, the printer profile, and the
/// renderer with the clock from `SOURCE_DATE_EPOCH` when set (reproducible builds).
enum RenderSetup {
  /// A renderer whose items are limited to `maximumItems` (`--max-items`, the compiler's default
  /// when nil); a malformed `SOURCE_DATE_EPOCH` is a usage error.
  static func renderer(maximumItems: Int? = nil) throws(CommandFailure) -> Renderer {
    do throws(InputError) {
      let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
      return Renderer(options: try .current(sourceDateEpoch: epoch, maximumItems: maximumItems))
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The template at `path` (`-`: standard input), its includes and images inside `root` (or
  /// the template's folder), read through `loader` when given.
  static func template(_ path: String, root: String?, loader: (any TemplateLoader)? = nil)
    throws(CommandFailure)
    -> TemplateSource
  {
    TemplateSource(
      SourceFile(path: path, bytes: try Console.read(path, what: "template")),
      loader: loader ?? TemplateSource.loader(forTemplateAt: path, root: root))
  }

  /// The JSON document at `path` (`-`: standard input), or no data.
  static func data(_ path: String?) throws(CommandFailure) -> TemplateData {
    guard let path else { return .none }
    return .json(
      SourceFile(path: path == "-" ? "<stdin>" : path, bytes: try Console.read(path, what: "data file")))
  }

  /// The profile `--printer` names: a built-in ID or a profile file.
  static func profile(_ name: String) throws(CommandFailure) -> PrinterProfile {
    do throws(InputError) {
      return try PrinterChoice.profile(name)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// The `--max-items N` option's help lines.
  static let maximumItemsHelp = """
      --max-items N        the most lines and pictures one receipt may print (default
                           10000); past it rendering stops with error E0440
    """

  /// The `--max-items` value, when given: a whole number from 1 to 100 million.
  static func maximumItems(_ arguments: Arguments, command: String) throws(UsageError) -> Int? {
    guard let text = arguments.value("--max-items") else { return nil }
    guard let value = Int(text), (1...100_000_000).contains(value) else {
      throw UsageError(
        message: "invalid value '\(text)' for '--max-items'; expected 1 to 100000000", command: command)
    }
    return value
  }
}
