import SlipCore

/// What a batch tells its user, as values for a front end to print: each record's errors at its
/// line of the data file, each distinct warning once (with the record it was first seen in), and
/// a summary. Memory stays bounded whatever the number of records.
public struct BatchReport: Sendable {
  /// The data file, as the lines name it.
  public let path: String
  /// Warnings reported so far (up to a bound: memory must not grow with the records).
  private var seen: Set<String> = []
  /// Warnings not reported again because one like them was.
  public private(set) var repeated = 0

  /// A report on the records of `path`.
  public init(path: String) {
    self.path = path
  }

  /// The diagnostics of `record` not reported before; each is then remembered.
  public mutating func freshWarnings(_ record: BatchRecord) -> [Diagnostic] {
    record.diagnostics.filter { diagnostic in
      let key = "\(diagnostic.id) \(diagnostic.message) \(String(describing: diagnostic.range))"
      if seen.contains(key) {
        repeated += 1
        return false
      }
      if seen.count < 1000 { seen.insert(key) }
      return true
    }
  }

  /// `data.jsonl:12: note: first seen in the record on this line`.
  public func firstSeen(_ record: BatchRecord) -> String {
    "\(path):\(record.line): note: first seen in the record on this line"
  }

  /// `data.jsonl:12: note: the record on this line is left out`.
  public func leftOut(_ record: BatchRecord) -> String {
    "\(path):\(record.line): note: the record on this line is left out"
  }

  /// A record that could not be read: a line per problem, at its line (and column).
  public func unreadable(_ record: BatchRecord) -> [String] {
    let place = "\(path):\(record.line):" + (record.column.map { "\($0):" } ?? "")
    return record.diagnostics.map { "\(place) error: \($0.message) [\($0.id)]" }
  }

  /// The lines ending a batch: how many warnings were not repeated, and how many records were
  /// left out beside how many receipts or labels were written.
  public func summary(rendered: Int, failed: Int, labels: Bool) -> [String] {
    var lines: [String] = []
    if repeated > 0 {
      lines.append("slip: \(repeated) warning\(repeated == 1 ? "" : "s") like those above not shown again")
    }
    if failed > 0 {
      let noun = labels ? "label" : "receipt"
      lines.append(
        "slip: \(failed) record\(failed == 1 ? "" : "s") of '\(path)' left out; "
          + "\(rendered) \(noun)\(rendered == 1 ? "" : "s") written")
    }
    return lines
  }
}
