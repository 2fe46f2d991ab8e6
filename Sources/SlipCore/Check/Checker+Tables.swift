import SlipIR

// Tables: their columns, and the rows inside them checked against those.
extension Checker {
  /// `table widths="* 4 14" align="left right right" gap=1`: its rows, checked against it.
  mutating func checkTable(_ statement: TableStatement, media: ReceiptMedia) -> [CheckedStatement] {
    guard table == nil else {
      diagnostics.append(Diagnostic(.tableNested(), at: statement.range))
      return []
    }
    var options = OptionReader(statement.options, statement: "table", accepts: ["widths", "align", "gap"])
    defer { diagnostics += options.diagnostics }
    let gap = options.integer("gap", in: 0...8) ?? 1
    guard let widthsText = options.text("widths", expected: ExpectedValue.widths) else {
      if !statement.options.contains(where: { $0.name == "widths" }) {
        diagnostics.append(
          Diagnostic(
            .optionMissing("widths", statement: "table", example: "widths=\"* 4 14\""), at: statement.range))
      }
      return checkBlock(statement.body, media: media)
    }
    var columns: [TableSpec.Column] = []
    for word in widthsText.split(separator: " ") {
      if word == "*" {
        columns.append(TableSpec.Column(fixed: nil, alignment: .left))
      } else if let width = Int(word), (1...255).contains(width) {
        columns.append(TableSpec.Column(fixed: width, alignment: .left))
      } else {
        options.reportValue(
          "widths", widthsText, expected: ExpectedValue.widthWords)
        return checkBlock(statement.body, media: media)
      }
    }
    if let alignText = options.text("align", expected: ExpectedValue.alignments) {
      let words = alignText.split(separator: " ").map(String.init)
      let alignments = words.compactMap(Alignment.init(rawValue:))
      if alignments.count == words.count, alignments.count == columns.count {
        for index in columns.indices { columns[index].alignment = alignments[index] }
      } else {
        options.reportValue(
          "align", alignText, expected: ExpectedValue.alignments(columns.count))
      }
    }
    let spec = TableSpec(columns: columns, gap: gap, range: statement.range)
    if spec.minimumWidth > media.columns {
      diagnostics.append(
        Diagnostic(.tableTooWide(spec.minimumWidth, columns: media.columns), at: statement.range))
    }
    table = spec
    defer { table = nil }
    return checkBlock(statement.body, media: media)
  }
}
