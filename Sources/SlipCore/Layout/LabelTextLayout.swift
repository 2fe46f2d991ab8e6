import SlipIR

/// Lays out a label's text in its box: wraps by words at measured widths (breaking a word only
/// when it is wider than the box), shrinks the glyph height until the text fits when asked, and
/// cuts what still does not fit to the allowed lines with an ellipsis.
struct LabelTextLayout {
  let measurer: any TextMeasurer
  /// The font of the text being laid out, and font 0's glyph width at the height asked for.
  private var font = LabelTextFont.scalable
  private var glyphWidth: Int?
  private var requestedSize = 1

  /// Whether wrapping adds up words' advances where they add up (``characterAdvances``);
  /// false measures every line tried, as it did before, which the tests compare against.
  var addsAdvances = true

  init(measurer: any TextMeasurer) {
    self.measurer = measurer
  }
  /// Below this height text stops shrinking: smaller would not print legibly.
  static let smallestHeight = 8

  /// The laid-out text and whether it had to be cut. With `segments` (text with span tags),
  /// each line also gets its styled runs.
  func layout(
    _ text: String, segments: [StyledSegment] = [], spec: LabelTextSpec
  ) -> (text: LabelText, cut: Bool) {
    var sized = self
    sized.font = spec.font
    sized.glyphWidth = spec.glyphWidth
    sized.requestedSize = max(1, spec.size)
    guard !segments.isEmpty else { return sized.laidOut(LabelText.printed(text, in: spec.font), spec: spec) }
    // Each piece printed on its own (a capitals-only font may lengthen one), then one style per
    // character of the whole.
    var printed = ""
    var styles: [TextStyle] = []
    for segment in segments {
      let piece = LabelText.printed(segment.text, in: spec.font)
      printed += piece
      let style = TextStyle(
        bold: segment.style.bold, underline: segment.style.underline, invert: segment.style.invert)
      styles += Array(repeating: style, count: piece.count)
    }
    var (laidOut, cut) = sized.laidOut(printed, spec: spec)
    guard styles.contains(where: { $0 != .plain }) else { return (laidOut, cut) }
    laidOut.lines = sized.styled(
      laidOut.lines, source: Array(printed), styles: styles, ellipsized: cut, height: laidOut.height)
    return (laidOut, cut)
  }

  /// `lines` with their runs: each line's characters found in order in `source` (wrapping only
  /// drops spaces between them), each taking the style of the character it came from; the
  /// "..." of a cut last line takes the style of what it follows.
  private func styled(
    _ lines: [LabelText.Line], source: [Character], styles: [TextStyle], ellipsized: Bool, height: Int
  ) -> [LabelText.Line] {
    var cursor = 0
    var lines = lines
    for index in lines.indices {
      let characters = Array(lines[index].text)
      let matched = ellipsized && index == lines.count - 1 ? max(0, characters.count - 3) : characters.count
      var lineStyles: [TextStyle] = []
      for (position, character) in characters.enumerated() {
        guard position < matched else {
          lineStyles.append(lineStyles.last ?? .plain)
          continue
        }
        while cursor < source.count, source[cursor] != character { cursor += 1 }
        lineStyles.append(cursor < source.count ? styles[cursor] : (lineStyles.last ?? .plain))
        cursor += 1
      }
      guard lineStyles.contains(where: { $0 != .plain }) else { continue }
      var runs: [LabelText.Run] = []
      var start = 0
      while start < characters.count {
        var end = start + 1
        while end < characters.count, lineStyles[end] == lineStyles[start] { end += 1 }
        let text = String(characters[start..<end])
        let x = lines[index].x + measure(String(characters[..<start]), height: height)
        runs.append(
          LabelText.Run(text: text, x: x, width: measure(text, height: height), style: lineStyles[start]))
        start = end
      }
      lines[index].runs = runs
    }
    return lines
  }

  /// The width of `line` at glyph height `height`: a bitmap font's cells, font 0's advances
  /// at its glyph width (which shrinks with the height).
  private func measure(_ line: String, height: Int) -> Int {
    switch font {
    case .bitmap(let bitmap, _, let width):
      return line.count * bitmap.pitch(magnification: width)
    case .scalable:
      // Font 0's advances scale with the glyph width: measured at that, as at a height.
      return measurer.width(of: line, height: glyphWidth(at: height) ?? height)
    }
  }

  /// Font 0's glyph width when its glyphs are `height` dots tall: the width asked for
  /// (`width=`) shrunk with the height; nil when none was asked for (as wide as tall).
  private func glyphWidth(at height: Int) -> Int? {
    glyphWidth.map { max(1, $0 * height / requestedSize) }
  }

