import SlipCore

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

  /// The code for a finished compilation: template errors win over data errors.
  static func forDiagnostics(_ diagnostics: [Diagnostic]) -> ExitCode {
    let errors = diagnostics.filter { $0.severity == .error }
    if errors.isEmpty { return .ok }
    return errors.allSatisfy(\.isDataProblem) ? .badData : .templateErrors
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
