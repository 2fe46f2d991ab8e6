/// The lines ``WordWrapper`` breaks a text into, each with its width in columns, read by a
/// `for` loop: printable ASCII that fits on one line, most of a receipt's text, is that line
/// alone, with no array of lines made.
///
/// A loop rather than a closure so that layout appends its lines from its own mutating method:
/// a non-mutating call on `self` from inside a closure that captured it copies the whole
/// layout, twice a receipt row.
package struct WrappedLines: Sequence {
  /// The one line of the common case.
  private let single: String?
  /// The lines otherwise.
  private let lines: [String]
  /// Measures a line when cells are not the measure (text that needs shaping).
  private let measure: ((Substring) -> Int)?

  init(single line: String) {
    single = line
    lines = []
    measure = nil
  }

  init(lines: [String], measure: ((Substring) -> Int)?) {
    single = nil
    self.lines = lines
    self.measure = measure
  }

  package func makeIterator() -> Iterator {
    Iterator(lines: self)
  }

  /// Yields each line and its width.
  package struct Iterator: IteratorProtocol {
    fileprivate let lines: WrappedLines
    private var position = 0

    fileprivate init(lines: WrappedLines) {
      self.lines = lines
    }

    package mutating func next() -> (line: String, width: Int)? {
      defer { position += 1 }
      if let single = lines.single {
        return position == 0 ? (single, single.utf8.count) : nil
      }
      guard position < lines.lines.count else { return nil }
      let line = lines.lines[position]
      return (line, lines.measure.map { $0(line[...]) } ?? TextWidth.columns(of: line))
    }
  }
}
