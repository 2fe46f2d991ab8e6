/// Layout's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func controlCharactersRemoved(_ count: Int) -> Self {
    .init(
      id: "W0501", .warning,
      "removed \(count) control character\(count == 1 ? "" : "s") from the text; printers would run them as commands",
      label: "text with control characters")
  }
  static func outsideLabel(width: Int, height: Int) -> Self {
    .init(
      id: "W0502", .warning,
      "this reaches past the label's edges (\(width)x\(height) dots); the printer cuts it off",
      label: "outside the label")
  }
  static func receiptPrintsNothing() -> Self {
    .init(
      id: "W0504", .warning,
      "with this data the receipt prints nothing: no text, rule, picture or symbol reaches the paper",
      label: "prints nothing")
  }
  static func spanInShapedText() -> Self {
    .init(
      id: "E0357", .error,
      "inline spans cannot be drawn in label text that needs shaping (such as Arabic, Hebrew or Thai)",
      label: "styled shaped text")
  }
  static func textCut(lines: Int) -> Self {
    .init(
      id: "W0503", .warning,
      "the text does not fit in \(lines) line\(lines == 1 ? "" : "s") and was cut short",
      label: "cut with '...'")
  }
  static func textOnFilledBox() -> Self {
    .init(
      id: "W0530", .warning, "this text prints black on a filled box, where it cannot be read",
      label: "black on black")
  }
  static func widerThanColumn(dots: Int, column: Int) -> Self {
    .init(
      id: "W0520", .warning,
      "this is \(dots) dots wide but its column is \(column); it covers what is beside it",
      label: "wider than its column")
  }
}

/// Layout's help lines, alphabetically.
extension Help {
  static func reverseText() -> String {
    "add 'reverse' to print the text white on the box, or move it off the box"
  }
  static func shapedSpans() -> String {
    "drop the tags, or give the styled words a 'text' of their own"
  }
}
