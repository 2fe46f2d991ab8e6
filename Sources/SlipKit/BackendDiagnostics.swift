import SlipCore
import SlipIR

/// The backends' warnings and errors (the ESC/POS and ZPL writers' and the raster engine's, one
/// `BackendWarning` and one `BackendError` type) as diagnostics that point into the templates,
/// so they are printed and counted like the compiler's.
enum BackendDiagnostics {
  /// Each warning as a diagnostic at the template text it concerns.
  static func warnings(_ warnings: [BackendWarning], sources: SourceFiles) -> [Diagnostic] {
    warnings.map { warning in
      Diagnostic(
        DiagnosticMessage(id: warning.id, .warning, warning.message), at: range(warning.source, sources))
    }
  }

  /// An error as a diagnostic, with its help.
  static func error(_ error: BackendError, sources: SourceFiles) -> Diagnostic {
    Diagnostic(
      DiagnosticMessage(id: error.id, .error, error.message), at: range(error.source, sources),
      help: error.help.map { [$0] } ?? [])
  }

  /// The byte range of a span in the compilation's files.
  private static func range(_ span: SourceSpan?, _ sources: SourceFiles) -> SourceRange? {
    guard let span, span.file < sources.files.count else { return nil }
    let file = sources[span.file]
    return SourceRange(
      file: span.file, start: file.offset(line: span.line, column: span.column),
      end: file.offset(line: span.endLine, column: span.endColumn))
  }
}

extension [Diagnostic] {
  /// Appends those of `more` not already here (the same ID at the same place): the preview
  /// repeats the writer's warnings about characters no font has.
  mutating func merge(_ more: [Diagnostic]) {
    for diagnostic in more where !contains(where: { $0.id == diagnostic.id && $0.range == diagnostic.range })
    {
      append(diagnostic)
    }
  }
}