  /// The advance of each printable ASCII character in a unit in which widths add up: one a
  /// character for a bitmap font (every cell the same pitch), the measurer's own for font 0. A
  /// line's width is then worked out from its words' advances instead of measured again for
  /// every word tried. Nil when widths do not add up so.
  private var characterAdvances: [Int]? {
    switch font {
    case .bitmap: Self.oneEach
    case .scalable: measurer.printableASCIIAdvances
    }
  }

  /// One for each printable ASCII character.
  private static let oneEach = [Int](repeating: 1, count: 0x7F - 0x20)

  /// The width at glyph height `height` of printable ASCII whose characters' advances
  /// (``characterAdvances``) sum to `advance`: exactly what ``measure(_:height:)`` gives.
  private func width(ofAdvance advance: Int, height: Int) -> Int {
    switch font {
    case .bitmap(let bitmap, _, let width):
      return advance * bitmap.pitch(magnification: width)
    case .scalable:
      return measurer.width(ofAdvance: advance, height: glyphWidth(at: height) ?? height)
    }
  }

  /// `text` split into words, with their advances when they add up.
  private func words(_ text: String) -> Words {
    Words(text, characterAdvances: addsAdvances ? characterAdvances : nil)
  }

  /// The width of `line`, from its advance when wrapping found one.
  private func width(of line: WrappedLine, height: Int) -> Int {
    guard let advance = line.advance else { return measure(line.head ?? "", height: height) }
    return width(ofAdvance: advance, height: height)
  }

  private func laidOut(_ text: String, spec: LabelTextSpec) -> (text: LabelText, cut: Bool) {
    var height = spec.size
    // Split into words once: shrinking wraps the same words at several heights, and splitting a
    // string by characters costs more than measuring it.
    let text = words(text)
    var lines = wrap(text, width: spec.width, height: height)
    if spec.shrink, let width = spec.width,
      !fits(lines, width: width, height: height, maxLines: spec.maxLines)
    {
      // The largest height that fits, by halving the range of candidates.
      var low = Self.smallestHeight
      var high = spec.size - 1
      var best = Self.smallestHeight
      // The lines of the best height tried: wrapping them again would give the same.
      var bestLines: [WrappedLine]?
      while low <= high {
        let middle = (low + high) / 2
        // A height whose text runs past the lines allowed fails as soon as it does: most of
        // the heights tried, and the rest of their words need not be measured.
        if let tried = wrap(text, width: width, height: middle, atMost: spec.maxLines),
          fits(tried, width: width, height: middle, maxLines: spec.maxLines)
        {
          best = middle
          bestLines = tried
          low = middle + 1
        } else {
          high = middle - 1
        }
      }
      height = best
      lines = bestLines ?? wrap(text, width: width, height: height)
    }
    var cut = false
    if lines.count > spec.maxLines {
      lines = Array(lines.prefix(spec.maxLines))
      let last = ellipsized(lines[lines.count - 1].text(in: text), width: spec.width, height: height)
      lines[lines.count - 1] = WrappedLine(text: last)
      cut = true
    }
    let boxWidth = spec.width ?? lines.map { width(of: $0, height: height) }.max() ?? 0
    var placed: [LabelText.Line] = []
    for (index, wrapped) in lines.enumerated() {
      let line = wrapped.text(in: text)
      let width = width(of: wrapped, height: height)
      let x =
        switch spec.alignment {
        case .left: 0
        case .center: max(0, (boxWidth - width) / 2)
        case .right: max(0, boxWidth - width)
        }
      placed.append(
        LabelText.Line(
          text: line, x: spec.position.x + x, y: spec.position.y + index * height, width: width))
    }
    let laidOut = LabelText(
      x: spec.position.x, y: spec.position.y, width: boxWidth, height: height, lineSpacing: height,
      alignment: spec.alignment, lines: placed, requestedHeight: spec.size, maxLines: spec.maxLines,
      shrinks: spec.shrink, rotation: spec.rotation, reverse: spec.reverse, font: spec.font,
      glyphWidth: glyphWidth(at: height), source: nil)
    return (laidOut, cut)
  }

  private func fits(_ lines: [WrappedLine], width: Int, height: Int, maxLines: Int) -> Bool {
    lines.count <= maxLines && lines.allSatisfy { self.width(of: $0, height: height) <= width }
  }

  /// A wrapped line: its text, or the words it holds when its width came from their advances
  /// (``characterAdvances``), so the lines of the heights shrinking only tries are never built.
  private struct WrappedLine {
    /// The text before the words: all of it for a measured line, the last piece of a word
    /// broken across lines (or nil) before the words of an added-up one.
    var head: String?
    /// The words of the text it holds (``Words/words``).
    var words = 0..<0
    /// The line's advance; nil when it was measured.
    var advance: Int?

