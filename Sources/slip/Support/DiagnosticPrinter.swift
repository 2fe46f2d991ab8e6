import SlipCore

/// Prints diagnostics on standard error: as compiler text, coloured on a terminal, or as JSON
/// Lines for pipelines (`slip render --format json`). A command makes one and hands it to what
/// prints for it, so every stage's diagnostics come out the same way.
struct DiagnosticPrinter {
  /// How diagnostics are printed.
  enum Format: Sendable {
    /// `file:line:col: error: …` with the source line and a caret, and a summary line.
    case text
    /// One JSON object a diagnostic, a line each, as `slip check --format json` lists them.
    case jsonLines
  }

  /// The format.
  var format: Format = .text

  /// Prints every diagnostic, and as text a summary line when there were several.
  func print(_ diagnostics: [Diagnostic], sources: SourceFiles) {
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

  private func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }
}
