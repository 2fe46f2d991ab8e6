import SlipIR
import Testing

@testable import SlipCore

@Suite struct TextWidthTests {
  // MARK: Normalisation

  @Test func asciiIsReturnedUnchanged() {
    #expect(TextWidth.normalized("Kopi susu 2x") == "Kopi susu 2x")
    #expect(TextWidth.normalized("") == "")
    #expect(TextWidth.normalized("café") == "café")  // composed é is U+00E9, below U+0300
  }

  @Test func decomposedAccentIsComposed() {
    let decomposed = "e\u{301}"
    #expect(decomposed.unicodeScalars.count == 2)
    let normalized = TextWidth.normalized(decomposed)
    #expect(Array(normalized.unicodeScalars) == ["\u{E9}"])
    #expect(TextWidth.normalized("Cafe\u{301} Jaya").unicodeScalars.count == 9)
  }

  // MARK: Widths

  @Test func asciiIsOneColumnEach() {
    #expect(TextWidth.columns(of: "") == 0)
    #expect(TextWidth.columns(of: "Total") == 5)
    #expect(TextWidth.columns(of: "Rp 12.500,00") == 12)
    #expect(TextWidth.columns(of: "Total"[...].dropFirst()) == 4)  // Substring works too
    #expect(TextWidth.columns(of: "A" as Character) == 1)
  }

  @Test func accentedLetterIsOneColumnComposedOrNot() {
    #expect(TextWidth.columns(of: "\u{E9}") == 1)
    #expect(TextWidth.columns(of: "e\u{301}") == 1)
    #expect(TextWidth.columns(of: "e\u{301}" as Character) == 1)
    #expect(TextWidth.columns(of: "cafe\u{301}") == 4)
    #expect(TextWidth.columns(of: "Ångström") == 8)
  }

  @Test func cjkIsTwoColumnsEach() {
    #expect(TextWidth.columns(of: "日本語") == 6)
    #expect(TextWidth.columns(of: "日" as Character) == 2)
    #expect(TextWidth.columns(of: "ひらがな") == 8)
    #expect(TextWidth.columns(of: "合計: 1.200円") == 13)
    #expect(TextWidth.columns(of: "𠀋" as Character) == 2)  // plane 2
  }

  @Test func fullwidthIsTwoColumns() {
    #expect(TextWidth.columns(of: "ＡＢ") == 4)
    #expect(TextWidth.columns(of: "\u{3000}" as Unicode.Scalar) == 2)  // ideographic space
    #expect(TextWidth.columns(of: "ｱ" as Character) == 1)  // halfwidth katakana stays narrow
  }

  @Test func hangul() {
    #expect(TextWidth.columns(of: "한국어") == 6)
    // Conjoining jamo: the leading consonant is wide, the vowel and final consonant add nothing.
    let jamo = "\u{1112}\u{1161}\u{11AB}"
    #expect(jamo.count == 1)
    #expect(TextWidth.columns(of: jamo) == 2)
    #expect(TextWidth.columns(of: "\u{1161}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{11AB}" as Unicode.Scalar) == 0)
    #expect(TextWidth.normalized(jamo) == "한")
  }

  @Test func combiningMarksAreZero() {
    #expect(TextWidth.columns(of: "\u{301}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{20DD}" as Unicode.Scalar) == 0)  // enclosing circle (Me)
    #expect(TextWidth.columns(of: "\u{3099}" as Unicode.Scalar) == 0)  // inside a wide block
    #expect(TextWidth.columns(of: "a\u{301}\u{323}") == 1)
    #expect(TextWidth.columns(of: "\u{301}") == 0)  // a lone mark
  }

  @Test func zeroWidthCharacters() {
    #expect(TextWidth.columns(of: "\u{200B}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{200D}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{FEFF}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{AD}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "a\u{200B}b") == 2)
    #expect(TextWidth.columns(of: "\u{0}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{1B}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "\u{85}" as Unicode.Scalar) == 0)
    #expect(TextWidth.columns(of: "a\tb") == 2)
    #expect(TextWidth.columns(of: "\r\n" as Character) == 0)
  }

