import SlipIR
import SlipRaster

/// Small documents built from IR values, and ways to look at the dots drawn for them.
enum Sample {
  static let media = ReceiptMedia(
    paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42)
  static let paper = PageSettings(width: 384, dpi: 203)
  static let rasterizer = Rasterizer()

  static func line(
    _ text: String, column: Int = 0, font: Font = .a, scale: Scale = .normal, style: TextStyle = .plain,
    width: Int? = nil
  ) -> Block {
    let columns = (font == .a ? 32 : 42) / scale.width
    let run = TextRun(column: column, text: text, width: width ?? text.count, style: style, source: nil)
    return .text(
      TextLine(font: font, scale: scale, alignment: .left, columns: columns, runs: [run], source: nil))
  }

  static func document(_ blocks: [Block]) -> Document {
    Document(sources: ["test.slip"], media: media, blocks: blocks)
  }

  static func pages(_ blocks: [Block], on page: PageSettings = paper) throws -> RasterOutput {
    try rasterizer.render(document(blocks), on: page)
  }

  /// The one page of `blocks`.
  static func bitmap(_ blocks: [Block], on page: PageSettings = paper) throws -> Bitmap {
    let output = try pages(blocks, on: page)
    precondition(output.pages.count == 1, "expected one page")
    return output.pages[0].bitmap
  }

  /// The inked dots inside a rectangle, as (x, y) relative to its corner.
  static func dots(_ bitmap: Bitmap, x: Int, y: Int, width: Int, height: Int) -> Set<[Int]> {
    var out: Set<[Int]> = []
    for row in y..<min(bitmap.height, y + height) {
      for column in x..<min(bitmap.width, x + width) where bitmap[column, row] {
        out.insert([column - x, row - y])
      }
    }
    return out
  }

  static func inkCount(_ bitmap: Bitmap) -> Int {
    bitmap.bits.reduce(0) { $0 + $1.nonzeroBitCount }
  }
}
