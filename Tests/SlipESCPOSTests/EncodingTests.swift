import SlipESCPOS
import SlipIR
import Testing

private let esc: UInt8 = 0x1B
private let lf: UInt8 = 0x0A

@Suite struct EncodingTests {
  @Test func codePageTablesHoldTheKnownCharacters() throws {
    let pc437 = try #require(CodePage.named("PC437"))
    #expect(pc437.character(for: 0x82) == "é")
    #expect(pc437.character(for: 0x41) == "A")
    #expect(pc437.character(for: 0x1B) == nil)
    #expect(CodePage.named("CP858")?.character(for: 0xD5) == "€")
    #expect(CodePage.named("WPC1252")?.character(for: 0x80) == "€")
    #expect(CodePage.named("windows-1252")?.name == "WPC1252")
    #expect(CodePage.named("cp866")?.character(for: 0x80) == "А")
    #expect(CodePage.named("PC852")?.character(for: 0xA5) == "ą")
    #expect(CodePage.named("ISO-8859-15")?.character(for: 0xA4) == "€")
    #expect(CodePage.named("ISO8859-15")?.character(for: 0x85) == nil)  // a C1 control: never printed
    #expect(CodePage.named("PC864")?.isEncodable == false)
    #expect(CodePage.named("PC9999") == nil)
  }

  @Test func accentsUseTheFirstPageThatHasThemAndSwitchOnlyOnce() throws {
    let output = try Sample.emit([Sample.line("é ñ ü"), Sample.line("ü")])
    #expect(Sample.body(output) == [esc, 0x74, 0, 0x82, 0x20, 0xA4, 0x20, 0x81, lf, 0x81, lf])
  }

  @Test func theEuroSignSelectsAPageThatHasIt() throws {
    let output = try Sample.emit([Sample.line("5 €")])
    #expect(Sample.body(output) == [0x35, 0x20, esc, 0x74, 16, 0x80, lf])
  }

  @Test func lookAheadPicksOnePageForTextStillToCome() throws {
    // 'é' is in PC437, but the euro sign two lines down is not: one page for both.
    let output = try Sample.emit([Sample.line("Café"), Sample.line("---"), Sample.line("5 €")])
    #expect(Sample.body(output).filter { $0 == esc }.count == 1)
    #expect(Sample.body(output).contains([esc, 0x74, 16, 0xE9]))
  }

  @Test func cyrillicSwitchesToACyrillicPage() throws {
    let output = try Sample.emit([Sample.line("Café Привет")])
    #expect(
      Sample.body(output) == [
        0x43, 0x61, 0x66, esc, 0x74, 0, 0x82, 0x20, esc, 0x74, 17, 0x8F, 0xE0, 0xA8, 0xA2, 0xA5, 0xE2, lf,
      ])
  }

  @Test func charactersNoPageHasBecomeQuestionMarksWithOneWarningPerPlace() throws {
    let source = Sample.span(7, 3)
    let output = try Sample.emit([
      Sample.line("a★b", at: source), Sample.line("★", at: source), Sample.line("→", at: Sample.span(9)),
    ])
    #expect(Sample.body(output) == [0x61, 0x3F, 0x62, lf, 0x3F, lf, 0x3F, lf])
    #expect(output.warnings.count == 2)
    #expect(output.warnings[0].id == "W0601")
    #expect(output.warnings[0].source == source)
    #expect(
      output.warnings[0].message == "no code page of printer 'generic-58' has '★' (U+2605); printed as '?'")
    #expect(output.warnings[0].formatted(sources: ["t.slip"]).hasPrefix("t.slip:7:3: warning: no code page"))
  }

  @Test func wideCharactersKeepTheirColumns() throws {
    // "日本" takes 4 columns in the layout: each becomes '?' and a space, so "x" stays put.
    let run1 = TextRun(column: 0, text: "日本", width: 4, style: .plain, source: nil)
    let run2 = TextRun(column: 5, text: "x", width: 1, style: .plain, source: nil)
    let line = Block.text(
      TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: [run1, run2], source: nil))
    let output = try Sample.emit([line])
    #expect(Sample.body(output) == [0x3F, 0x20, 0x3F, 0x20, 0x20, 0x78, lf])
  }

  @Test func decomposedTextIsEncodedComposed() throws {
    let output = try Sample.emit([Sample.line("e\u{301}", width: 1)])
    #expect(Sample.body(output) == [esc, 0x74, 0, 0x82, lf])
    #expect(output.warnings.isEmpty)
  }

  @Test func invisibleCharactersPrintNothing() throws {
    // A soft hyphen, a zero-width joiner and a byte-order mark take no column.
    let output = try Sample.emit([Sample.line("a\u{AD}b\u{200D}c\u{FEFF}", width: 3)])
    #expect(Sample.body(output) == [0x61, 0x62, 0x63, lf])
    #expect(output.warnings.isEmpty)
  }

  @Test func controlCharactersInTextNeverReachTheStream() throws {
    // The injection case: a visitor named ESC p NUL EM 'ú' must not open the drawer. The compiler
    // removes these already; the writer does not rely on it.
    let name = "\u{1B}p\u{0}\u{19}\u{FA}\u{9B}\u{7F}\r\n"
    let output = try Sample.emit([Sample.line(name, width: 2, at: Sample.span(3))])
    #expect(Sample.body(output) == [0x70, esc, 0x74, 0, 0xA3, lf])
    #expect(output.warnings.map(\.id) == ["W0602"])
    #expect(output.warnings.first?.message.hasPrefix("removed 7 control characters") == true)
    let listing = ESCPOSDisassembler().listing(output.bytes)
    #expect(!listing.contains("drawer"))
  }

  @Test func textBytesAreNeverControlBytes() throws {
    // Every scalar up to U+2FFF through every built-in profile: outside commands, only
    // printable bytes appear.
    var text = ""
    for value in 0..<0x3000 {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    for profile in PrinterProfile.builtIn {
      let output = try Sample.emit([Sample.line(text, width: 1)], profile: profile, media: Sample.media58)
      let listing = ESCPOSDisassembler(codePages: profile.codePages).listing(output.bytes)
      for line in listing.split(separator: "\n") where !line.hasPrefix("\"") {
        let command = line.split(separator: "|").first.map { $0.trimmingCharacters() } ?? ""
        let known =
          ["ESC @", "LF"].contains(command) || command.hasPrefix("ESC t ") || command.hasPrefix("GS L ")
        #expect(known, "\(profile.id): \(line)")
      }
    }
  }

  @Test func aProfileWithOnlyPC437PrintsWhatPC437Has() throws {
    let output = try Sample.emit([Sample.line("é ø €", at: Sample.span(2))], profile: .xprinterXP80T)
    #expect(Sample.body(output) == [esc, 0x74, 0, 0x82, 0x20, 0x3F, 0x20, 0x3F, lf])
    #expect(output.warnings.first?.message.contains("'ø' (U+00F8), '€' (U+20AC)") == true)
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(self).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
