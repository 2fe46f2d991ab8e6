import SlipIR

/// Line and column of every byte of a compiled template's files, worked out once when the
/// template compiles, so each rendering turns ranges into the IR's spans without scanning lines.
struct SpanIndex: Sendable {
  /// Per file, per byte offset (and one past the end): the 1-based line and column.
  private var lines: [[Int32]] = []
  private var columns: [[Int32]] = []

  /// An index over `sources`.
  init(_ sources: SourceFiles) {
    for file in sources.files {
      var fileLines = [Int32](repeating: 0, count: file.bytes.count + 1)
      var fileColumns = [Int32](repeating: 0, count: file.bytes.count + 1)
      var line: Int32 = 1
      var column: Int32 = 1
      // A byte-order mark takes no column, as SourceFile.location counts.
      let bom = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      for offset in 0...file.bytes.count {
        fileLines[offset] = line
        fileColumns[offset] = column
        guard offset < file.bytes.count, offset >= bom else { continue }
        let byte = file.bytes[offset]
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if offset + 1 >= file.bytes.count || file.bytes[offset + 1] & 0xC0 != 0x80 {
          // A scalar ends here: the next byte starts a new column.
          column += 1
        }
      }
      lines.append(fileLines)
      columns.append(fileColumns)
    }
  }

  /// The span of `range`, or nil for a file the index does not cover.
  func span(_ range: SourceRange) -> SourceSpan? {
    guard range.file >= 0, range.file < lines.count else { return nil }
    let fileLines = lines[range.file]
    let start = min(range.start, fileLines.count - 1)
    let end = min(range.end, fileLines.count - 1)
    let fileColumns = columns[range.file]
    return SourceSpan(
      file: range.file, line: Int(fileLines[start]), column: Int(fileColumns[start]),
      endLine: Int(fileLines[end]),
      endColumn: Int(fileColumns[end]))
  }
}
