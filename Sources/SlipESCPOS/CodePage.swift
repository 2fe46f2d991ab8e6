/// A character table a printer selects with `ESC t n`, named as Epson's references name it
/// (`PC437`, `WPC1252`).
///
/// Slip encodes text in the pages of ``CodePage/encodable``; of the Arabic and Hebrew pages it
/// uses only the left-to-right characters (accented letters, symbols), since right-to-left text
/// needs shaping and reordering that a printer's text mode does not do. A few more pages are
/// recognised so that a profile can list a printer's whole table, but text never uses them.
public struct CodePage: Sendable, Hashable, CustomStringConvertible {
  /// The canonical name.
  public let name: String
  /// What the page is for.
  public let title: String
  /// Bytes 0x80–0xFF as Unicode scalars (0: undefined); nil for pages text never uses.
  let upperHalf: [UInt16]?

  /// Whether Slip can encode text in this page.
  public var isEncodable: Bool { upperHalf != nil }

  /// The name.
  public var description: String { name }

  /// The page called `name`: canonical (`PC858`) or a common alias (`CP858`, `cp1252`,
  /// `Windows-1252`, `ISO-8859-15`); nil when Slip does not know it.
  public static func named(_ name: String) -> CodePage? {
    let key = canonicalKey(name)
    return all.first { canonicalKey($0.name) == key }
  }

  /// Every page Slip knows, encodable ones first.
  public static let all: [CodePage] =
    tables.map { CodePage(name: $0.name, title: $0.title, upperHalf: $0.upperHalf) }
    + recognised.map { CodePage(name: $0.name, title: $0.title, upperHalf: nil) }

  /// The pages text can be encoded in.
  public static var encodable: [CodePage] { all.filter({ $0.isEncodable }) }

  /// Pages that appear in printers' tables but are never used for text.
  private static let recognised: [(name: String, title: String)] = [
    ("KATAKANA", "Katakana (not used for text: half-width kana need a width model)"),
    ("PC864", "Arabic (not used for text: its 0x25 is not '%')"),
  ]

  /// `PC437`, `CP437`, `cp-437` and `IBM437` are one page; `WPC1252`, `CP1252` and
  /// `Windows-1252` another; `ISO8859-15` and `ISO-8859-15` a third.
  private static func canonicalKey(_ name: String) -> String {
    var key = name.uppercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    for prefix in ["WINDOWS", "WPC", "IBM", "PC", "CP"] where key.hasPrefix(prefix) {
      key.removeFirst(prefix.count)
      break
    }
    return key
  }

  /// The scalar byte `byte` prints as, nil when undefined or when the page is not encodable.
  public func character(for byte: UInt8) -> Unicode.Scalar? {
    if byte >= 0x20 && byte < 0x7F { return Unicode.Scalar(byte) }
    guard byte >= 0x80, let upperHalf else { return nil }
    let value = upperHalf[Int(byte) - 0x80]
    return value == 0 ? nil : Unicode.Scalar(value)
  }
}
