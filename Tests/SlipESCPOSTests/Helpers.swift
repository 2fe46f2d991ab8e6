import SlipESCPOS
import SlipIR

/// Small documents built by hand, as the compiler would lay them out.
enum Sample {
  static let media58 = ReceiptMedia(
    paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42)
  static let media80 = ReceiptMedia(
    paper: "80mm", widthDots: 576, dpi: 203, font: .a, columns: 48, alternateColumns: 64)

  static func span(_ line: Int, _ column: Int = 1) -> SourceSpan {
    SourceSpan(file: 0, line: line, column: column, endLine: line, endColumn: column + 10)
  }

  /// A left-aligned line of one run at column 0.
  static func line(
    _ text: String, column: Int = 0, width: Int? = nil, font: Font = .a, scale: Scale = .normal,
    style: TextStyle = .plain, at source: SourceSpan? = nil
  ) -> Block {
    let run = TextRun(column: column, text: text, width: width ?? text.count, style: style, source: source)
    return .text(
      TextLine(
        font: font, scale: scale, alignment: .left, columns: 32 / scale.width, runs: [run], source: source))
  }

  static func document(_ blocks: [Block], media: ReceiptMedia = media58) -> Document {
    Document(sources: ["t.slip"], media: media, blocks: blocks)
  }

  static func emit(_ blocks: [Block], profile: PrinterProfile = .generic58, media: ReceiptMedia = media58)
    throws(ESCPOSError)
    -> ESCPOSOutput
  {
    try ESCPOSWriter(profile: profile).emit(document(blocks, media: media))
  }

  /// The bytes after `ESC @`.
  static func body(_ output: ESCPOSOutput) -> [UInt8] {
    Array(output.bytes.dropFirst(2))
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs somewhere in the array.
  func contains(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
  }
}
