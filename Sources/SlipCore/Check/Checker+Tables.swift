import SlipIR

// Tables: their columns, and the rows inside them checked against those.
extension Checker {
  /// `table widths="* 4 14" align="left right right" gap=1`: its rows, checked against it.
  mutating func checkTable(_ statement: TableStatement, media: ReceiptMedia) -> [CheckedStatement] {
    guard table == nil else {
      diagnostics.append(Diagnostic(.tableNested(), at: statement.range))
      return []
    }
    var options = OptionReader(
      statement.options, statement: "table", accepts: ["widths", "align", "gap", "border"])
    defer { diagnostics += options.diagnostics }
    let border =
      options.choice("border", Border.allCases.map { $0.rawValue }).flatMap(Border.init(rawValue:)) ?? .none
    // With a border the cells sit against the rules unless a gap is asked for.
    let gap = options.integer("gap", in: 0...8) ?? (border == .none ? 1 : 0)
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
    let spec = TableSpec(columns: columns, gap: gap, border: border, range: statement.range)
    if spec.minimumWidth > media.columns {
      diagnostics.append(
        Diagnostic(.tableTooWide(spec.minimumWidth, columns: media.columns), at: statement.range))
    }
    table = spec
    defer { table = nil }
    guard border.weight != nil else { return checkBlock(statement.body, media: media) }
    return [.tableFrame(spec, .top, statement.range)] + checkBlock(statement.body, media: media)
      + [.tableFrame(spec, .bottom, statement.range)]
  }

  /// Options a row takes only inside a table: `align="left right right"` and `header`.
  static let tableRowOptions = ["align", "header"]

  /// The table as `row` prints in it: its own `align=` for each column, if it gives one.
  mutating func tableRow(_ row: RowStatement, in table: TableSpec) -> TableRowSpec {
    var options = OptionReader(
      row.options.filter { Self.tableRowOptions.contains($0.name) }, statement: "row",
      accepts: Self.tableRowOptions)
    defer { diagnostics += options.diagnostics }
    var alignments = table.columns.map { $0.alignment }
    if let alignText = options.text("align", expected: ExpectedValue.alignments) {
      let words = alignText.split(separator: " ").map(String.init)
      let given = words.compactMap(Alignment.init(rawValue:))
      if given.count == words.count, given.count == table.columns.count {
        alignments = given
      } else {
        options.reportValue("align", alignText, expected: ExpectedValue.alignments(table.columns.count))
      }
    }
    return TableRowSpec(table: table, alignments: alignments, header: options.flag("header"))
  }
}
