import SlipCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records for batch rendering, one at a time from a file of many: JSON Lines (one object per
/// line) or CSV with a header row. Only the record being rendered is in memory.
public enum RecordFormat: String, Sendable {
  /// One JSON object per line (`.jsonl`, `.ndjson`).
  case jsonLines = "JSON Lines"
  /// CSV with a header row naming the fields (`.csv`).
  case csv = "CSV"

  /// The format a data file's name says, or nil for a single JSON document.
  public init?(path: String) {
    let lower = path.lowercased()
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
      self = .jsonLines
    } else if lower.hasSuffix(".csv") {
      self = .csv
    } else {
      return nil
    }
  }
}

/// One record of a batch: its data, and where it is in the file.
package struct DataRecord {
  /// The record's values; nil when it is rendered from its JSON text (a single document, or a
  /// line that is not JSON, which the compiler then reports).
  package var object: JSONObject?
  /// The line it starts on, 1-based.
  package var line: Int
  /// The record's own text when it came from JSON Lines, for diagnostics that point into it.
  package var json: [UInt8]?

  /// A record of `object` (or of its JSON text `json`) starting on `line`.
  package init(object: JSONObject?, line: Int, json: [UInt8]?) {
    self.object = object
    self.line = line
    self.json = json
  }
}

extension DataRecord {
  /// The record's JSON text as a file in which it sits on its own line (the lines before it
  /// blank), so diagnostics point at the right line of the data file.
  package func sourceFile(path: String) -> SourceFile {
    SourceFile(path: path, bytes: [UInt8](repeating: 0x0A, count: max(0, line - 1)) + (json ?? []))
  }
}

/// A problem with one record of the data file, reported with its line.
package struct RecordProblem: Error {
  /// What is wrong: lower-case, no final period.
  package var message: String
  /// The line, 1-based.
  package var line: Int
  /// The column, 1-based; nil for a whole line.
  package var column: Int?
  /// Stable identifier.
  package var id: String

  /// A problem saying `message` at `line` and `column`, identified by `id`.
  package init(message: String, line: Int, column: Int?, id: String) {
    self.message = message
    self.line = line
    self.column = column
    self.id = id
  }
}

/// A data file that cannot be opened, in words naming it and why.
package struct RecordInputError: Error {
  /// What went wrong: lower-case, no final period.
  package var message: String
}

/// Reads the records of a JSON Lines or CSV file in order.
///
/// The file may be of any length, but each record is at most ``maximumRecordSize`` bytes: a
/// longer one is reported (`E0484`) and skipped without being held in memory.
package struct RecordReader {
  /// 1 MiB: a badge or a receipt's data is a few hundred bytes; a megabyte is a mistake or an
  /// attack, and a line without end must not fill memory.
  package static let maximumRecordSize = 1 << 20

  private var input: ByteInput
  private let format: RecordFormat
  private var csv: CSVReader?
  /// CSV: the header's field names, each split at its dots into a path.
  private var header: [[String]]?
  private var line = 0
  /// The most bytes a record may have here (smaller in the fuzz target, to reach the limit).
  private let maximumRecordSize: Int

  /// A reader of `input` in `format`, records of at most `maximumRecordSize` bytes.
  package init(_ input: ByteInput, format: RecordFormat, maximumRecordSize: Int = Self.maximumRecordSize) {
    self.input = input
    self.format = format
    self.maximumRecordSize = maximumRecordSize
    if format == .csv { csv = CSVReader(input, maximumRecordSize: maximumRecordSize) }
  }

  /// The next record, nil at the end; a bad record throws and reading can carry on after it.
  package mutating func next() throws(RecordProblem) -> DataRecord? {
    switch format {
    case .jsonLines: try nextJSONLine()
    case .csv: try nextCSVRow()
    }
  }

  private mutating func nextJSONLine() throws(RecordProblem) -> DataRecord? {
    while true {
      guard let read = input.line(maximumLength: maximumRecordSize) else { return nil }
      line += 1
      guard case .bytes(let whole) = read else {
        throw RecordProblem.recordTooLong(line: line, limit: maximumRecordSize)
      }
      var text = whole[...]
      if line == 1, text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
      while let last = text.last, last == 0x0D || last == 0x20 || last == 0x09 { text = text.dropLast() }
      guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
      // A line that is not JSON is rendered from its text: the compiler reports where it breaks.
      let bytes = Array(text)
      guard let value = try? JSONReader().read(bytes) else {
        return DataRecord(object: nil, line: line, json: bytes)
      }
      guard case .object(let object) = value else {
        throw RecordProblem.lineNotObject(value.kindName, line: line)
      }
      return DataRecord(object: object, line: line, json: bytes)
    }
  }

  private mutating func nextCSVRow() throws(RecordProblem) -> DataRecord? {
    guard var reader = csv else { return nil }
    // The reader counts lines: it is put back whatever happens (a copy left behind would count
    // every line after the header one short).
    defer { csv = reader }
    var record: CSVReader.Record
    var header = self.header
    while true {
      do throws(CSVReader.Problem) {
        guard let read = try reader.read() else { return nil }
        record = read
      } catch {
        throw RecordProblem(message: error.message, line: error.line, column: error.column, id: error.id)
      }
      if header != nil { break }
      header = try Self.header(record)
      self.header = header
    }
    guard let header else { return nil }
    guard record.fields.count == header.count else {
      throw RecordProblem.fieldCount(record.fields.count, header: header.count, line: record.line)
    }
    var object = JSONObject()
    for (path, value) in zip(header, record.fields) {
      Self.set(.string(value), at: path[...], in: &object)
    }
    return DataRecord(object: object, line: record.line, json: nil)
  }

  /// The header row's names as paths: `visitor.name` is `name` inside `visitor`.
  private static func header(_ record: CSVReader.Record) throws(RecordProblem) -> [[String]] {
    var paths: [[String]] = []
    // Each column's path, and each strict prefix of one, joined with dots (no part holds a dot),
    // so a clash is found by lookups: comparing every pair took minutes for 90,000 columns.
    var columns: [String: String] = [:]
    var prefixes: [String: String] = [:]
    for name in record.fields {
      let path = name.split(separator: ".", omittingEmptySubsequences: false).map { part in
        String(
          part.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
            .reversed())
      }
      guard path.allSatisfy({ !$0.isEmpty }) else {
        throw RecordProblem.columnNotAName(name, line: record.line)
      }
      // A column cannot be both a value and an object holding others, nor appear twice.
      let key = path.joined(separator: ".")
      let heads = (1..<path.count).map { path[..<$0].joined(separator: ".") }
      if let other = columns[key] ?? prefixes[key] ?? heads.lazy.compactMap({ columns[$0] }).first {
        throw RecordProblem.columnsClash(other, name, line: record.line)
      }
      columns[key] = key
      for head in heads where prefixes[head] == nil { prefixes[head] = key }
      paths.append(path)
    }
    return paths
  }

  private static func set(_ value: Value, at path: ArraySlice<String>, in object: inout JSONObject) {
    guard let key = path.first else { return }
    if path.count == 1 {
      object.set(value, forKey: key)
      return
    }
    var inner: JSONObject
    if case .object(let existing) = object[key] { inner = existing } else { inner = JSONObject() }
    // The object lets go of its copy first, so `inner` changes in place rather than being copied
    // for every column (quadratic for a wide header).
    object.set(.null, forKey: key)
    set(value, at: path.dropFirst(), in: &inner)
    object.set(.object(inner), forKey: key)
  }
}