  @Test func emoji() {
    #expect(TextWidth.columns(of: "😀") == 2)
    #expect(TextWidth.columns(of: "☕") == 2)
    #expect(TextWidth.columns(of: "❤") == 1)  // text presentation by default
    #expect(TextWidth.columns(of: "❤\u{FE0F}") == 2)  // emoji presentation sequence
    #expect(TextWidth.columns(of: "1\u{FE0F}\u{20E3}") == 2)  // keycap
    #expect(TextWidth.columns(of: "👍🏽") == 2)  // skin tone modifier
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(family.count == 1)
    #expect(TextWidth.columns(of: family) == 2)
    #expect(TextWidth.columns(of: "🇮🇩") == 2)  // flag
    #expect(TextWidth.columns(of: "OK 👌") == 5)
  }

  // MARK: Wrapping

  private func wrap(_ text: String, _ width: Int) -> [String] {
    WordWrapper(width: width).wrap(text)
  }

  @Test func exactFit() {
    #expect(wrap("Nasi goreng", 11) == ["Nasi goreng"])
    #expect(wrap("abcd", 4) == ["abcd"])
    #expect(wrap("ab cd", 5) == ["ab cd"])
  }

  @Test func breaksAtSpaces() {
    #expect(wrap("Nasi goreng", 10) == ["Nasi", "goreng"])
    #expect(wrap("the quick brown fox", 10) == ["the quick", "brown fox"])
    #expect(wrap("a b c d e", 3) == ["a b", "c d", "e"])
  }

  @Test func longWordIsBroken() {
    #expect(wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
    // A long word after another word starts on a new line; the last piece takes more words.
    #expect(wrap("ab cdefghij kl", 4) == ["ab", "cdef", "ghij", "kl"])
    #expect(wrap("ab cdefghi jk", 4) == ["ab", "cdef", "ghi", "jk"])
    // Clusters stay whole.
    #expect(wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
  }

  @Test func cjkBreaksBetweenCharacters() {
    #expect(wrap("日本語日本", 5) == ["日本", "語日", "本"])
    #expect(wrap("日本語日本", 6) == ["日本語", "日本"])
    #expect(wrap("ab 日本語", 5) == ["ab", "日本", "語"])
  }

  @Test func wideCharacterInWidthOne() {
    #expect(wrap("日", 1) == ["日"])
    #expect(wrap("a日b", 1) == ["a", "日", "b"])
    #expect(wrap("日 a", 1) == ["日", "a"])
  }

  @Test func newlines() {
    #expect(wrap("a\nb", 10) == ["a", "b"])
    #expect(wrap("a\n\nb", 10) == ["a", "", "b"])
    #expect(wrap("a\r\nb", 10) == ["a", "b"])
    #expect(wrap("\n", 10) == ["", ""])
    #expect(wrap("one two\nthree", 3) == ["one", "two", "thr", "ee"])
    #expect(wrap("ab \ncd", 10) == ["ab", "cd"])
  }

  @Test func multipleSpaces() {
    #expect(wrap("a  b", 10) == ["a  b"])
    #expect(wrap("Qty   Price", 20) == ["Qty   Price"])
    #expect(wrap("ab    cd", 4) == ["ab", "cd"])  // the run at the break is dropped
    #expect(wrap("  indented text", 20) == ["  indented text"])
    #expect(wrap("  indented text", 10) == ["  indented", "text"])
    #expect(wrap("a\n  b", 10) == ["a", "  b"])
    #expect(wrap("    abcd", 4) == ["abcd"])  // an indent that leaves no room is dropped
  }

  @Test func empty() {
    #expect(wrap("", 32) == [""])
    #expect(wrap("   ", 32) == [""])
    #expect(wrap("x", 0) == ["x"])  // width below 1 wraps as 1
  }

  @Test func trailingSpacesDropped() {
    #expect(wrap("abc   ", 10) == ["abc"])
    #expect(wrap("abc def   ", 5) == ["abc", "def"])
    #expect(wrap("abc  ", 3) == ["abc"])
  }

