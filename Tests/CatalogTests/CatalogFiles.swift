import Foundation

/// The message catalogs as source text: one file per stage, read from the repository so the
/// tests hold the files themselves (Swift cannot list a type's static factories at run time).
enum CatalogFiles {
  /// The repository's root, from this file's place in it.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every stage's catalog, relative to the root.
  static let paths = [
    "Sources/SlipCore/Lex/LexerMessages.swift",
    "Sources/SlipCore/Parse/ParserMessages.swift",
    "Sources/SlipCore/Check/CheckerMessages.swift",
    "Sources/SlipCore/Eval/EvaluatorMessages.swift",
    "Sources/SlipCore/Layout/LayoutMessages.swift",
    "Sources/SlipRecords/RecordMessages.swift",
    "Sources/SlipESCPOS/ESCPOSDiagnostics.swift",
    "Sources/SlipRaster/RasterDiagnostics.swift",
    "Sources/SlipZPL/ZPLDiagnostics.swift",
    "Sources/SlipSymbols/SymbolMessages.swift",
    "Sources/SlipCore/Diagnostics/Suggestion.swift",
    "Sources/SlipCore/Eval/FilterMessages.swift",
    "Sources/SlipCore/Source/LoaderMessages.swift",
    "Sources/SlipImages/ImageMessages.swift",
    "Sources/SlipKit/SlipKitMessages.swift",
    "Sources/SlipServe/Configuration/ServeMessages.swift",
  ]

  /// IDs that two catalogs share on purpose: the same problem found by two stages.
  static let shared: [String: String] = [
    // A data file, or a line of JSON Lines, that is JSON but not an object.
    "E0421": "the evaluator's data and the records' lines"
  ]

  /// IDs the command line defines itself, outside every library (the lead's CLI rewrite moves
  /// them into SlipKit's catalog): `E0001`, a template that cannot be read.
  static let commandLine: Set<String> = ["E0001"]

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The names of the factories of each `extension` (or `enum`) block, in file order; private helpers
  /// (`hex`, `quoted`) are not factories.
  static func factories(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    let factory = /^  (?:package |public )?static (?:func|var|let) (\w+)/
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("extension ") || (line.hasPrefix("enum ") && line.hasSuffix("{")) {
        current = []
      } else if line == "}" {
        if let block = current { blocks.append(block) }
        current = nil
      } else if current != nil, let match = line.firstMatch(of: factory) {
        current?.append(String(match.1))
      }
    }
    return blocks
  }

  /// The diagnostic IDs a text names, in order.
  static func ids(in text: String) -> [String] {
    text.matches(of: /"([EW]\d{4})"/).map { String($0.1) }
  }

  /// Every Swift file under `Sources`, relative to the root.
  static func sources() -> [String] {
    let base = root.appendingPathComponent("Sources")
    let walker = FileManager.default.enumerator(atPath: base.path)
    var found: [String] = []
    while let path = walker?.nextObject() as? String {
      if path.hasSuffix(".swift") { found.append("Sources/" + path) }
    }
    return found.sorted()
  }
}
