/// Breaks text into lines of at most `width` columns: at spaces when it can, inside a word only when
/// the word is longer than a whole line; never inside a grapheme cluster.
///
/// Widths come from ``TextWidth``. Only U+0020 is a break opportunity: a no-break space stays
/// inside its word, and text without spaces (CJK) is a single word, so it breaks between
/// characters once it is too long for a line.
///
/// Text that needs shaping (Arabic, Thai, Devanagari…) is measured by ``measure`` when the
/// layout has one: a word whole (its letters join, so it is not the sum of its clusters), a
/// cluster alone when a word must be cut. Thai writes no spaces between words and the compiler
/// has no dictionary (no ICU in the portable core): a Thai phrase longer than its line is cut
/// between grapheme clusters, so a consonant never loses its vowel or tone marks, though a
/// break may fall inside a word.
package struct WordWrapper {
  /// Columns a line may take; anything below 1 wraps as 1.
  package var width: Int
  /// Columns of a piece of text (a word, a cluster, a line) when the cells are not the measure:
  /// text that needs shaping, measured in dots by the raster engine. Nil counts cells.
  package var measure: ((Substring) -> Int)?

  package init(width: Int, measure: ((Substring) -> Int)? = nil) {
    self.width = width
    self.measure = measure
  }

  /// Lines without trailing spaces. Runs of spaces between words on one line are kept as written;
  /// spaces at a break are dropped. An empty text gives `[""]`; a newline ("\n", "\r\n" or "\r")
  /// forces a break, and empty lines are kept. Spaces at the start of a paragraph (the text, or a
  /// line after a newline) are kept as an indent while the first word fits after them.
  ///
  /// A word that doesn't fit the rest of the current line moves to a new line. A word longer than a
  /// whole line starts in the current line's remaining room when that line holds no word yet, and
  /// on a new line otherwise, and is then cut into line-sized pieces. A cluster wider than the
  /// whole width (a wide character at width 1) goes alone on its line.
  package func wrap(_ text: String) -> [String] {
    if let line = Self.singleASCIILine(text, width: max(1, width)) { return [line] }
    var state = State(text: text, width: max(1, width), measure: measure)
    if TextWidth.isPrintableASCII(text) {
      // Each byte is a one-column cluster: take whole words at a time, and work out where a
      // long word is cut from byte offsets instead of recording every cluster.
      let bytes = text.utf8
      var index = bytes.startIndex
      while index < bytes.endIndex {
        if bytes[index] == UInt8(ascii: " ") {
          state.flushWord()
          state.spaces += 1
          index = bytes.index(after: index)
          continue
        }
        var end = index
        var count = 0
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: " ") {
          end = bytes.index(after: end)
          count += 1
        }
        state.addASCIIWord(from: index, upTo: end, width: count)
        index = end
      }
      state.endParagraph()
      return state.lines
    }
    return wrapByCharacters(text, state: state)
  }

  /// The lines `wrap` gives, each with its width in columns. Printable ASCII that fits on one
  /// line, most of a receipt's text, is that line alone: no array of lines.
  package func lines(of text: String) -> WrappedLines {
    if let line = Self.singleASCIILine(text, width: max(1, width)) { return WrappedLines(single: line) }
    return WrappedLines(lines: wrap(text), measure: measure)
  }

  /// The general path, cluster by cluster (also the oracle the ASCII path is tested against).
  func wrapByCharacters(_ text: String) -> [String] {
    wrapByCharacters(text, state: State(text: text, width: max(1, width), measure: measure))
  }

  private func wrapByCharacters(_ text: String, state: State) -> [String] {
    var state = state
    var index = text.startIndex
    for character in text {
      let next = text.utf8.index(index, offsetBy: character.utf8.count)
      if character == " " {
        state.flushWord()
        state.spaces += 1
      } else if character == "\n" || character == "\r\n" || character == "\r" {
        state.endParagraph()
      } else {
        let columns = state.measure.map { $0(text[index..<next]) } ?? TextWidth.columns(of: character)
        state.addToWord(upTo: next, width: columns, from: index)
      }
      index = next
    }
    state.endParagraph()
    return state.lines
  }

  /// The common case, decided from the bytes alone: printable ASCII that fits on one line is
  /// that line, trailing spaces dropped.
  private static func singleASCIILine(_ text: String, width: Int) -> String? {
    guard text.utf8.count <= width else { return nil }
    // One pass over the bytes answers both questions: all printable ASCII, and how many
    // trailing spaces. (A string without contiguous bytes, none on Linux, goes the long way.)
    let trailingSpaces: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var spaces = 0
      for byte in bytes {
        guard byte >= 0x20 && byte < 0x7F else { return nil }
        spaces = byte == UInt8(ascii: " ") ? spaces + 1 : 0
      }
      return spaces
    }
    guard let trailingSpaces = trailingSpaces ?? nil else { return nil }
    return trailingSpaces == 0 ? text : String(text.dropLast(trailingSpaces))
  }

  /// The wrapper's working state for one `wrap` call.
  private struct State {
    let text: String
    let width: Int
    let measure: ((Substring) -> Int)?
    var lines: [String] = []

    /// The current line, without trailing spaces: where it starts in `text` (nil while it is
    /// empty) and ends. A line is always one slice of the text, since the spaces between its
    /// words are kept as written; it becomes a String once, when it ends, rather than growing
    /// by an append per word and per gap.
    var lineStart: String.Index?
    var lineEnd: String.Index
    var lineWidth = 0
    /// Whether `line` holds any of the text's words yet (rather than nothing, or only an indent).
    var lineHasWord = false
    /// Spaces seen since the last word: written only if another word follows on the same line.
    var spaces = 0

    /// Where the word being read starts, its width so far, and where each of its clusters ends
    /// with that cluster's width (needed only when the word has to be cut).
    var wordStart: String.Index?
    var wordEnd: String.Index
    var wordWidth = 0
    var clusters: [(end: String.Index, width: Int)] = []
    /// Whether the word being read came whole from `addASCIIWord` (its clusters are its bytes).
    var asciiWord = false

    init(text: String, width: Int, measure: ((Substring) -> Int)?) {
      self.text = text
      self.width = width
      self.measure = measure
      self.wordEnd = text.startIndex
      self.lineEnd = text.startIndex
    }

    /// A whole word of printable ASCII: one column a byte, so no clusters need recording.
    mutating func addASCIIWord(from start: String.Index, upTo end: String.Index, width wordWidth: Int) {
      wordStart = start
      wordEnd = end
      self.wordWidth = wordWidth
      asciiWord = true
    }

    mutating func addToWord(upTo end: String.Index, width clusterWidth: Int, from start: String.Index) {
      if wordStart == nil { wordStart = start }
      wordEnd = end
      wordWidth += clusterWidth
      clusters.append((end, clusterWidth))
    }

    /// Places the word just read on the current line, a new line, or cut across several.
    mutating func flushWord() {
      guard let start = wordStart else { return }
      // A shaped word is measured whole: its letters join, so it is not the sum of its clusters.
      if let measure, !asciiWord { wordWidth = measure(text[start..<wordEnd]) }
      if lineHasWord {
        if lineWidth + spaces + wordWidth <= width {
          appendSpaces(spaces, before: start)
          append(from: start, upTo: wordEnd, width: wordWidth)
        } else {
          emitLine()
          placeOnEmptyLine(from: start)
        }
      } else if spaces + wordWidth <= width {
        // The paragraph's indent and its first word.
        appendSpaces(spaces, before: start)
        append(from: start, upTo: wordEnd, width: wordWidth)
      } else if wordWidth <= width {
        // The indent would push the first word off the line: the break falls in the indent.
        placeOnEmptyLine(from: start)
      } else {
        // Too long for any line: start right after the indent, then cut.
        appendSpaces(spaces, before: start)
        cutWord(from: start)
      }
      spaces = 0
      lineHasWord = true
      wordStart = nil
      wordWidth = 0
      asciiWord = false
      clusters.removeAll(keepingCapacity: true)
    }

    /// Places the current word on a line that holds nothing yet.
    private mutating func placeOnEmptyLine(from start: String.Index) {
      if wordWidth <= width {
        append(from: start, upTo: wordEnd, width: wordWidth)
      } else {
        cutWord(from: start)
      }
    }

    /// Writes the current word cluster by cluster, starting a new line whenever the next cluster
    /// doesn't fit. The last piece stays on the current line, so more words may follow it.
    private mutating func cutWord(from start: String.Index) {
      var pieceStart = start
      if asciiWord {
        // Every byte is a cluster one column wide.
        var end = start
        while end < wordEnd {
          end = text.utf8.index(after: end)
          place(from: pieceStart, upTo: end, width: 1)
          pieceStart = end
        }
        return
      }
      for cluster in clusters {
        if lineWidth + cluster.width > width && lineWidth > 0 {
          if lineHasWord {
            emitLine()
          } else {
            // Only an indent before the first piece: drop it rather than leave an empty line.
            lineStart = nil
            lineWidth = 0
          }
        }
        append(from: pieceStart, upTo: cluster.end, width: cluster.width)
        lineHasWord = true
        pieceStart = cluster.end
      }
    }

    /// One cluster of a word being cut: on this line, or on the next when it does not fit.
    private mutating func place(from start: String.Index, upTo end: String.Index, width clusterWidth: Int) {
      if lineWidth + clusterWidth > width && lineWidth > 0 {
        if lineHasWord {
          emitLine()
        } else {
          // Only an indent before the first piece: drop it rather than leave an empty line.
          lineStart = nil
          lineWidth = 0
        }
      }
      append(from: start, upTo: end, width: clusterWidth)
      lineHasWord = true
    }

    /// Ends the paragraph at a newline or the end of the text: its last line is kept even if empty.
    mutating func endParagraph() {
      flushWord()
      emitLine()
    }

    private mutating func append(from start: String.Index, upTo end: String.Index, width pieceWidth: Int) {
      if lineStart == nil { lineStart = start }
      lineEnd = end
      lineWidth += pieceWidth
    }

    /// The `count` spaces just before `start` in the text: an indent, or the gap since the
    /// line's last word.
    private mutating func appendSpaces(_ count: Int, before start: String.Index) {
      guard count > 0 else { return }
      append(from: text.utf8.index(start, offsetBy: -count), upTo: start, width: count)
    }

    private mutating func emitLine() {
      lines.append(lineStart.map { String(text[$0..<lineEnd]) } ?? "")
      lineStart = nil
      lineWidth = 0
      lineHasWord = false
      spaces = 0
    }
  }
}
