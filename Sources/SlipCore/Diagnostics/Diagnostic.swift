/// A problem found in a template or its data, as a value: printing is the formatter's job.
public struct Diagnostic: Sendable, Equatable {
  /// How bad a diagnostic is.
  public enum Severity: String, Sendable, Equatable {
    case error
    case warning
    case note
  }

  /// How bad it is.
  public var severity: Severity
  /// Stable identifier such as `E0302`; the hundreds say the stage (see ``DiagnosticMessage``).
  public var id: String
  /// What is wrong: lower-case, no final period, code quoted as `'x'`.
  public var message: String
  /// Where it is; nil only for problems with no place in a file (an unreadable file).
  public var range: SourceRange?
  /// A short label printed under the caret line.
  public var label: String?
  /// Related places, such as the opener of an unclosed block.
  public var notes: [Note]
  /// Suggestions without a place, printed as `= help: …`.
  public var help: [String]
  /// Edits that would fix the problem.
  public var fixIts: [FixIt]

  /// A diagnostic built from a catalog message at `range`.
  public init(
    _ message: DiagnosticMessage,
    at range: SourceRange?,
    notes: [Note] = [],
    help: [String] = [],
    fixIts: [FixIt] = []
  ) {
    self.severity = message.severity
    self.id = message.id
    self.message = message.text
    self.label = message.label
    self.range = range
    self.notes = notes
    self.help = help
    self.fixIts = fixIts
  }

  /// Whether the problem lies in the data rather than the template (IDs `E04xx`).
  public var isDataProblem: Bool { id.hasPrefix("E04") || id.hasPrefix("W04") }
}

/// A secondary message attached to a diagnostic, with its own place.
public struct Note: Sendable, Equatable {
  /// What the note says.
  public var message: String
  /// Where it points, if anywhere.
  public var range: SourceRange?

  /// A note saying `message` at `range`.
  public init(_ message: String, at range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }
}

/// A replacement that fixes a problem.
public struct FixIt: Sendable, Equatable {
  /// What the edit does, for people.
  public var message: String
  /// The text to replace.
  public var range: SourceRange
  /// The new text.
  public var replacement: String

  /// An edit replacing `range` with `replacement`.
  public init(_ message: String, range: SourceRange, replacement: String) {
    self.message = message
    self.range = range
    self.replacement = replacement
  }
}

/// A catalog entry: the identifier, severity and wording of one kind of problem.
///
/// Identifiers by stage: `E01xx` lexer, `E02xx` parser, `E03xx` checker, `E04xx` data and
/// evaluation, `E05xx` layout. Each stage keeps its messages in one file of static factories.
public struct DiagnosticMessage: Sendable, Equatable {
  /// Stable identifier.
  public var id: String
  /// Severity.
  public var severity: Diagnostic.Severity
  /// The message.
  public var text: String
  /// The caret label.
  public var label: String?

  /// A catalog entry.
  public init(id: String, _ severity: Diagnostic.Severity, _ text: String, label: String? = nil) {
    self.id = id
    self.severity = severity
    self.text = text
    self.label = label
  }
}

/// Thrown at the library boundary when compilation produced errors; carries all of them.
public struct DiagnosticsError: Error, Sendable {
  /// Every diagnostic, warnings included, in source order.
  public var diagnostics: [Diagnostic]
  /// The files the diagnostics point into.
  public var sources: SourceFiles

  /// An error carrying `diagnostics` over `sources`.
  public init(diagnostics: [Diagnostic], sources: SourceFiles) {
    self.diagnostics = diagnostics
    self.sources = sources
  }
}

extension [Diagnostic] {
  /// Whether any of these is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// The help lines of diagnostics: each stage words its own in its catalog file, as static
/// factories in alphabetical order, so no help is written where a diagnostic is made.
enum Help {}
