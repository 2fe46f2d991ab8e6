import SlipIR

/// A 1-bit page being drawn: rows of packed bits as ``Bitmap`` has them (1 = ink, most
/// significant bit first), filled a span at a time rather than a dot at a time.
struct Canvas {
  let width: Int
  let height: Int
  let bytesPerRow: Int
  private(set) var bits: [UInt8]

  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    bytesPerRow = (self.width + 7) / 8
    bits = [UInt8](repeating: 0, count: bytesPerRow * self.height)
  }

  /// The drawing as a bitmap.
  var bitmap: Bitmap { Bitmap(width: width, height: height, bits: bits) }

  /// Inks (or clears) dots `from..<to` of row `y`; whatever falls outside the page is dropped.
  mutating func span(_ y: Int, from: Int, to: Int, ink: Bool = true) {
    let start = max(0, from)
    let end = min(width, to)
    guard y >= 0, y < height, start < end else { return }
    let row = y * bytesPerRow
    var x = start
    while x < end {
      let bit = x & 7
      let count = min(8 - bit, end - x)
      // `count` bits from `bit`, most significant first.
      let mask = UInt8(truncatingIfNeeded: (0xFF00 >> count) & 0xFF) >> UInt8(bit)
      if ink { bits[row + x >> 3] |= mask } else { bits[row + x >> 3] &= ~mask }
      x += count
    }
  }

  /// Inks (or clears) a rectangle.
  mutating func rectangle(x: Int, y: Int, width: Int, height: Int, ink: Bool = true) {
    for row in max(0, y)..<min(self.height, y + height) { span(row, from: x, to: x + width, ink: ink) }
  }

  /// Inks the dots `bitmap` inks, its top left at `x`, `y`; clipped to the page.
  mutating func draw(_ bitmap: Bitmap, x: Int, y: Int) {
    let shift = ((x % 8) + 8) % 8
    let firstByte = (x - shift) / 8
    for sourceRow in 0..<bitmap.height {
      let row = y + sourceRow
      guard row >= 0, row < height else { continue }
      let source = sourceRow * bitmap.bytesPerRow
      let target = row * bytesPerRow
      var carry: UInt8 = 0
      for index in 0...bitmap.bytesPerRow {
        let byte: UInt8 = index < bitmap.bytesPerRow ? bitmap.bits[source + index] : 0
        let out = carry | byte >> UInt8(shift)
        carry = shift == 0 ? 0 : byte << UInt8(8 - shift)
        let column = firstByte + index
        if column >= 0, column < bytesPerRow, out != 0 {
          bits[target + column] |= out
        }
      }
    }
    clearPadding()
  }

  /// Flips the dots `bitmap` inks, its top left at `x`, `y`: ink becomes paper and paper ink,
  /// as a reverse field (ZPL `^FR`) prints; clipped to the page.
  mutating func invert(_ bitmap: Bitmap, x: Int, y: Int) {
    for row in 0..<bitmap.height where (0..<height).contains(y + row) {
      for column in 0..<bitmap.width where bitmap[column, row] {
        let target = x + column
        guard (0..<width).contains(target) else { continue }
        bits[(y + row) * bytesPerRow + target >> 3] ^= 0x80 >> UInt8(target & 7)
      }
    }
  }

  /// Dots right of the width in the last byte of each row stay blank, as Bitmap requires.
  private mutating func clearPadding() {
    let extra = bytesPerRow * 8 - width
    guard extra > 0 else { return }
    let mask = UInt8(0xFF) << UInt8(extra)
    for row in 0..<height { bits[row * bytesPerRow + bytesPerRow - 1] &= mask }
  }
}
