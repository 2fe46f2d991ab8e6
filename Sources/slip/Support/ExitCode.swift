import SlipCore
import SlipKit

/// The process exit codes, sysexits style, decided here and nowhere else.
enum ExitCode: Int32 {
  /// Success.
  case ok = 0
  /// The template has errors.
  case templateErrors = 1
  /// The command line is wrong.
  case usage = 64
  /// The data is malformed or does not fit the template.
  case badData = 65
  /// An input file is missing or unreadable.
  case missingInput = 66
  /// The printer (or Bluetooth itself) cannot be reached.
  case unavailable = 69
  /// Output could not be written, or a transport failed while sending.
  case ioError = 74

  /// The code for a finished rendering: the most serious of its errors' codes.
  static func forDiagnostics(_ diagnostics: [Diagnostic]) -> ExitCode {
    worst(diagnostics.filter { $0.severity == .error }.map(forError))
  }

  /// An error's code, by the stage its ID names: the data's (`E04xx`) 65; a file that cannot be
  /// read (`E0001`), a missing font file (`E0701`) or service configuration (`E1011`) 66; a printer that cannot print the
  /// template as chosen (`E06xx`, `E09xx`) or a service configuration with a mistake (`E10xx`)
  /// 64; a preview that cannot be drawn 74; the
  /// template's own errors 1.
  private static func forError(_ error: Diagnostic) -> ExitCode {
    switch error.id {
    case "E0001", "E0701", "E1011": .missingInput
    case "E0003": .ioError
    case let id where id.hasPrefix("E04"): .badData
    case let id where id.hasPrefix("E06") || id.hasPrefix("E09") || id.hasPrefix("E10"): .usage
    case let id where id.hasPrefix("E07"): .ioError
    default: .templateErrors
    }
  }

  /// The most serious of several outcomes, for commands over many files.
  static func worst(_ codes: [ExitCode]) -> ExitCode {
    let rank: [ExitCode] = [.usage, .missingInput, .unavailable, .ioError, .templateErrors, .badData, .ok]
    return rank.first(where: codes.contains) ?? .ok
  }
}

/// A command line that cannot run: printed with a pointer to the command's help, exit 64.
struct UsageError: Error {
  /// What is wrong.
  var message: String
  /// The command whose help to point at.
  var command: String
}

/// A failure that ends the command with a message and a code.
struct CommandFailure: Error {
  /// What went wrong.
  var message: String
  /// How the process exits.
  var code: ExitCode
}

extension CommandFailure {
  /// An input SlipKit cannot use: a missing file 66, a malformed one 65, an unknown name or a
  /// bad setting 64.
  init(_ error: InputError) {
    let code: ExitCode =
      switch error.reason {
      case .missing: .missingInput
      case .invalid: .badData
      case .unknown, .setting: .usage
      }
    self.init(message: error.message, code: code)
  }
}
