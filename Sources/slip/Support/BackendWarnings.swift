import SlipCore
import SlipIR

/// The backends' warnings (the ESC/POS and ZPL writers' and the raster engine's, one
/// `BackendWarning` type) as diagnostics that point into the templates, so they are printed and
/// counted like the compiler's.
enum BackendWarnings {
  /// Each warning as a diagnostic at the template text it concerns.
  static func diagnostics(_ warnings: [BackendWarning], sources: SourceFiles) -> [Diagnostic] {
    warnings.map { warning in
      Diagnostic(
        DiagnosticMessage(id: warning.id, .warning, warning.message), at: range(warning.source, sources))
    }
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
