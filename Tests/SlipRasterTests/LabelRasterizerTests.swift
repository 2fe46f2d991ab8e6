import SlipIR
import Testing

@testable import SlipRaster

/// Label previews: shapes as the ZPL writer has a Zebra draw them, text in font 0's spacing.
@Suite struct LabelRasterizerTests {
  static func page(_ elements: [LabelElement], width: Int = 200, height: Int = 120) -> LabelPage {
    LabelPage(widthDots: width, heightDots: height, dpi: 203, elements: elements)
  }

  /// The inked dots of a row as `from..<to` spans.
  static func spans(_ bitmap: Bitmap, row: Int) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var start: Int?
    for x in 0...bitmap.width {
      let ink = x < bitmap.width && bitmap[x, row]
      if ink, start == nil { start = x }
      if !ink, let from = start {
        spans.append(from..<x)
        start = nil
      }
    }
    return spans
  }

  @Test func aBoxBorderIsInsideItsRectangle() throws {
    let box = LabelElement.box(
      LabelBox(x: 10, y: 20, width: 50, height: 30, border: 4, filled: false, source: nil))
    let bitmap = try LabelRasterizer().render(Self.page([box])).bitmap
    #expect(Self.spans(bitmap, row: 20) == [10..<60])
    #expect(Self.spans(bitmap, row: 24) == [10..<14, 56..<60])
    #expect(Self.spans(bitmap, row: 49) == [10..<60])
    #expect(Self.spans(bitmap, row: 50) == [])
  }

  @Test func straightLinesAreBarsCentredOnTheLine() throws {
    let line = LabelElement.line(LabelLine(x1: 10, y1: 40, x2: 110, y2: 40, thickness: 4, source: nil))
    let bitmap = try LabelRasterizer().render(Self.page([line])).bitmap
    #expect((0..<120).filter { !Self.spans(bitmap, row: $0).isEmpty } == [38, 39, 40, 41])
    #expect(Self.spans(bitmap, row: 38) == [10..<110])
  }

  @Test func diagonalsStepAsZebrasGDDoes() throws {
    // zplkit's ^GD200,180,4,B,L at 20,20: rows 20…199, row r from 21 + r (4 dots), the last at 219.
    let line = LabelElement.line(LabelLine(x1: 20, y1: 20, x2: 220, y2: 200, thickness: 4, source: nil))
    let bitmap = try LabelRasterizer().render(Self.page([line], width: 300, height: 250)).bitmap
    #expect(Self.spans(bitmap, row: 20) == [21..<25])
    #expect(Self.spans(bitmap, row: 110) == [121..<125])
    #expect(Self.spans(bitmap, row: 199) == [219..<223])
    #expect(Self.spans(bitmap, row: 200) == [])
  }

  @Test func shapesOffThePageAreCut() throws {
    let box = LabelElement.box(
      LabelBox(x: -20, y: 100, width: 80, height: 80, border: 3, filled: true, source: nil))
    let bitmap = try LabelRasterizer().render(Self.page([box])).bitmap
    #expect(Self.spans(bitmap, row: 119) == [0..<60])
  }

  @Test func textAdvancesAsFontZero() throws {
    let rasterizer = LabelRasterizer()
    // 'H' is 20/32 of the height, 'i' 8/32, a space 9/32.
    #expect(try rasterizer.width(of: "H", height: 32) == 20)
    #expect(try rasterizer.width(of: "Hi H", height: 64) == 114)
    #expect(FontZero.advance("-") == 29)
    #expect(FontZero.advance("é") == nil)
  }

  @Test func capitalsHangFromTheLinesTop() throws {
    let text = LabelElement.text(
      LabelText(
        x: 10, y: 30, width: 100, height: 40, lineSpacing: 40, alignment: .left,
        lines: [LabelText.Line(text: "HH", x: 10, y: 30, width: 50)], source: nil))
    let bitmap = try LabelRasterizer().render(Self.page([text])).bitmap
    let inked = (0..<120).filter { !Self.spans(bitmap, row: $0).isEmpty }
    // Capitals three quarters of the height: rows 30..<60.
    #expect(inked.first == 30)
    #expect(inked.last == 59)
  }

  @Test func charactersTheFaceLacksAreReported() throws {
    let span = SourceSpan(file: 0, line: 3, column: 1, endLine: 3, endColumn: 9)
    let text = LabelElement.text(
      LabelText(
        x: 0, y: 0, width: 100, height: 30, lineSpacing: 30, alignment: .left,
        lines: [LabelText.Line(text: "A東B", x: 0, y: 0, width: 50)], source: span))
    let output = try LabelRasterizer().render(Self.page([text]))
    #expect(output.warnings.map(\.id) == ["W0701"])
    #expect(output.warnings.first?.source == span)
  }
}
