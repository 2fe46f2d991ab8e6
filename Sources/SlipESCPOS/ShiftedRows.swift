import SlipIR

/// A bitmap's rows shifted right by `x` dots and padded to `widthBytes`, as image commands take
/// them (1 = ink, most significant bit first).
struct ShiftedRows {
  let bitmap: Bitmap
  let x: Int
  let widthBytes: Int

  /// Appends row `y`: whole bytes are copied, a shift that is not a multiple of 8 carries bits
  /// from one byte into the next.
  func append(row y: Int, to out: inout [UInt8]) {
    let source = bitmap.bits[(y * bitmap.bytesPerRow)..<((y + 1) * bitmap.bytesPerRow)]
    let skip = x / 8
    let shift = x % 8
    out += repeatElement(0, count: skip)
    var written = skip
    if shift == 0 {
      out += source
      written += source.count
    } else {
      var carry: UInt8 = 0
      for byte in source {
        out.append(carry | byte >> UInt8(shift))
        carry = byte << UInt8(8 - shift)
        written += 1
      }
      if written < widthBytes {
        out.append(carry)
        written += 1
      }
    }
    // Padding bits of the last source byte are blank, so nothing beyond the width is inked.
    out += repeatElement(0, count: max(0, widthBytes - written))
  }

  /// Whether dot (`column`, `row`) of the shifted picture is inked.
  func ink(_ column: Int, _ row: Int) -> Bool {
    let sourceColumn = column - x
    guard sourceColumn >= 0, sourceColumn < bitmap.width, row < bitmap.height else { return false }
    return bitmap[sourceColumn, row]
  }
}