    /// A measured line.
    init(text: String) {
      head = text
    }

    init(head: String?, words: Range<Int>, advance: Int) {
      self.head = head
      self.words = words
      self.advance = advance
    }

    /// The printed line: its head and words, one space apart.
    func text(in text: Words) -> String {
      guard !words.isEmpty else { return head ?? "" }
      var line = head.map { $0 + " " } ?? ""
      for index in words {
        if index > words.lowerBound { line.append(" ") }
        line.append(contentsOf: text.words[index])
      }
      return line
    }
  }

  /// Lines of at most `width` dots (no limit without a width): breaks at spaces, and inside a
  /// word only when the word alone is wider than the box. A line break in the text is kept.
  func wrap(_ text: String, width: Int?, height: Int) -> [String] {
    let words = words(text)
    return wrap(words, width: width, height: height).map { $0.text(in: words) }
  }

  /// The lines of text already split into `words`.
  private func wrap(_ text: Words, width: Int?, height: Int) -> [WrappedLine] {
    wrap(text, width: width, height: height, atMost: .max) ?? []
  }

  /// The lines of text already split into `words`; nil as soon as they are more than `limit`.
  private func wrap(_ text: Words, width: Int?, height: Int, atMost limit: Int) -> [WrappedLine]? {
    guard let width else { return text.paragraphs.map { WrappedLine(text: String($0)) } }
    if let advances = text.advances, let space = text.spaceAdvance {
      return wrap(text, advances: advances, space: space, width: width, height: height, atMost: limit)
    }
    var lines: [WrappedLine] = []
    for paragraph in text.paragraphWords {
      var line = ""
      for word in text.words[paragraph] {
        // The next word tried on the line itself, and taken off again when it does not fit: a
        // new String for every word tried was most of the cost of wrapping a name at the
        // heights shrinking tries. A String is its scalars, so removing the ones appended
        // gives back the line as it was.
        let wasEmpty = line.isEmpty
        if !wasEmpty { line.append(" ") }
        line.append(contentsOf: word)
        if measure(line, height: height) <= width { continue }
        line.unicodeScalars.removeLast(word.unicodeScalars.count + (wasEmpty ? 0 : 1))
        if !line.isEmpty {
          lines.append(WrappedLine(text: line))
          line = ""
          // The word starts another line after this one.
          if lines.count >= limit { return nil }
          // The word alone: whole if it fits (widths only grow as characters are added, so
          // no piece of it would be too wide), else in pieces as wide as the box allows.
          let whole = String(word)
          if measure(whole, height: height) <= width {
            line = whole
            continue
          }
        }
        guard let last = pieces(of: word, width: width, height: height, into: &lines, atMost: limit) else {
          return nil
        }
        line = last
      }
      lines.append(WrappedLine(text: line))
      if lines.count > limit { return nil }
    }
    return lines
  }

  /// The same lines from the words' advances: a line's width is its words' advances and the
  /// spaces between them added up, so each word is measured once, not once for every line it is
  /// tried on at every height shrinking tries, and no line is built until it is printed.
  private func wrap(
    _ text: Words, advances: [Int], space: Int, width: Int, height: Int, atMost limit: Int
  ) -> [WrappedLine]? {
    var lines: [WrappedLine] = []
    for paragraph in text.paragraphWords {
      // The line so far: the last piece of a broken word, if any, then words first..<index.
      var head: String?
      var first = paragraph.lowerBound
      var lineAdvance = 0
      for index in paragraph {
        let wordAdvance = advances[index]
        let isEmpty = head == nil && first == index
        let joined = isEmpty ? wordAdvance : lineAdvance + space + wordAdvance
        if self.width(ofAdvance: joined, height: height) <= width {
          lineAdvance = joined
          continue
        }
        if !isEmpty {
          lines.append(
            WrappedLine(head: head, words: first..<index, advance: lineAdvance))
          // The word starts another line after this one.
          if lines.count >= limit { return nil }
          head = nil
          first = index
          lineAdvance = wordAdvance
          if self.width(ofAdvance: wordAdvance, height: height) <= width { continue }
        }
        // The word alone is too wide: in pieces, the last of which the line goes on from.
        guard
          let last = pieces(of: text.words[index], width: width, height: height, into: &lines, atMost: limit)
        else { return nil }
        head = last
        first = index + 1
        lineAdvance = text.advance(of: last)
      }
      lines.append(
        WrappedLine(head: head, words: first..<paragraph.upperBound, advance: lineAdvance))
      if lines.count > limit { return nil }
    }
    return lines
  }

