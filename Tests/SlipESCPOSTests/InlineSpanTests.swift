import SlipESCPOS
import SlipIR
import Testing

/// Lines whose runs change style and size mid-line (inline spans, issue 21): the writer sends
/// `ESC E`, `ESC -`, `GS B` and `GS !` between the runs and puts every run at its column.
@Suite struct InlineSpanTests {
  /// `Es Teh` at 0, `3` at 2x2 on a one-cell grid at column 20 (two cells), `Rp` at column 23.
  static let mixed = Block.text(
    TextLine(
      font: .a, scale: .normal, alignment: .left, columns: 32,
      runs: [
        TextRun(column: 0, text: "Es Teh", width: 6, style: .plain, source: nil),
        TextRun(
          column: 20, text: "3", width: 2, style: .plain, source: nil, scale: Scale(width: 2, height: 2)),
        TextRun(column: 23, text: "Rp", width: 2, style: TextStyle(bold: true), source: nil),
      ], source: nil))

  @Test func sizeChangesMidLineAndTheRestKeepsItsColumns() throws {
    let body = Sample.body(try Sample.emit([Self.mixed]))
    let gsSize: UInt8 = 0x21
    var expected: [UInt8] = Array("Es Teh".utf8) + [UInt8](repeating: 0x20, count: 14)
    expected += [0x1D, gsSize, 0x11] + Array("3".utf8) + [0x1D, gsSize, 0x00] + [0x20]
    expected += [0x1B, 0x45, 0x01] + Array("Rp".utf8)
    #expect(body.starts(with: expected), "\(body.map { String($0, radix: 16) })")
  }

  @Test func theLineIsAsTallAsItsTallestRun() {
    guard case .text(let line) = Self.mixed else { return }
    #expect(line.glyphHeight == 48)
    #expect(line.scale(of: line.runs[1]) == Scale(width: 2, height: 2))
    #expect(line.scale(of: line.runs[0]) == .normal)
  }
}
