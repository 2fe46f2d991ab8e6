/// CSV as RFC 4180 writes it, read a record at a time from a stream of bytes: fields separated
/// by commas, records by CRLF or LF, a field in double quotes may hold commas, line breaks and
/// doubled quotes. Nothing is read ahead of the record asked for, so memory stays that of one
/// record however long the file is.
///
/// Problems carry the line they are on. After one, reading carries on at the next line (outside
/// any quotes), so every bad line of a file can be reported in one run.
package struct CSVReader {
  /// One record: its fields and the line it starts on (1-based).
  package struct Record: Equatable {
    package var fields: [String]
    package var line: Int

    /// A record of `fields` starting on `line`.
    package init(fields: [String], line: Int) {
      self.fields = fields
      self.line = line
    }
  }

  /// A line that is not CSV.
  package struct Problem: Error, Equatable {
    /// What is wrong: lower-case, no final period.
    package var message: String
    /// The line, 1-based.
    package var line: Int
    /// The column in bytes, 1-based.
    package var column: Int
    /// Stable identifier: `E0481` for malformed CSV, `E0484` for a record too long to keep.
    package var id: String
  }

  private var input: ByteInput
  private var line = 1
  private var column = 0
  /// A byte read but not used yet.
  private var pending: UInt8?
  private var started = false
  /// The most bytes one record may have; a longer one is skipped to the end of its line.
  private let maximumRecordSize: Int
  /// Bytes of the record being read so far.
  private var recordSize = 0

  /// A reader of the bytes `input` delivers, records of at most `maximumRecordSize` bytes.
  package init(_ input: ByteInput, maximumRecordSize: Int = 1 << 20) {
    self.input = input
    self.maximumRecordSize = maximumRecordSize
  }

  private mutating func next() -> UInt8? {
    if let byte = pending {
      pending = nil
      return byte
    }
    guard let byte = input.next() else { return nil }
    if byte == 0x0A {
      line += 1
      column = 0
    } else {
      column += 1
    }
    return byte
  }

  /// The next record; nil at the end of the input. Blank lines are skipped.
  package mutating func read() throws(Problem) -> Record? {
    if !started {
      started = true
      // A UTF-8 byte order mark, as spreadsheets write it, is not part of the first field.
      input.skipByteOrderMark()
    }
    while true {
      guard let first = next() else { return nil }
      if first == 0x0A { continue }
      if first == 0x0D {
        if let after = next(), after != 0x0A { pending = after }
        continue
      }
      pending = first
      return try record()
    }
  }

  /// A record starting at the current byte.
  private mutating func record() throws(Problem) -> Record {
    let start = line
    recordSize = 0
    var fields: [String] = []
    var field: [UInt8] = []
    while true {
      guard let byte = next() else {
        fields.append(String(decoding: field, as: UTF8.self))
        return Record(fields: fields, line: start)
      }
      try count(startingOn: start)
      switch byte {
      case UInt8(ascii: ","):
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
      case 0x0A:
        fields.append(String(decoding: field, as: UTF8.self))
        return Record(fields: fields, line: start)
      case 0x0D:
        if let after = next(), after != 0x0A { pending = after }
        fields.append(String(decoding: field, as: UTF8.self))
        return Record(fields: fields, line: start)
      case UInt8(ascii: "\""):
        guard field.isEmpty else {
          let problem = Problem.quoteInsideField(line: line, column: column)
          skipLine()
          throw problem
        }
        try quoted(into: &field)
      default:
        field.append(byte)
      }
    }
  }

  /// A quoted field's contents, up to its closing quote; what follows must end the field.
  private mutating func quoted(into field: inout [UInt8]) throws(Problem) {
    let openLine = line
    let openColumn = column
    while true {
      guard let byte = next() else {
        throw Problem.quoteNeverClosed(line: openLine, column: openColumn)
      }
      try count(startingOn: openLine)
      guard byte == UInt8(ascii: "\"") else {
        // A line break inside quotes is kept, as LF: spreadsheets write CRLF there too.
        if byte == 0x0D, let after = next() {
          if after != 0x0A { field.append(byte) }
          pending = after
          continue
        }
        field.append(byte)
        continue
      }
      guard let after = next() else { return }
      switch after {
      case UInt8(ascii: "\""):
        field.append(after)
      case UInt8(ascii: ","), 0x0A, 0x0D:
        pending = after
        return
      default:
        let problem = Problem.textAfterQuote(after, line: line, column: column)
        skipLine()
        throw problem
      }
    }
  }

  /// Counts one more byte of the record that starts on `line`; past the most a record may have,
  /// the rest of the current line is skipped and the record reported.
  private mutating func count(startingOn line: Int) throws(Problem) {
    recordSize += 1
    guard recordSize > maximumRecordSize else { return }
    skipLine()
    throw Problem.recordTooLong(limit: maximumRecordSize, line: line)
  }

  /// A size in words: whole MiB as such (the real limit), anything else in bytes.
  static func describe(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes.isMultiple(of: 1 << 20) ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// Skips to the start of the next line.
  private mutating func skipLine() {
    while let byte = next(), byte != 0x0A {}
  }
}