/// A file (or standard input) read in 64 KiB chunks, a byte or a line at a time.
package final class ByteInput {
  private let descriptor: Int32
  private let owned: Bool
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// Whether reading failed (not just ended).
  package private(set) var failed = false

  /// Opens `path`, or standard input for `-`; a failure names the file and why.
  package init(path: String, what: String) throws(RecordInputError) {
    if path == "-" {
      descriptor = 0
      owned = false
      return
    }
    let opened = open(path, O_RDONLY)
    guard opened >= 0 else {
      let reason = String(cString: strerror(errno))
      throw RecordInputError.cannotRead(what, path: path, reason: reason)
    }
    var status = stat()
    if fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      close(opened)
      throw RecordInputError.isDirectory(what, path: path)
    }
    descriptor = opened
    owned = true
  }

  /// Bytes already in memory, for tests.
  package init(bytes: [UInt8]) {
    descriptor = -1
    owned = false
    buffer = bytes
    end = bytes.count
    atEnd = true
  }

  deinit {
    if owned { close(descriptor) }
  }

  /// Reads the next chunk; false at the end of the input.
  private func fill() -> Bool {
    guard !atEnd else { return false }
    if start > 0 {
      buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
      end -= start
      start = 0
    }
    if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
    let count = buffer.withUnsafeMutableBytes { raw in
      read(descriptor, raw.baseAddress! + end, raw.count - end)
    }
    if count < 0 {
      if errno == EINTR { return true }
      failed = true
    }
    if count <= 0 {
      atEnd = true
      return false
    }
    end += count
    return true
  }

  /// The next byte, nil at the end.
  package func next() -> UInt8? {
    if start == end, !fill() { return nil }
    if start == end { return nil }
    let byte = buffer[start]
    start += 1
    return byte
  }

  /// A line as `line(maximumLength:)` reads it.
  package enum Line: Equatable {
    /// The line's bytes, without its line feed.
    case bytes([UInt8])
    /// A line longer than the maximum, skipped without being kept.
    case tooLong
  }

  /// The next line without its line feed, nil at the end. A line longer than `maximumLength`
  /// bytes is skipped to its end without being held in memory, so a file with no line breaks
  /// costs no more than a short one.
  package func line(maximumLength: Int) -> Line? {
    var searched = start
    while true {
      if let newline = buffer[searched..<end].firstIndex(of: 0x0A) {
        defer { start = newline + 1 }
        return newline - start > maximumLength ? .tooLong : .bytes(Array(buffer[start..<newline]))
      }
      if end - start > maximumLength {
        start = end
        while fill() {
          if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
            start = newline + 1
            return .tooLong
          }
          start = end
        }
        return .tooLong
      }
      let kept = end - start
      if !fill() {
        guard start < end else { return nil }
        let line = Array(buffer[start..<end])
        start = end
        return .bytes(line)
      }
      searched = start + kept
    }
  }

  /// Skips a UTF-8 byte order mark at the very start of the input.
  package func skipByteOrderMark() {
    while end - start < 3, fill() {}
    if buffer[start..<end].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
  }
}
