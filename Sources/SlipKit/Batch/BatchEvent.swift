import SlipCore

/// What a batch made of one record, handed to the caller as soon as it is made.
public enum BatchEvent: Sendable {
  /// A record rendered: its bytes (with a stored format defined before its recall) and the
  /// warnings of its rendering.
  case rendered(BatchRecord)
  /// A record the template could not render, left out: its errors, pointing into the record's
  /// own line of the data file where it is JSON.
  case skipped(BatchRecord)
  /// A record that could not be read (a CSV row of the wrong length, a record too long), left
  /// out: one diagnostic, at ``BatchRecord/line`` and ``BatchRecord/column`` of the data file.
  case unreadable(BatchRecord)
  /// The batch cannot go on (the data file failed partway, no stored format can be made, the
  /// printer cannot print the template): the diagnostic says why. Nothing follows it.
  case stopped(Diagnostic)
}

/// One record's outcome in a batch.
public struct BatchRecord: Sendable {
  /// The line of the data file the record starts on, 1-based.
  public var line: Int
  /// The column of a problem reading it, 1-based; nil for the whole line.
  public var column: Int?
  /// The target's bytes for the record; empty when it was left out.
  public var bytes: [UInt8]
  /// Its errors or warnings.
  public var diagnostics: [Diagnostic]
  /// The files the diagnostics point into.
  public var sources: SourceFiles

  /// A record's outcome.
  public init(line: Int, column: Int? = nil, bytes: [UInt8], diagnostics: [Diagnostic], sources: SourceFiles)
  {
    self.line = line
    self.column = column
    self.bytes = bytes
    self.diagnostics = diagnostics
    self.sources = sources
  }
}