  /// A word wider than the box cut into pieces as wide as it allows: all but the last are
  /// lines, the last is returned for the line to go on from. Nil as soon as the lines are
  /// `limit`.
  private func pieces(
    of word: Substring, width: Int, height: Int, into lines: inout [WrappedLine], atMost limit: Int
  ) -> String? {
    var piece = ""
    for character in word {
      let longer = piece + String(character)
      if !piece.isEmpty, measure(longer, height: height) > width {
        lines.append(WrappedLine(text: piece))
        if lines.count >= limit { return nil }
        piece = String(character)
      } else {
        piece = longer
      }
    }
    return piece
  }

  /// A text's paragraphs (split at line breaks) and their words (split at spaces), all the
  /// words in one array: nested arrays cost an allocation a paragraph and a retain at each read.
  private struct Words {
    var paragraphs: [Substring]
    /// Every paragraph's words, in order.
    var words: [Substring]
    /// Which of `words` each paragraph holds.
    var paragraphWords: [Range<Int>]
    /// Each word's advance, when the text is printable ASCII (with line breaks) and a table of
    /// character advances is at hand: such text joins into the same characters, whose advances
    /// add up (other text may join into other graphemes).
    var advances: [Int]?
    /// The table: the advance of each character from space (0x20) to tilde (0x7E).
    private var characterAdvances: [Int] = []

    /// The words of `text`, with their advances summed from `characterAdvances` when given.
    init(_ text: String, characterAdvances table: [Int]?) {
      // In ASCII text without a carriage return every byte is a character of its own, so
      // splitting the bytes gives the same pieces as splitting the characters, at a fraction of
      // the cost (no grapheme breaking): the common case of names and companies on a badge.
      // One pass over the bytes, as `split` would cut them (empty paragraphs kept, empty words
      // not): the generic splits cost a badge 30,000 instructions for its three lines of text.
      // The same pass adds up each word's advance.
      guard TextWidth.allBytes(of: text, where: { $0 < 0x80 && $0 != 0x0D }) else {
        paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        words = []
        paragraphWords = []
        for paragraph in paragraphs {
          let start = words.count
          words += paragraph.split(separator: " ")
          paragraphWords.append(start..<words.count)
        }
        return
      }
      var paragraphs: [Substring] = []
      // Room for a name's or a company's words at once.
      var words: [Substring] = []
      words.reserveCapacity(8)
      var paragraphWords: [Range<Int>] = []
      var advances: [Int] = []
      var adds = table?.count == 0x7F - 0x20
      if adds { advances.reserveCapacity(8) }
      var paragraphStart = text.startIndex
      var firstWord = 0
      var wordStart: String.Index?
      var wordAdvance = 0
      for index in text.utf8.indices {
        let byte = text.utf8[index]
        guard byte == 0x20 || byte == 0x0A else {
          if wordStart == nil { wordStart = index }
          if adds, let table {
            if byte > 0x20 && byte < 0x7F { wordAdvance += table[Int(byte) - 0x20] } else { adds = false }
          }
          continue
        }
        if let start = wordStart {
          words.append(text[start..<index])
          if adds { advances.append(wordAdvance) }
        }
        wordStart = nil
        wordAdvance = 0
        guard byte == 0x0A else { continue }
        paragraphs.append(text[paragraphStart..<index])
        paragraphWords.append(firstWord..<words.count)
        firstWord = words.count
        paragraphStart = text.utf8.index(after: index)
      }
      if let start = wordStart {
        words.append(text[start..<text.endIndex])
        if adds { advances.append(wordAdvance) }
      }
      paragraphs.append(text[paragraphStart..<text.endIndex])
      paragraphWords.append(firstWord..<words.count)
      self.paragraphs = paragraphs
      self.words = words
      self.paragraphWords = paragraphWords
      guard adds, let table else { return }
      self.advances = advances
      characterAdvances = table
    }

    /// A space's advance, when the words have theirs.
    var spaceAdvance: Int? { advances == nil ? nil : characterAdvances[0] }

    /// The advance of `piece`, part of a word of the text (so printable ASCII), when the words
    /// have theirs.
    func advance(of piece: String) -> Int {
      var total = 0
      for byte in piece.utf8 { total += characterAdvances[Int(byte) - 0x20] }
      return total
    }
  }

  /// `line` shortened until it and "..." fit the box.
  private func ellipsized(_ line: String, width: Int?, height: Int) -> String {
    guard let width else { return line + "..." }
    var characters = Array(line)
    while !characters.isEmpty, measure(String(characters) + "...", height: height) > width {
      characters.removeLast()
    }
    while characters.last == " " { characters.removeLast() }
    return String(characters) + "..."
  }
}
