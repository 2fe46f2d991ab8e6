import SlipIR

/// Text as the compiler measures and normalises it: NFC, and columns as ``TextColumns`` counts.
package enum TextWidth {
  /// NFC-normalised text: composed characters where Unicode has them, so "e" + U+0301 becomes "é".
  package static func normalized(_ text: String) -> String {
    // Every scalar below U+0300 means no combining marks and nothing that composes: already NFC.
    // In UTF-8, U+0300 is the first scalar whose lead byte is 0xCC or more.
    if allBytes(of: text, where: { $0 < 0xCC }) { return text }
    return String(decoding: text._nfcCodeUnits, as: UTF8.self)
  }

  /// Whether every UTF-8 byte of `text` passes `test`, as ``TextColumns`` reads them.
  @inline(__always)
  package static func allBytes(of text: some StringProtocol, where test: (UInt8) -> Bool) -> Bool {
    TextColumns.allBytes(of: text, where: test)
  }

  /// Whether `text` is printable ASCII only: then each byte is one column and one cluster.
  package static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
    TextColumns.isPrintableASCII(text)
  }

  /// Columns of a scalar, as the IR's ``TextColumns`` counts them (one measure for every stage).
  package static func columns(of scalar: Unicode.Scalar) -> Int { TextColumns.columns(of: scalar) }

  /// Columns of a grapheme cluster.
  package static func columns(of character: Character) -> Int { TextColumns.columns(of: character) }

  /// Columns of a text.
  package static func columns(of text: some StringProtocol) -> Int { TextColumns.columns(of: text) }
}
