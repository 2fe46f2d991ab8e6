import SlipCore
import SlipRecords

/// The records of a batch, read one at a time: a JSON Lines or CSV file of any length (only the
/// record being rendered is in memory), or a single JSON document (a batch of one).
public struct Records {
  /// The data file as diagnostics name it (`<stdin>` for standard input).
  public let path: String
  /// JSON Lines or CSV; nil for a single JSON document.
  public let format: RecordFormat?
  private var reader: RecordReader?
  private var single: DataRecord?
  private var input: ByteInput?
  /// A record read ahead by `peek`, or the problem reading it.
  private var ahead: Result<DataRecord?, RecordProblem>?

  /// The records of the file at `path` (`-`: standard input), in the format its name says
  /// (`.jsonl`, `.ndjson`, `.csv`), else one JSON document read whole.
  public init(path: String) throws(InputError) {
    self.path = path == "-" ? "<stdin>" : path
    format = RecordFormat(path: path)
    if let format {
      do throws(RecordInputError) {
        input = try ByteInput(path: path, what: "data file")
      } catch {
        throw InputError(.missing, error.message)
      }
      reader = input.map { RecordReader($0, format: format) }
    } else {
      // Rendered from its text, so the compiler reports malformed JSON in it as usual.
      single = DataRecord(object: nil, line: 1, json: try InputFile.read(path, what: "data file"))
    }
  }

  /// The records in `bytes`, named `path` in diagnostics, in `format` (nil: one JSON document).
  public init(bytes: [UInt8], format: RecordFormat?, path: String) {
    self.path = path
    self.format = format
    if let format {
      let input = ByteInput(bytes: bytes)
      self.input = input
      reader = RecordReader(input, format: format)
    } else {
      single = DataRecord(object: nil, line: 1, json: bytes)
    }
  }

  /// Whether reading the file failed partway (not just ended).
  var failed: Bool { input?.failed ?? false }

  /// The next record, nil at the end; a bad record throws and reading carries on after it.
  mutating func next() throws(RecordProblem) -> DataRecord? {
    if let ahead {
      self.ahead = nil
      return try ahead.get()
    }
    if reader != nil { return try reader?.next() }
    defer { single = nil }
    return single
  }

  /// The next record without taking it; nil at the end or when it is bad (`next` reports it).
  mutating func peek() -> DataRecord? {
    if ahead == nil {
      do throws(RecordProblem) {
        ahead = .success(try next())
      } catch {
        ahead = .failure(error)
      }
    }
    guard case .success(let record) = ahead else { return nil }
    return record
  }
}
