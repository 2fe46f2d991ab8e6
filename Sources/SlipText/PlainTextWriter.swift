import SlipIR

/// Renders a document as the characters a receipt shows: each line on its own column grid,
/// rules as repeated characters, feeds as blank lines; cuts and drawer kicks print nothing.
///
/// Magnified lines print each character once, while their margins and gaps are counted in the
/// paper's columns: "Kopi Senja" centred at double width on 32 columns takes 20 of them, so it
/// gets 6 spaces of margin, as on paper.
public struct PlainTextWriter: Sendable {
  /// A writer.
  public init() {}

  /// The document as text, one line per printed line, trailing spaces trimmed.
  public func write(_ document: Document) -> String {
    var out = ""
    for block in document.blocks {
      switch block {
      case .text(let line):
        var column = 0
        var text = ""
        for run in line.runs {
          if run.column > column {
            text += String(repeating: " ", count: (run.column - column) * line.scale.width)
            column = run.column
          }
          text += run.text
          column += run.width
        }
        out += trimmingTrailingSpaces(text) + "\n"
      case .rule(let rule):
        out += String(repeating: rule.character, count: rule.columns) + "\n"
      case .feed(let feed):
        out += String(repeating: "\n", count: feed.lines)
      case .cut, .drawer:
        break
      }
    }
    return out
  }

  private func trimmingTrailingSpaces(_ text: String) -> String {
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == " " {
      end = text.index(before: end)
    }
    return String(text[..<end])
  }
}
