import Foundation
import SlipKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams and files: the only place the CLI touches the outside world.
enum Console {
  /// Writes `text` to standard output.
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `text` to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Whether standard error is a terminal that wants colour (`NO_COLOR` turns it off).
  static var colorsOnStandardError: Bool {
    isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }

  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// The bytes of `path`, or of standard input for `-`; a failure names the file and why. An
  /// input larger than SlipKit's ``InputFile/maximumSize`` is bad input (exit 65).
  static func read(_ path: String, what: String) throws(CommandFailure) -> [UInt8] {
    do throws(InputError) {
      return path == "-" ? try InputFile.readStandardInput(what: what) : try InputFile.read(path, what: what)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// Writes `bytes` to `path` (standard output for `-`), replacing the file only once the
  /// whole output is written, so a failure never leaves half a receipt behind.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    if path == "-" {
      FileHandle.standardOutput.write(Data(bytes))
      return
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CommandFailure(message: "cannot write '\(path)': \(error.localizedDescription)", code: .ioError)
    }
  }
}
