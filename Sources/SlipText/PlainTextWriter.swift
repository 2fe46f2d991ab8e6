import SlipIR

/// Renders a document as the characters a receipt shows: each line on its own column grid,
/// rules as repeated characters, feeds as blank lines, images as a bracketed placeholder with
/// their name and size; cuts and drawer kicks print nothing.
///
/// Magnified lines print each character once, while their margins and gaps are counted in the
/// paper's columns: "Kopi Senja" centred at double width on 32 columns takes 20 of them, so it
/// gets 6 spaces of margin, as on paper; each magnified run is followed by the paper columns
/// its characters cover beyond their own, so the runs after it start where they print. A run of
/// its own size in a line (an inline `<size WxH>`) is padded the same way, to the cells it
/// takes on paper, so a bordered table with a `<size 2x2>` cell keeps its rules aligned.
public struct PlainTextWriter: Sendable {
  /// A writer.
  public init() {}

  /// The document as text, one line per printed line, trailing spaces trimmed.
  public func write(_ document: Document) -> String {
    if let page = document.page { return write(page) }
    // One byte buffer and one String at the end: no string is built per line or per run.
    var out: [UInt8] = []
    out.reserveCapacity(document.blocks.count * 40)
    for block in document.blocks {
      switch block {
      case .text(let line):
        var column = 0
        for run in line.runs {
          if run.column > column {
            out.append(
              contentsOf: repeatElement(UInt8(ascii: " "), count: (run.column - column) * line.scale.width))
            column = run.column
          }
          out.append(contentsOf: run.text.utf8)
          column += run.width
          // A magnified run covers more paper columns than it has characters: padding after it
          // keeps the next run where the paper has it, so right-aligned values and a table's
          // rules line up (issue 21). On a magnified line a run covers `width × scale` columns;
          // a run of its own size (`<size 2x2>`) already counts its magnified cells in `width`
          // (the line's grid is one cell wide), so it is padded to that width.
          if run.scale == nil, line.scale.width > 1 {
            out.append(
              contentsOf: repeatElement(UInt8(ascii: " "), count: run.width * (line.scale.width - 1)))
          } else if run.scale != nil {
            let shown = TextColumns.columns(of: run.text)
            if run.width > shown {
              out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: run.width - shown))
            }
          }
        }
        while out.last == UInt8(ascii: " ") { out.removeLast() }
        out.append(UInt8(ascii: "\n"))
      case .rule(let rule):
        for _ in 0..<rule.columns { out.append(contentsOf: rule.character.utf8) }
        out.append(UInt8(ascii: "\n"))
      case .feed(let feed):
        out.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: feed.lines))
      case .image(let image):
        placeholder(
          "[\(image.name) \(image.bitmap.width)x\(image.bitmap.height)]", image.alignment, document, &out)
      case .symbol(let placed):
        let symbol = placed.symbol
        placeholder("[\(symbol.symbology.rawValue) \(symbol.data)]", placed.alignment, document, &out)
      case .band(let band):
        out.append(contentsOf: write(band, document).utf8)
      case .cut, .drawer:
        break
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A band's columns side by side: each column written as a receipt as wide as it, its lines
  /// starting at the column's first paper column, shorter columns placed by the band's alignment.
  private func write(_ band: Band, _ document: Document) -> String {
    let cell = document.media.font.cellWidth
    var columns = band.columns.map { column -> (start: Int, width: Int, lines: [Substring]) in
      var media = document.media
      media.columns = column.width / cell
      media.alternateColumns = column.width / (media.font == .a ? Font.b : Font.a).cellWidth
      media.widthDots = column.width
      let text = write(Document(sources: document.sources, media: media, blocks: column.blocks))
      return (
        column.x / cell, column.width / cell,
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      )
    }
    let height = columns.map { $0.lines.count }.max() ?? 0
    // A box's rules run down the band's every line, in their columns.
    for rule in band.rules {
      let character = Substring(String(BoxDrawing.character(.vertical, rule.weight)))
      columns.append((rule.x / cell, 1, Array(repeating: character, count: height)))
    }
    columns.sort { $0.start < $1.start }
    var out = ""
    for row in 0..<height {
      var line = ""
      var width = 0
      for column in columns {
        let room = height - column.lines.count
        let first =
          switch band.alignment {
          case .top: 0
          case .middle: room / 2
          case .bottom: room
          }
        guard row >= first, row - first < column.lines.count else { continue }
        if width < column.start {
          line += String(repeating: " ", count: column.start - width)
          width = column.start
        }
        // A column's text stops at its edge (a placeholder can be wider), so the next starts
        // where the paper has it.
        for character in column.lines[row - first] {
          let columns = TextColumns.columns(of: character)
          guard width + columns <= column.start + column.width else { break }
          line.append(character)
          width += columns
        }
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }

  /// A label as text: its text lines and placeholders top to bottom, indented by their position
  /// (one space for every 12 dots, the width of a receipt column).
  private func write(_ page: LabelPage) -> String {
    var lines: [(y: Int, x: Int, text: String)] = []
    for element in page.elements {
      switch element {
      case .text(let text):
        lines += text.lines.map { ($0.y, $0.x, $0.text) }
      case .image(let image):
        lines.append((image.y, image.x, "[\(image.name) \(image.bitmap.width)x\(image.bitmap.height)]"))
      case .symbol(let placed):
        lines.append((placed.y, placed.x, "[\(placed.symbol.symbology.rawValue) \(placed.symbol.data)]"))
      case .box, .line, .circle:
        break
      }
    }
    var out = ""
    for line in lines.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
      out += String(repeating: " ", count: max(0, line.x / 12)) + line.text + "\n"
    }
    return out
  }

  /// A bracketed stand-in for a picture or symbol, placed where it sits in the paper's columns.
  private func placeholder(
    _ label: String, _ alignment: Alignment, _ document: Document, _ out: inout [UInt8]
  ) {
    let columns = document.media.columns
    let width = label.unicodeScalars.count
    let start =
      switch alignment {
      case .left: 0
      case .center: max(0, (columns - width) / 2)
      case .right: max(0, columns - width)
      }
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: start))
    out.append(contentsOf: label.utf8)
    out.append(UInt8(ascii: "\n"))
  }
}
