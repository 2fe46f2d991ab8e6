import SlipIR

/// Turns text into bytes in the code pages one printer has, choosing a page per character and
/// switching (`ESC t`) only when the current page lacks the next character.
///
/// Built once per profile: flat tables indexed by scalar make a lookup an array access, so text
/// full of accents costs little more than ASCII (ReceiptPrinterEncoder's automatic pages cost it
/// 10×).
struct TextEncoder: Sendable {
  /// The profile's encodable pages, by ascending `ESC t` number.
  let pages: [(number: UInt8, page: CodePage)]
  /// For each scalar below `limit`, a bit per page in `pages` that has it.
  private let coverage: [UInt64]
  /// The byte of each scalar below `limit` in each page, page after page (valid where `coverage`
  /// says so): one flat array, so a lookup is one index computation.
  private let bytes: [UInt8]
  /// One past the largest scalar any page has.
  private let limit: Int

  /// An encoder for the encodable pages of `entries` (at most 64 are used).
  init(_ entries: [CodePageEntry]) {
    let usable = entries.filter { $0.page.isEncodable && (0...255).contains($0.number) }.prefix(64)
    pages = usable.map { (UInt8($0.number), $0.page) }
    var largest = 0x80
    for entry in usable {
      for value in entry.page.upperHalf ?? [] { largest = max(largest, Int(value) + 1) }
    }
    limit = largest
    var coverage = [UInt64](repeating: 0, count: largest)
    var bytes = [UInt8](repeating: 0, count: largest * usable.count)
    for (index, entry) in usable.enumerated() {
      for (offset, value) in (entry.page.upperHalf ?? []).enumerated() where value != 0 {
        // A page that lists a scalar twice keeps the first byte.
        if coverage[Int(value)] & (1 << UInt64(index)) == 0 {
          bytes[index * largest + Int(value)] = UInt8(0x80 + offset)
          coverage[Int(value)] |= 1 << UInt64(index)
        }
      }
    }
    self.coverage = coverage
    self.bytes = bytes
  }

  /// The pages (bit per index into `pages`) that have `scalar`; 0 when none does.
  @inline(__always)
  func pagesHaving(_ scalar: UInt32) -> UInt64 {
    scalar < limit ? coverage[Int(scalar)] : 0
  }

  /// The byte of `scalar` in page `index`, which must have it.
  @inline(__always)
  func byte(of scalar: UInt32, inPage index: Int) -> UInt8 {
    bytes[index &* limit &+ Int(scalar)]
  }
}

extension TextEncoder {
  /// The one scalar some page has that is canonically equivalent to `scalars` ("e" + U+0301 is
  /// "é"), for text that reached the writer decomposed; nil when there is none.
  func composedScalar(of scalars: [Unicode.Scalar]) -> UInt32? {
    // Only a Latin, Greek or Cyrillic letter with a few combining marks composes into a
    // character of these pages.
    guard let base = scalars.first, base.value < 0x500, scalars.count <= 4,
      scalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark })
    else { return nil }
    let text = String(String.UnicodeScalarView(scalars))
    var value: UInt32 = 0xA0
    while value < UInt32(limit) {
      // String equality is canonical equivalence, so this compares composed with decomposed.
      if pagesHaving(value) != 0, let scalar = Unicode.Scalar(value), String(scalar) == text {
        return value
      }
      value += 1
    }
    return nil
  }
}
