import SlipIR
import Testing

@testable import SlipCore

/// The template compiled with `json` as its data.
private func compile(_ template: String, json: String = "{}") -> Compiler.Result {
  Compiler().compile(
    SourceFile(path: "t.slip", text: template), data: SourceFile(path: "d.json", text: json))
}

/// Each diagnostic as `ID line:column` and its help lines.
private func reported(_ result: Compiler.Result) -> [String] {
  result.diagnostics.map { diagnostic in
    let place = diagnostic.range.map { range -> String in
      let location = result.sources[range.file].location(at: range.start)
      return "\(location.line):\(location.column)"
    }
    return ([diagnostic.id + " " + (place ?? "?")] + diagnostic.help).joined(separator: " | ")
  }
}

/// The printed text of a document's lines, one string a line.
private func lines(_ result: Compiler.Result) -> [String] {
  (result.document?.blocks ?? []).compactMap { block in
    guard case .text(let line) = block else { return nil }
    return line.runs.map(\.text).joined(separator: "|")
  }
}

/// Regression tests for the defects issue 21 lists (found by rewriting ReceiptLine's examples).
@Suite struct ReceiptDefectTests {
  @Test func setInsideLoopUpdatesTheOuterVariable() {
    let result = compile(
      """
      receipt paper=58mm
      set total = 0
      for item in items
        set total = total + item
        if item > 1
          set big = item
        end
      end
      text "{{ total }}"
      """, json: #"{"items": [1, 2, 3]}"#)
    #expect(result.diagnostics.isEmpty)
    #expect(lines(result) == ["6"])
  }

  @Test func setInsideIfUpdatesTheOuterVariable() {
    let result = compile(
      """
      receipt paper=58mm
      set label = "before"
      if flag
        set label = "after"
      end
      text "{{ label }}"
      """, json: #"{"flag": true}"#)
    #expect(lines(result) == ["after"])
  }

  @Test func nameFirstSetInALoopLastsOnePass() {
    // The loop's own names are gone after it: using one after 'end' is an unknown name.
    let result = compile(
      """
      receipt paper=58mm
      for item in items
        set seen = item
      end
      text "{{ seen }}"
      """, json: #"{"items": [1]}"#)
    #expect(result.diagnostics.map(\.id) == ["E0402"])
  }

  @Test func truncateCountsEachLine() {
    let result = compile(
      """
      receipt paper=58mm
      text "{{ note | truncate(6) }}"
      """, json: #"{"note": "Es Kopi Susu\nGula Aren Literan\nTeh"}"#)
    #expect(lines(result) == ["Es ...", "Gul...", "Teh"])
  }

  @Test func scaledRowInATableIsAnErrorAtItsScale() {
    let result = compile(
      """
      receipt paper=80mm
      table widths="* 14"
        row "Item" | "Price"
        row "TOTAL" | "Rp 40.000" scale=2 bold
      end
      """)
    #expect(
      reported(result) == [
        "E0341 4:29 | use 'scale=1x2' for taller text in the table, or put the wide row after the table's 'end'"
      ])
    #expect(result.diagnostics.first?.notes.count == 1)
  }

  @Test func tallRowInATableIsAllowed() {
    let result = compile(
      """
      receipt paper=58mm
      table widths="* 10"
        row "TOTAL" | "Rp 40.000" scale=1x2
      end
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(lines(result) == ["TOTAL|Rp 40.000"])
  }

  @Test func styledTrailingSpacesAreKept() {
    // Inverted or underlined, trailing spaces are ink; plain ones are not printed; a no-break
    // space is a character, never trimmed (and printed as a space: code pages lack U+00A0).
    let result = compile(
      """
      receipt paper=58mm
      text " LUNAS " invert align=center
      text "Total  " underline
      text "plain   "
      text "nbsp\u{00A0}" invert
      text "many words that wrap onto a second line   " invert
      """)
    #expect(
      lines(result) == [
        " LUNAS ", "Total  ", "plain", "nbsp ", "many words that wrap onto a", "second line   ",
      ])
    let centred = result.document?.blocks.first.flatMap { block -> Int? in
      guard case .text(let line) = block else { return nil }
      return line.runs.first?.column
    }
    #expect(centred == 12)
  }

  @Test func cutPartialFullIsAnError() {
    #expect(reported(compile("receipt paper=58mm\ncut partial full\n")) == ["E0340 2:13"])
    #expect(compile("receipt paper=58mm\ntext \"a\"\ncut full\ncut partial\ncut\n").diagnostics.isEmpty)
  }

  @Test func ruleWithAnUnquotedCharacterHasAHint() {
    #expect(
      reported(compile("receipt paper=58mm\nrule -\n")) == [
        #"E0206 2:6 | a rule's character is quoted, as in 'rule "-"'"#
      ])
  }

  @Test func negativeFeedHasAHint() {
    #expect(
      reported(compile("receipt paper=58mm\nfeed -1\n")) == [
        "E0206 2:6 | 'feed' takes a number of lines from 0, as in 'feed 2'"
      ])
  }

  @Test func rowCellsWithoutABarHaveAHint() {
    #expect(
      reported(compile("receipt paper=58mm\nrow \"a\" \"b\"\n")) == [
        #"E0206 2:9 | separate a row's cells with '|', as in 'row "a" | "b"'"#
      ])
  }

  @Test func unclosedInterpolationIsOneError() {
    #expect(reported(compile("receipt paper=58mm\ntext \"a {{ x\"\n")) == ["E0105 2:9"])
    #expect(reported(compile("receipt paper=58mm\ntext \"{{ x\" bold\n")) == ["E0105 2:7"])
    // A mistake inside the expression is still its own error.
    #expect(
      reported(compile("receipt paper=58mm\ntext \"{{ x ! \"\n")).map { $0.prefix(5) } == ["E0105", "E0107"])
  }
}
