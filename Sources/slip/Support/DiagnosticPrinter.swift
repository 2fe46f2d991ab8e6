import SlipCore

/// Prints a compilation's diagnostics on standard error, coloured on a terminal.
enum DiagnosticPrinter {
  /// Prints every diagnostic, and a summary line when there were several.
  static func print(_ diagnostics: [Diagnostic], sources: SourceFiles) {
    guard !diagnostics.isEmpty else { return }
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
