/// Breaks styled text into lines: text with inline spans, and any text set `wrap=char` or
/// `wrap=none`. Plain text under `wrap=word`, nearly all of a receipt, goes through the faster
/// ``WordWrapper`` instead; for the same text both give the same lines.
///
/// Widths are in the line's grid cells: a character of a `<size 2x2>` piece on a grid one cell
/// wide takes two (its segment's `magnification`). Spaces at a break are dropped; at the end of
/// a paragraph they are dropped unless they are ink (inverted or underlined, `inked`), so
/// `"<inv> PAID </inv>"` keeps its margin. A no-break space (`\ `, U+00A0) is never a break and
/// never dropped; it prints as a space.
struct StyledWrapper {
  /// Cells a line may take; below 1 wraps as 1.
  var width: Int
  var mode: WrapMode
  /// Grid cells one column of each segment's characters takes.
  var magnification: [Int]
  /// Whether each segment's spaces print (inverted or underlined).
  var inked: [Bool]

  /// One character placed: its segment and its width in cells.
  fileprivate struct Glyph {
    var character: Character
    var segment: Int
    var width: Int
  }

  /// The lines of `segments`; an empty text gives one empty line, as ``WordWrapper`` does.
  func lines(_ segments: [StyledSegment]) -> [StyledLine] {
    var lines: [StyledLine] = []
    var paragraph: [Glyph] = []
    for (index, segment) in segments.enumerated() {
      for character in segment.text {
        if character == "\n" || character == "\r\n" || character == "\r" {
          wrap(paragraph, into: &lines)
          paragraph.removeAll(keepingCapacity: true)
          continue
        }
        let width = TextWidth.columns(of: character) * magnification[index]
        paragraph.append(Glyph(character: character, segment: index, width: width))
      }
    }
    wrap(paragraph, into: &lines)
    return lines
  }

  /// The widest word of `segments` in cells (a run between spaces or line breaks).
  func longestWord(_ segments: [StyledSegment]) -> Int {
    var longest = 0
    var current = 0
    for (index, segment) in segments.enumerated() {
      for character in segment.text {
        if character == " " || character == "\n" || character == "\r\n" || character == "\r" {
          current = 0
        } else {
          current += TextWidth.columns(of: character) * magnification[index]
          longest = max(longest, current)
        }
      }
    }
    return longest
  }

  private func wrap(_ paragraph: [Glyph], into lines: inout [StyledLine]) {
    let width = max(1, self.width)
    var line: [Glyph] = []
    var lineWidth = 0
    func emit() {
      // Trailing spaces that are not ink go.
      while let last = line.last, last.character == " ", !inked[last.segment] {
        line.removeLast()
        lineWidth -= last.width
      }
      lines.append(StyledLine(line, width: lineWidth))
      line.removeAll(keepingCapacity: true)
      lineWidth = 0
    }
    func append(_ glyph: Glyph) {
      line.append(glyph)
      lineWidth += glyph.width
    }
    /// A word on the current line's room, cut between characters where it does not fit.
    func cut(_ word: ArraySlice<Glyph>, wordWidth: Int) {
      if lineWidth + wordWidth <= width {
        word.forEach(append)
        return
      }
      for glyph in word {
        if lineWidth + glyph.width > width, lineWidth > 0 {
          // Only spaces before the first piece: they go with the break.
          if line.allSatisfy({ $0.character == " " }) {
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
          } else {
            emit()
          }
        }
        append(glyph)
      }
    }
    switch mode {
    case .none:
      for glyph in paragraph {
        guard lineWidth + glyph.width <= width else { break }
        append(glyph)
      }
    case .char:
      var broke = false
      for glyph in paragraph {
        if lineWidth + glyph.width > width, !line.isEmpty {
          emit()
          broke = true
        }
        // A space the break fell on is not carried to the next line's start.
        if broke, line.isEmpty, glyph.character == " " { continue }
        broke = false
        append(glyph)
      }
    case .word:
      var spaces: [Glyph] = []
      var hasWord = false
      var index = 0
      while index < paragraph.count {
        if paragraph[index].character == " " {
          spaces.append(paragraph[index])
          index += 1
          continue
        }
        var end = index
        var wordWidth = 0
        while end < paragraph.count, paragraph[end].character != " " {
          wordWidth += paragraph[end].width
          end += 1
        }
        let word = paragraph[index..<end]
        let spaceWidth = spaces.reduce(0) { $0 + $1.width }
        if hasWord, lineWidth + spaceWidth + wordWidth <= width {
          spaces.forEach(append)
          word.forEach(append)
        } else if hasWord {
          emit()
          cut(word, wordWidth: wordWidth)
        } else if spaceWidth + wordWidth <= width {
          // The paragraph's indent and its first word.
          spaces.forEach(append)
          word.forEach(append)
        } else if wordWidth <= width {
          // The indent would push the first word off the line: the break falls in the indent.
          word.forEach(append)
        } else {
          spaces.forEach(append)
          cut(word, wordWidth: wordWidth)
        }
        spaces.removeAll(keepingCapacity: true)
        hasWord = true
        index = end
      }
      // The paragraph's last spaces stay when they are ink and the line has room for them.
      for space in spaces where lineWidth + space.width <= width { append(space) }
    }
    emit()

  }
}

/// A line of styled text: its pieces left to right, each the characters of one segment.
struct StyledLine: Equatable {
  /// One segment's characters on the line.
  struct Piece: Equatable {
    var text: String
    /// Cells it takes.
    var width: Int
    /// Which segment it comes from.
    var segment: Int
  }

  var pieces: [Piece]
  /// Cells the line takes.
  var width: Int

  /// An empty line.
  static let empty = StyledLine([], width: 0)

  /// A line and width from placed characters: consecutive characters of one segment form a
  /// piece, and no-break spaces become spaces (only layout needed to know them apart).
  fileprivate init(_ glyphs: [StyledWrapper.Glyph], width: Int) {
    self.width = width
    pieces = []
    for glyph in glyphs {
      let character: Character = glyph.character == "\u{00A0}" ? " " : glyph.character
      if let last = pieces.last, last.segment == glyph.segment {
        pieces[pieces.count - 1].text.append(character)
        pieces[pieces.count - 1].width += glyph.width
      } else {
        pieces.append(Piece(text: String(character), width: glyph.width, segment: glyph.segment))
      }
    }
  }
}
