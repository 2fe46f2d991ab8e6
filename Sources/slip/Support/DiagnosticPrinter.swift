import SlipCore

/// Prints a compilation's diagnostics on standard error: as compiler text, coloured on a
/// terminal, or as JSON Lines for pipelines (`slip render --format json`).
enum DiagnosticPrinter {
  /// How diagnostics are printed.
  enum Format: Sendable {
    /// `file:line:col: error: …` with the source line and a caret, and a summary line.
    case text
    /// One JSON object a diagnostic, a line each, as `slip check --format json` lists them.
    case jsonLines
  }

  /// The format of the command running now; set for a command's run by `using(_:_:)`, so every
  /// stage that prints diagnostics (compiling, writing, previews, batches) prints the same way.
  @TaskLocal static var format: Format = .text

  /// Runs `body` with diagnostics printed as `format`.
  static func using<Value>(
    _ format: Format, _ body: () throws(CommandFailure) -> Value
  ) throws(CommandFailure) -> Value {
    let outcome = $format.withValue(format) {
      Result { () throws(CommandFailure) -> Value in try body() }
    }
    return try outcome.get()
  }

  /// Prints every diagnostic, and as text a summary line when there were several.
  static func print(_ diagnostics: [Diagnostic], sources: SourceFiles) {
    guard !diagnostics.isEmpty else { return }
    if format == .jsonLines {
      for entry in DiagnosticJSON().encodeEntries(diagnostics, sources: sources) {
        Console.error(entry + "\n")
      }
      return
    }
    let formatter = DiagnosticFormatter(colors: Console.colorsOnStandardError)
    Console.error(formatter.format(diagnostics, sources: sources))
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    if errors + warnings > 1 {
      Console.error("\(count(errors, "error")), \(count(warnings, "warning"))\n")
    }
  }

  private static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }
}