  @Test func indonesianAddress() {
    #expect(
      wrap("Jl. Tunjungan No. 12, Surabaya", 16) == ["Jl. Tunjungan", "No. 12, Surabaya"]
    )
    #expect(wrap("Jl. Tunjungan No. 12, Surabaya", 32) == ["Jl. Tunjungan No. 12, Surabaya"])
  }

  @Test func everyLineFits() {
    let text = "Terima kasih atas kunjungan Anda! 日本語のテキスト Selamat datang kembali 😀😀😀"
    for width in 1...32 {
      for line in wrap(text, width) {
        let columns = TextWidth.columns(of: line)
        #expect(columns <= max(width, 2), "width \(width): \(line)")
        #expect(!line.hasSuffix(" "))
      }
    }
  }
}

/// The printable-ASCII fast paths of the wrapper give exactly what the cluster-by-cluster path
/// gives.
@Suite struct WordWrapperFastPathTests {
  @Test func asciiPathMatchesTheGeneralPath() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    let pieces = ["a", "bb", "Nasi", "Goreng", "Supercalifragilistic", " ", "  ", "   ", "x1", "-"]
    for _ in 0..<5000 {
      var text = ""
      for _ in 0..<next(12) { text += pieces[next(pieces.count)] }
      let wrapper = WordWrapper(width: 1 + next(20))
      #expect(wrapper.wrap(text) == wrapper.wrapByCharacters(text), "\(text) at \(wrapper.width)")
    }
  }

  /// `lines(of:)` gives the lines `wrap` gives, each with its width, whether the text is one
  /// ASCII line (the path without an array) or anything else, and measured by a measurer too.
  @Test func linesAreTheWrappedLinesWithTheirWidths() {
    let texts = [
      "", "Kopi Susu x2", "Kopi Susu x2   ", "Nasi Goreng Spesial dengan Telur Mata Sapi", "a\nb\n\nc",
      "Crème brûlée", "日本語のテキストです", "  indented words", "Supercalifragilisticexpialidocious",
    ]
    for width in [1, 5, 12, 32] {
      // A measurer counts printable ASCII as cells, as the layout's does; other text its own way.
      let twice = { (text: Substring) in
        TextWidth.isPrintableASCII(text) ? text.utf8.count : text.unicodeScalars.count * 2
      }
      for measure in [nil, twice] {
        let wrapper = WordWrapper(width: width, measure: measure)
        for text in texts {
          let lines = Array(wrapper.lines(of: text))
          let expected = wrapper.wrap(text)
          #expect(lines.map(\.line) == expected, "\(text) at \(width)")
          let widths = expected.map { line in measure.map { $0(line[...]) } ?? TextWidth.columns(of: line) }
          #expect(lines.map(\.width) == widths, "\(text) at \(width)")
        }
      }
    }
  }
}

/// `TextColumns.isASCII` is true exactly when every scalar is below U+0080, controls included.
@Suite struct ASCIITests {
  @Test func asciiIsEveryScalarBelow128() {
    for text in ["", "Kopi Susu", "tab\there\n", "\u{7F}", "é", "Kopi ☕", "日本", "a\u{0301}", "\u{80}"] {
      #expect(TextColumns.isASCII(text) == text.unicodeScalars.allSatisfy(\.isASCII), "\(text)")
      #expect(TextColumns.isASCII(text.dropFirst()) == text.dropFirst().unicodeScalars.allSatisfy(\.isASCII))
    }
  }
}

/// `String.repeated` makes what `String(repeating:count:)` makes, byte for byte.
@Suite struct RepeatedTextTests {
  @Test func repeatedIsStringRepeating() {
    for text in ["", "-", "─", "═", "ab", "é", "👍🏽", "\u{1F1EE}"] {
      for count in [0, 1, 2, 7, 48] {
        #expect(
          Array(String.repeated(text, count: count).utf8) == Array(String(repeating: text, count: count).utf8)
        )
      }
    }
    #expect(String.repeated(Character("─"), count: 3) == "───")
  }
}
