import SlipIR

// Text in the profile's code pages: a fast path for the usual case, a careful one for the rest.
extension Emitter {
  /// Appends `text` in the profile's code pages and returns how many cells it took.
  ///
  /// One scalar a cell when every scalar is printable ASCII or in some page: the usual case, even
  /// for accented text, decoded straight from the UTF-8. Anything else (controls, characters no
  /// page has, invisible ones) undoes that and takes the careful path.
  mutating func encode(_ text: String, source: SourceSpan?) -> Int {
    let start = bytes.count
    let startPage = page
    // The string's bytes where they are: `withUTF8` needs a mutable copy, a retain and release
    // per run. A string without contiguous bytes (none on Linux) takes the careful path.
    if let cells = text.utf8.withContiguousStorageIfAvailable({ encodeSimple($0) }) ?? nil { return cells }
    bytes.removeSubrange(start...)
    page = startPage
    return encodeByCharacter(text, source: source)
  }

  /// The fast path over valid UTF-8 (a String's always is): printable ASCII is copied in runs,
  /// since it is the same bytes on every page; nil as soon as a scalar needs care.
  mutating func encodeSimple(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var runStart = 0
    var continuationBytes = 0
    while index < utf8.count {
      let lead = utf8[index]
      if lead < 0x80 {
        guard lead >= 0x20 && lead != 0x7F else { return nil }
        index += 1
        continue
      }
      if runStart < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
        length = 2
      } else if lead < 0xF0 {
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
        length = 3
      } else {
        value = UInt32(lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
        value |= UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F)
        length = 4
      }
      // C1 controls are in no page; the soft hyphen is, but takes no column.
      let pages = encoder.pagesHaving(value)
      guard pages != 0, value != 0xAD else { return nil }
      if let page, pages & (1 << UInt64(page)) != 0 {
        bytes.append(encoder.byte(of: value, inPage: page))
      } else {
        let rest = String(decoding: UnsafeBufferPointer(rebasing: utf8[index...]), as: UTF8.self)
        switchPage(to: choosePage(pages, rest: rest.unicodeScalars))
        bytes.append(encoder.byte(of: value, inPage: page ?? 0))
      }
      index += length
      runStart = index
      continuationBytes += length - 1
    }
    if runStart < index {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
    return utf8.count - continuationBytes
  }

  /// The careful path, a grapheme cluster at a time: drops controls (with a warning) and
  /// zero-width format characters, encodes decomposed clusters by their composed form, and prints
  /// `?` for what no page has, padded to the columns the layout gave the cluster.
  mutating func encodeByCharacter(_ text: String, source: SourceSpan?) -> Int {
    var cells = 0
    var controls = 0
    var missing: [String] = []
    var seen: Set<String> = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      var kept: [Unicode.Scalar] = []
      for scalar in text.unicodeScalars[index..<next] {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) {
          controls += 1
        } else if !Self.takesNoRoom(scalar) {
          kept.append(scalar)
        }
      }
      defer { index = next }
      guard let first = kept.first else { continue }
      let rest = text.unicodeScalars[index...]
      if kept.count == 1, first.value < 0x7F {
        bytes.append(UInt8(first.value))
        cells += 1
        continue
      }
      let single = kept.count == 1 ? first.value : encoder.composedScalar(of: kept)
      if let single, encoder.pagesHaving(single) != 0 {
        put(single, pages: encoder.pagesHaving(single), rest: rest)
        cells += 1
        continue
      }
      let cluster = String(String.UnicodeScalarView(kept))
      if seen.insert(cluster).inserted { missing.append(cluster) }
      // The columns the layout gave this cluster, so what follows stays in place.
      let width = max(1, TextColumns.columns(of: cluster))
      bytes.append(0x3F)  // '?'
      spaces(width - 1)
      cells += width
    }
    if controls > 0 {
      pending.append(.warning(.controlCharactersRemoved(controls, at: source)))
    }
    if !missing.isEmpty { noteMissing(missing, at: source) }
    return cells
  }

  /// Soft hyphens, format characters (zero-width joiners and spaces, byte-order marks) and
  /// variation selectors: nothing to print, and no column in the layout.
  static func takesNoRoom(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0xAD || (0xFE00...0xFE0F).contains(value) { return true }
    return value >= 0x300 && scalar.properties.generalCategory == .format
  }
}
