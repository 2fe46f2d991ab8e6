/// Layout's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func controlCharactersRemoved(_ count: Int) -> Self {
    .init(
      id: "W0501", .warning,
      "removed \(count) control character\(count == 1 ? "" : "s") from the text; printers would run them as commands",
      label: "text with control characters")
  }
}
