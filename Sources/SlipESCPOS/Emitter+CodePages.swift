import SlipIR

// Choosing and switching code pages (`ESC t n`) as the text goes.
extension Emitter {
  /// Writes a scalar some page has, switching page (`ESC t n`) when the current one lacks it.
  mutating func put(_ value: UInt32, pages: UInt64, rest: Substring.UnicodeScalarView) {
    if let page, pages & (1 << UInt64(page)) != 0 {
      bytes.append(encoder.byte(of: value, inPage: page))
      return
    }
    switchPage(to: choosePage(pages, rest: rest))
    bytes.append(encoder.byte(of: value, inPage: page ?? 0))
  }

  /// `ESC t n`: page `index` of the encoder's pages.
  mutating func switchPage(to index: Int) {
    command(Byte.escape, 0x74, encoder.pages[index].number)
    page = index
  }

  /// Among `candidates`, the page that prints the longest stretch of the text still to come
  /// (this text, then the following runs and blocks) without switching again; the lowest
  /// `ESC t` number on a tie.
  func choosePage(_ candidates: UInt64, rest: some Sequence<Unicode.Scalar>) -> Int {
    var remaining = candidates
    var steps = 0
    /// Narrows by one text; false when the look-ahead is over.
    func narrow(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
      for scalar in scalars where scalar.value >= 0x80 {
        let having = encoder.pagesHaving(scalar.value)
        if having == 0 { continue }  // printed as '?' on any page
        let narrowed = remaining & having
        if narrowed == 0 { return false }
        remaining = narrowed
        steps += 1
        if steps >= 64 || remaining & (remaining - 1) == 0 { return false }
      }
      return true
    }
    var going = narrow(rest)
    var texts = 0
    var block = blockIndex
    var run = runIndex + 1
    while going, block < blocks.count, texts < 256 {
      switch blocks[block] {
      case .text(let line) where run < line.runs.count:
        going = narrow(line.runs[run].text.unicodeScalars)
        run += 1
        texts += 1
        continue
      case .rule(let rule) where block > blockIndex:
        going = narrow(rule.character.unicodeScalars)
        texts += 1
      default:
        break
      }
      block += 1
      run = 0
    }
    return remaining.trailingZeroBitCount
  }
}
