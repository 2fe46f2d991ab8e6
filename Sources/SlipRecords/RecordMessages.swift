// The record readers' messages, alphabetical: E048x, and E0421 (the data's own "not an object",
// for a line of JSON Lines). Nothing else in the module words a problem.

extension CSVReader.Problem {
  /// A quote in the middle of a field that did not start with one.
  static func quoteInsideField(line: Int, column: Int) -> Self {
    Self(
      message: "a quote inside a field that does not start with one; quote the whole field "
        + "and double the quotes inside it", line: line, column: column, id: "E0481")
  }

  /// A quoted field whose quote is never closed.
  static func quoteNeverClosed(line: Int, column: Int) -> Self {
    Self(message: "the quote opened here is never closed", line: line, column: column, id: "E0481")
  }

  /// A record longer than the reader keeps.
  static func recordTooLong(limit: Int, line: Int) -> Self {
    Self(
      message: "this record is longer than \(CSVReader.describe(limit)), the most one record may be; "
        + "it is left out", line: line, column: 1, id: "E0484")
  }

  /// Something other than a comma or a line break after a closing quote.
  static func textAfterQuote(_ byte: UInt8, line: Int, column: Int) -> Self {
    Self(
      message: "'\(String(decoding: [byte], as: UTF8.self))' after a closing quote; a quoted field "
        + "ends at its quote", line: line, column: column, id: "E0481")
  }
}

extension RecordInputError {
  /// A file that cannot be opened.
  static func cannotRead(_ what: String, path: String, reason: String) -> Self {
    Self(message: "cannot read \(what) '\(path)': \(reason)")
  }

  /// A directory where a file belongs.
  static func isDirectory(_ what: String, path: String) -> Self {
    Self(message: "\(what) '\(path)' is a directory, not a file")
  }
}

extension RecordProblem {
  /// A header column that is not a path of names.
  static func columnNotAName(_ name: String, line: Int) -> Self {
    RecordProblem(
      message: "the header's column '\(name)' is not a name like 'city' or 'visitor.name'", line: line,
      column: nil, id: "E0483")
  }

  /// Two header columns that name the same data, or one a value and the other inside it.
  static func columnsClash(_ other: String, _ name: String, line: Int) -> Self {
    RecordProblem(
      message: "the header's columns '\(other)' and '\(name)' name the same data", line: line, column: nil,
      id: "E0483")
  }

  /// A row with more or fewer fields than the header.
  static func fieldCount(_ count: Int, header: Int, line: Int) -> Self {
    RecordProblem(
      message: "this row has \(count) field\(count == 1 ? "" : "s"); the header has \(header)", line: line,
      column: nil, id: "E0482")
  }

  /// A line of JSON Lines that is JSON but not an object.
  static func lineNotObject(_ kind: String, line: Int) -> Self {
    RecordProblem(
      message: "each line of a JSON Lines file must be a JSON object, not a \(kind)", line: line, column: 1,
      id: "E0421")
  }

  /// A record longer than the reader keeps.
  static func recordTooLong(line: Int, limit: Int) -> Self {
    RecordProblem(
      message:
        "this record is longer than \(CSVReader.describe(limit)), the most one record may be; it is left out",
      line: line, column: nil, id: "E0484")
  }
}
