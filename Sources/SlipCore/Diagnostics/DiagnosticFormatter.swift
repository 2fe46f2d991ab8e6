/// Prints diagnostics the way compilers do: `path:line:col: severity: message [ID]`, the source
/// line with its predecessor, a caret underline, then notes, help and fix-its.
public struct DiagnosticFormatter: Sendable {
  /// Whether to use ANSI colours; the CLI turns this on only for a terminal.
  public var colors: Bool

  /// A formatter, plain unless `colors` is set.
  public init(colors: Bool = false) {
    self.colors = colors
  }

  /// All diagnostics, each followed by a blank line.
  public func format(_ diagnostics: [Diagnostic], sources: SourceFiles) -> String {
    var out = ""
    for diagnostic in diagnostics {
      out += format(diagnostic, sources: sources)
      out += "\n"
    }
    return out
  }

  /// One diagnostic with its notes.
  public func format(_ diagnostic: Diagnostic, sources: SourceFiles) -> String {
    var out = ""
    out += header(
      range: diagnostic.range, sources: sources, severity: diagnostic.severity.rawValue,
      message: diagnostic.message + " [\(diagnostic.id)]")
    if let range = diagnostic.range {
      out += snippet(range: range, sources: sources, label: diagnostic.label, context: true)
    }
    for help in diagnostic.help {
      out += "   = help: \(help)\n"
    }
    for fixIt in diagnostic.fixIts {
      let old = text(of: fixIt.range, sources: sources)
      let what =
        old.isEmpty ? "insert '\(fixIt.replacement)'" : "replace '\(old)' with '\(fixIt.replacement)'"
      out += "   = fix-it: \(fixIt.message): \(what)\n"
    }
    for note in diagnostic.notes {
      out += header(range: note.range, sources: sources, severity: "note", message: note.message)
      if let range = note.range {
        out += snippet(range: range, sources: sources, label: nil, context: false)
      }
    }
    return out
  }

  private func header(range: SourceRange?, sources: SourceFiles, severity: String, message: String)
    -> String
  {
    var place = ""
    if let range, range.file < sources.files.count {
      let file = sources[range.file]
      let start = file.location(at: range.start)
      place = "\(file.path):\(start.line):\(start.column): "
    }
    return place + paint(severity + ":", severity: severity) + " " + bold(message) + "\n"
  }

  private func snippet(range: SourceRange, sources: SourceFiles, label: String?, context: Bool)
    -> String
  {
    guard range.file < sources.files.count else { return "" }
    let file = sources[range.file]
    let start = file.location(at: range.start)
    let end = file.location(at: range.end)
    let gutter = String(start.line).count
    func numbered(_ line: Int) -> String {
      let number = String(line)
      return String(repeating: " ", count: gutter - number.count) + number + " | "
        + file.lineText(line) + "\n"
    }
    var out = ""
    if context, start.line > 1, !file.lineText(start.line - 1).allSatisfy({ $0.isWhitespace }) {
      out += numbered(start.line - 1)
    }
    out += numbered(start.line)
    let lineText = file.lineText(start.line)
    // Pad with the line's own tabs so the caret lines up in any tab width.
    var padding = ""
    var underlined = 0
    var column = 1
    for character in lineText {
      let width = TextWidth.columns(of: character)
      if column < start.column {
        padding += character == "\t" ? "\t" : String(repeating: " ", count: width)
      } else if end.line > start.line || column < end.column {
        underlined += max(1, width)
      }
      column += character.unicodeScalars.count
    }
    let carets = "^" + String(repeating: "~", count: max(0, underlined - 1))
    out += String(repeating: " ", count: gutter) + " | " + padding + paint(carets, severity: "error")
    if let label { out += " " + label }
    out += "\n"
    return out
  }

  private func text(of range: SourceRange, sources: SourceFiles) -> String {
    guard range.file < sources.files.count else { return "" }
    let bytes = sources[range.file].bytes
    let start = min(range.start, bytes.count)
    let end = min(range.end, bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private func paint(_ text: String, severity: String) -> String {
    guard colors else { return text }
    let code =
      switch severity {
      case "error": "\u{1B}[1;31m"
      case "warning": "\u{1B}[1;35m"
      default: "\u{1B}[1;36m"
      }
    return code + text + "\u{1B}[0m"
  }

  private func bold(_ text: String) -> String {
    colors ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
  }
}
