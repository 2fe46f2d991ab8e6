import SlipSupport

/// Encodes diagnostics as the JSON object pipelines read:
/// `{"diagnostics": [{"file", "line", "column", "endLine", "endColumn", "severity", "id",
/// "message", "notes", "help", "fixIts"}]}`.
public struct DiagnosticJSON: Sendable {
  /// An encoder.
  public init() {}

  /// The JSON text, one diagnostic per line for readable diffs.
  public func encode(_ diagnostics: [Diagnostic], sources: SourceFiles) -> String {
    wrap(encodeEntries(diagnostics, sources: sources))
  }

  /// Each diagnostic as one JSON object, for callers merging several compilations.
  public func encodeEntries(_ diagnostics: [Diagnostic], sources: SourceFiles) -> [String] {
    diagnostics.map { diagnostic in
      var out = "{"
      out += place(diagnostic.range, sources: sources)
      out += "\"severity\": \(quote(diagnostic.severity.rawValue)), "
      out += "\"id\": \(quote(diagnostic.id)), "
      out += "\"message\": \(quote(diagnostic.message)), "
      out += "\"notes\": ["
      out += diagnostic.notes.map { note in
        "{" + place(note.range, sources: sources) + "\"message\": \(quote(note.message))}"
      }.joined(separator: ", ")
      out += "], \"help\": ["
      out += diagnostic.help.map(quote).joined(separator: ", ")
      out += "], \"fixIts\": ["
      out += diagnostic.fixIts.map { fixIt in
        "{" + place(fixIt.range, sources: sources)
          + "\"message\": \(quote(fixIt.message)), \"replacement\": \(quote(fixIt.replacement))}"
      }.joined(separator: ", ")
      return out + "]}"
    }
  }

  /// The `{"diagnostics": [...]}` object around encoded entries.
  public func wrap(_ entries: [String]) -> String {
    entries.isEmpty
      ? "{\"diagnostics\": []}\n"
      : "{\"diagnostics\": [\n  " + entries.joined(separator: ",\n  ") + "\n]}\n"
  }

  private func place(_ range: SourceRange?, sources: SourceFiles) -> String {
    guard let range, range.file < sources.files.count else {
      return "\"file\": null, \"line\": null, \"column\": null, \"endLine\": null, \"endColumn\": null, "
    }
    let file = sources[range.file]
    let start = file.location(at: range.start)
    let end = file.location(at: range.end)
    return "\"file\": \(quote(file.path)), \"line\": \(start.line), \"column\": \(start.column), "
      + "\"endLine\": \(end.line), \"endColumn\": \(end.column), "
  }

  /// A JSON string literal (the CLI's token dump writes its strings the same way).
  package func quote(_ text: String) -> String {
    JSON.quoted(text)
  }
}
