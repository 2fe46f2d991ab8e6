import Testing

@testable import SlipCore
@testable import SlipIR

/// Each text run of the document's lines as `column:text`, a line a string.
private func placed(_ template: String) -> [String] {
  let result = Compiler().compile(SourceFile(path: "t.slip", text: template), data: nil)
  return (result.document?.blocks ?? []).compactMap { block in
    guard case .text(let line) = block else { return nil }
    return line.runs.map { "\($0.column):\($0.text)" }.joined(separator: " ")
  }
}

/// A cell aligned to its start starts where its own text does: a right-to-left cell at its
/// column's right end in a left-to-right receipt, a left-to-right one at the left in a
/// right-to-left receipt; digits alone have no direction of their own.
@Suite struct CellDirectionTests {
  @Test func ownDirectionIsTheFirstStrongCharacters() {
    #expect(TextShaping.ownDirection(of: "Kopi") == .leftToRight)
    #expect(TextShaping.ownDirection(of: "12 قهوة") == .rightToLeft)
    #expect(TextShaping.ownDirection(of: "\u{064E}شلום") == .rightToLeft)
    #expect(TextShaping.ownDirection(of: "३ हिंदी") == .leftToRight)
    #expect(TextShaping.ownDirection(of: "١٢ / 30.000") == .auto)
    #expect(TextShaping.ownDirection(of: "") == .auto)
  }

  @Test func aRightToLeftTableCellStartsAtItsColumnsRightEnd() {
    let lines = placed(
      """
      receipt paper=58mm
      table widths="* 10"
        row "שלום" | "12"
        row "Teh" | "8"
      end
      """)
    // The first column is 32 - 10 - 1 (the gap) = 21 wide: the Hebrew word ends at its 21st.
    #expect(lines == ["17:שלום 22:12", "0:Teh 22:8"])
  }

  @Test func aRightToLeftFirstCellOfARowEndsNextToTheOthers() {
    let lines = placed(
      """
      receipt paper=58mm
      row "שלום" | "Rp 5.000"
      row "Kopi" | "Rp 5.000"
      """)
    #expect(lines == ["19:שלום 24:Rp 5.000", "0:Kopi 24:Rp 5.000"])
  }

  @Test func aLeftToRightCellInARightToLeftReceiptStartsAtTheLeft() {
    let lines = placed(
      """
      receipt paper=58mm dir=rtl
      table widths="* 10"
        row "Kopi" | "12"
        row "שלום" | "8"
        row "42" | "8"
      end
      """)
    // Mirrored: the first column is at the right (columns 11–31), the Latin word at its left;
    // the second (left-aligned, so at its right) and the digits as the receipt reads.
    #expect(lines == ["8:12 11:Kopi", "9:8 28:שלום", "9:8 30:42"])
  }
}

/// The byte-wise start of `ownDirection` decides as the scalar-by-scalar reading does.
@Suite struct OwnDirectionFastPathTests {
  @Test func bytesDecideAsScalarsDo() {
    let texts = [
      "", "Kopi", "12 قهوة", "\u{064E}شلום", "३ हिंदी", "١٢ / 30.000", "  - 12 Teh", "12,000 שלום",
      "x שלום", "€ 5", "...", "\t\n", "Ünïcödé", "42", "(قهوة)", "a\u{0301}",
    ]
    for text in texts {
      #expect(TextShaping.ownDirection(of: text) == TextShaping.ownDirectionOfScalars(text), "\(text)")
      #expect(TextShaping.ownDirection(of: text[...]) == TextShaping.ownDirectionOfScalars(text), "\(text)")
    }
  }
}
