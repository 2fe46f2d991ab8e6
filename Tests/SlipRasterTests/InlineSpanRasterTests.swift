import SlipIR
import SlipRaster
import Testing

/// A line mixing sizes (an inline `<size 2x2>`) as the printer sets it: as tall as its tallest
/// run, the smaller text on the same baseline, the magnified run at its own scale (issue 21).
@Suite struct InlineSpanRasterTests {
  static func line(_ runs: [TextRun]) -> Block {
    .text(TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: runs, source: nil))
  }

  @Test func smallerTextSitsOnTheTallestRunsBaseline() throws {
    let bitmap = try Sample.bitmap([
      Self.line([
        TextRun(column: 0, text: "K", width: 1, style: .plain, source: nil),
        TextRun(
          column: 2, text: "K", width: 2, style: .plain, source: nil, scale: Scale(width: 2, height: 2)),
      ])
    ])
    // The line is 48 dots tall: the normal K is drawn in its bottom 24 rows, none above.
    #expect(bitmap.height >= 48)
    #expect(Sample.dots(bitmap, x: 0, y: 0, width: 12, height: 24).isEmpty)
    let small = Sample.dots(bitmap, x: 0, y: 24, width: 12, height: 24)
    #expect(!small.isEmpty)
    // The 2x2 K is the normal one with every dot doubled each way.
    let big = Sample.dots(bitmap, x: 24, y: 0, width: 24, height: 48)
    var doubled: Set<[Int]> = []
    for dot in small {
      let (x, y) = (dot[0] * 2, (dot[1]) * 2)
      for dx in 0..<2 {
        for dy in 0..<2 { doubled.insert([x + dx, y + dy]) }
      }
    }
    #expect(big == doubled)
  }

  @Test func anInvertedSizedRunIsABlackCellOfItsOwnHeight() throws {
    let bitmap = try Sample.bitmap([
      Self.line([
        TextRun(column: 0, text: "a", width: 1, style: .plain, source: nil),
        TextRun(
          column: 1, text: " ", width: 2, style: TextStyle(invert: true), source: nil,
          scale: Scale(width: 2, height: 2)),
      ])
    ])
    // Columns 1–2 of the grid (12–35 dots) are black over the whole 48 rows.
    #expect(Sample.dots(bitmap, x: 12, y: 0, width: 24, height: 48).count == 24 * 48)
  }
}
