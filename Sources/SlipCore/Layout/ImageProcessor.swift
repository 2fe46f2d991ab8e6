import SlipIR

/// Scales grey pictures to the printer's dots and dithers them to one bit, in plain Swift so
/// the compiler stays free of C libraries.
struct ImageProcessor {
  /// How grey becomes black and white.
  enum Dither: String, CaseIterable {
    /// Darker than the threshold is ink: crisp for logos and line art.
    case threshold
    /// Error diffusion to four neighbours: the usual choice for photos.
    case floydSteinberg = "floyd-steinberg"
    /// Error diffusion of three quarters of the error: more contrast, as on early Macs.
    case atkinson
    /// An 8×8 ordered pattern: regular texture, stable from print to print.
    case bayer
  }

  /// The image `width` dots wide (height in proportion), dithered.
  static func bitmap(from image: GreyImage, width: Int, dither: Dither, threshold: Int = 128) -> Bitmap {
    let height = max(1, (image.height * width + image.width / 2) / max(1, image.width))
    let grey = scale(image, width: width, height: height)
    switch dither {
    case .threshold: return thresholded(grey, width: width, height: height, threshold: threshold)
    case .floydSteinberg: return floydSteinberg(grey, width: width, height: height)
    case .atkinson: return diffused(grey, width: width, height: height, Atkinson.self)
    case .bayer: return ordered(grey, width: width, height: height)
    }
  }

  /// Box-filtered downscaling (each dot averages the pixels it covers); nearest neighbour when
  /// enlarging, which keeps small logos sharp.
  static func scale(_ image: GreyImage, width: Int, height: Int) -> [UInt8] {
    if width == image.width, height == image.height { return image.pixels }
    var out = [UInt8](repeating: 255, count: width * height)
    let enlarging = width >= image.width && height >= image.height
    for y in 0..<height {
      let y0 = y * image.height / height
      let y1 = enlarging ? y0 + 1 : max(y0 + 1, (y + 1) * image.height / height)
      for x in 0..<width {
        let x0 = x * image.width / width
        let x1 = enlarging ? x0 + 1 : max(x0 + 1, (x + 1) * image.width / width)
        var sum = 0
        for sy in y0..<y1 {
          let row = sy * image.width
          for sx in x0..<x1 { sum += Int(image.pixels[row + sx]) }
        }
        out[y * width + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
      }
    }
    return out
  }

  private static func thresholded(_ grey: [UInt8], width: Int, height: Int, threshold: Int) -> Bitmap {
    packed(width: width, height: height) { x, y in Int(grey[y * width + x]) < threshold }
  }

  /// A bitmap whose dots `ink` decides, row by row, packed straight into its bytes (setting dots
  /// one by one through the bitmap's subscript costs more than the dithering).
  private static func packed(width: Int, height: Int, _ ink: (Int, Int) -> Bool) -> Bitmap {
    let bytesPerRow = (width + 7) / 8
    var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
    bits.withUnsafeMutableBufferPointer { bits in
      for y in 0..<height {
        for x in 0..<width where ink(x, y) { bits[y * bytesPerRow + x >> 3] |= 0x80 >> UInt8(x & 7) }
      }
    }
    return Bitmap(width: width, height: height, bits: bits)
  }

  /// Error diffusion: each dot becomes black or white, and `kernel` hands the difference to the
  /// neighbours still to come. The hot loop of printing a photo, so it is written for speed:
  /// levels in a flat buffer, the kernel specialised in (generic, not a closure), no branch on
  /// the dot's colour (dithered dots are unpredictable), a row's dots gathered a byte at a time.
  private static func diffused<Kernel: DiffusionKernel>(
    _ grey: [UInt8], width: Int, height: Int, _ kernel: Kernel.Type
  ) -> Bitmap {
    let bytesPerRow = (width + 7) / 8
    var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
    var levels = widened(grey)
    levels.withUnsafeMutableBufferPointer { levels in
      bits.withUnsafeMutableBufferPointer { bits in
        for y in 0..<height {
          let row = y * width
          let rowsBelow = height - y - 1
          var byte: UInt32 = 0
          for x in 0..<width {
            let old = levels[row + x]
            // All ones when the dot is ink (darker than mid-grey), else zero.
            let ink = (old &- 128) >> 31
            byte = byte << 1 | UInt32(bitPattern: ink & 1)
            if x & 7 == 7 {
              bits[y * bytesPerRow + x >> 3] = UInt8(truncatingIfNeeded: byte)
              byte = 0
            }
            let error = old &- (255 & ~ink)
            if x > 1 && x + 2 < width {
              Kernel.spread(error, levels, at: row + x, width: width, rowsBelow: rowsBelow)
            } else {
              Kernel.spreadAtEdge(error, levels, at: row + x, x: x, width: width, rowsBelow: rowsBelow)
            }
          }
          if width & 7 != 0 {
            bits[y * bytesPerRow + bytesPerRow - 1] = UInt8(truncatingIfNeeded: byte << UInt32(8 - width & 7))
          }
        }
      }
    }
    return Bitmap(width: width, height: height, bits: bits)
  }

  /// Floyd–Steinberg: 7/16 of each dot's error to the right, 3/16 below left, 5/16 below, 1/16
  /// below right, each share rounded toward zero, shares off the picture dropped. The usual
  /// choice for photos and the hot loop of printing one, so it is written for speed:
  /// - one row of gathered errors instead of a widened copy of the picture;
  /// - the shares of each possible level looked up, not divided out (see ``FloydSteinbergStep``);
  /// - two rows at a time, the lower two dots behind (its dot x needs the upper row's dots up to
  ///   x + 1): each dot waits on the one before it, so one row alone leaves the processor idle
  ///   between lookups, and a second, independent row fills that time;
  /// - no branch on the dot's colour or the picture's sides; dots packed 8 at a time afterwards.
  private static func floydSteinberg(_ grey: [UInt8], width: Int, height: Int) -> Bitmap {
    let bytesPerRow = (width + 7) / 8
    var bits = [UInt8](repeating: 0, count: bytesPerRow * height)
    // errors[x + 1]: the error gathered for dot x of a row, from the row above it (in bytes of
    // the table of steps, see FloydSteinbergStep). A row reads its slot x + 1 at dot x and then
    // writes slot x, for dot x - 1 of the row below, complete by then; the lower row of a pair,
    // two dots behind, reads and writes where the upper row already has. errors[0] takes the
    // shares below left of first dots, which fall off.
    var errors = [Int](repeating: 0, count: width + 1)
    // Each row of the pair's dots, a byte each (1 = ink), zero up to the row's last whole byte.
    var inks = [UInt8](repeating: 0, count: 2 * bytesPerRow * 8)
    FloydSteinbergStep.table.withUnsafeBufferPointer { table in
      // A level in bytes (16 times over) is the offset of its step from here; see
      // FloydSteinbergStep. Errors and shares below are kept in bytes too.
      assert(MemoryLayout<FloydSteinbergStep>.stride == FloydSteinbergStep.size)
      let steps = UnsafeRawPointer(table.baseAddress! - FloydSteinbergStep.lowest)
      grey.withUnsafeBufferPointer { grey in
        errors.withUnsafeMutableBufferPointer { errors in
          inks.withUnsafeMutableBufferPointer { inks in
            bits.withUnsafeMutableBufferPointer { bits in
              let errors = errors.baseAddress!
              /// A row being dithered: its grey levels, its dots, and the shares waiting for the
              /// next dot (right) and for the two below the last dot and below right of it.
              struct Row {
                let levels: UnsafePointer<UInt8>
                let inks: UnsafeMutablePointer<UInt8>
                var right = 0
                var below = 0
                var belowRight = 0
              }
              // Dithers dot x of `row`. Wrapping arithmetic: levels stay within -128...383.
              @inline(__always) func dot(_ x: Int, _ row: inout Row) {
                let level = Int(row.levels[x]) &* FloydSteinbergStep.size &+ errors[x &+ 1] &+ row.right
                let step = steps.load(fromByteOffset: level, as: FloydSteinbergStep.self)
                row.right = Int(step.right)
                errors[x] = row.below &+ Int(step.belowLeft)
                row.below = row.belowRight &+ Int(step.below)
                row.belowRight = Int(step.belowRight)
                row.inks[x] = UInt8(truncatingIfNeeded: step.ink)
              }
              // Writes `row`'s dots to bitmap row y, 8 to a byte, the first in the top bit.
              func pack(_ row: Row, into y: Int) {
                let out = bits.baseAddress! + y * bytesPerRow
                for column in 0..<bytesPerRow {
                  let eight = UInt64(
                    littleEndian: UnsafeRawPointer(row.inks + 8 * column).loadUnaligned(as: UInt64.self))
                  // Byte i of `eight` (0 or 1) times 2^(63 - 9i) lands alone in bit 63 - i.
                  out[column] = UInt8(truncatingIfNeeded: (eight &* 0x8040_2010_0804_0201) >> 56)
                }
              }
              var y = 0
              while y < height {
                let levels = grey.baseAddress! + y * width
                var upper = Row(levels: levels, inks: inks.baseAddress!)
                guard y + 1 < height else {
                  for x in 0..<width { dot(x, &upper) }
                  pack(upper, into: y)
                  break
                }
                var lower = Row(levels: levels + width, inks: inks.baseAddress! + bytesPerRow * 8)
                let lead = min(2, width)
                for x in 0..<lead { dot(x, &upper) }
                for x in lead..<width {
                  dot(x, &upper)
                  dot(x &- 2, &lower)
                }
                errors[width] = upper.below
                for x in width - lead..<width { dot(x, &lower) }
                errors[width] = lower.below
                pack(upper, into: y)
                pack(lower, into: y + 1)
                y += 2
              }
            }
          }
        }
      }
    }
    return Bitmap(width: width, height: height, bits: bits)
  }

  /// The grey levels as 32-bit numbers that errors can push past 0–255 (a plain `map` appends
  /// one at a time; this is a single pass the compiler vectorises).
  private static func widened(_ grey: [UInt8]) -> [Int32] {
    [Int32](unsafeUninitializedCapacity: grey.count) { levels, initialized in
      grey.withUnsafeBufferPointer { grey in
        for index in 0..<grey.count { levels[index] = Int32(grey[index]) }
      }
      initialized = grey.count
    }
  }

  /// The classic 8×8 Bayer matrix, values 0–63.
  private static let bayerMatrix: [Int] = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
  ]

  private static func ordered(_ grey: [UInt8], width: Int, height: Int) -> Bitmap {
    packed(width: width, height: height) { x, y in
      // The cell's threshold, spread evenly over 0–255.
      Int(grey[y * width + x]) < bayerMatrix[(y & 7) * 8 + (x & 7)] * 4 + 2
    }
  }

}

/// What Floyd–Steinberg does with a dot of one level: whether it is ink, and the shares of its
/// error for the neighbours, rounded toward zero. A dot's level is its grey plus at most one whole
/// error of shares from its neighbours (7 + 3 + 5 + 1 sixteenths), and an error is never more
/// than 128 either way (a level below 128 is ink with an error of the level itself, else paper
/// with the level less 255), so by induction levels stay within -128...383: 512 possible steps,
/// looked up instead of worked out per dot.
///
/// The shares are kept in bytes of the table, `size` times over: a level's grey times `size`
/// plus its shares is then the offset of its step, with no multiplication between one dot's
/// lookup and the next (measurably faster: 11% of the dithering).
private struct FloydSteinbergStep {
  /// The shares, times `size`.
  let right: Int16
  let belowLeft: Int16
  let below: Int16
  let belowRight: Int16
  /// 1 when the dot is ink, else 0.
  let ink: Int16
  // Pads the step to 16 bytes, a power of two, which keeps the table's offsets cheap.
  private let padding: (Int16, Int16, Int16) = (0, 0, 0)

  /// Bytes a step; the factor of the shares.
  static let size = 16

  /// The lowest level a dot can have.
  static let lowest = -128

  /// The steps for levels -128...383, in order.
  static let table: [FloydSteinbergStep] = (-128...383).map { level in
    let error = level < 128 ? level : level - 255
    // Each share rounded toward zero first, then in bytes.
    func share(_ sixteenths: Int) -> Int16 { Int16(error * sixteenths / 16 * FloydSteinbergStep.size) }
    return FloydSteinbergStep(
      right: share(7), belowLeft: share(3), below: share(5), belowRight: share(1), ink: level < 128 ? 1 : 0)
  }
}

/// Where error diffusion sends a dot's error: shares of it to neighbours right and below, each
/// rounded toward zero; shares that would fall off the picture are dropped.
private protocol DiffusionKernel {
  /// Neighbours (column offset, row offset, weight) and the divisor of the weights.
  static var taps: [(Int, Int, Int32)] { get }
  static var divisor: Int32 { get }
  /// The shares of a dot at least two columns from either side, `rowsBelow` rows above the bottom.
  static func spread(
    _ error: Int32, _ levels: UnsafeMutableBufferPointer<Int32>, at index: Int, width: Int, rowsBelow: Int)
}

extension DiffusionKernel {
  /// The shares of a dot near the left or right side: taps off the picture are dropped.
  static func spreadAtEdge(
    _ error: Int32, _ levels: UnsafeMutableBufferPointer<Int32>, at index: Int, x: Int, width: Int,
    rowsBelow: Int
  ) {
    for (dx, dy, weight) in taps where dy <= rowsBelow && x + dx >= 0 && x + dx < width {
      levels[index + dy * width + dx] += error * weight / divisor
    }
  }
}

/// Atkinson: an eighth to each of six neighbours (two right, three below, one two rows down);
/// the last quarter of the error is dropped, which keeps contrast.
private enum Atkinson: DiffusionKernel {
  static let taps: [(Int, Int, Int32)] = [(1, 0, 1), (2, 0, 1), (-1, 1, 1), (0, 1, 1), (1, 1, 1), (0, 2, 1)]
  static let divisor: Int32 = 8

  @inline(__always)
  static func spread(
    _ error: Int32, _ levels: UnsafeMutableBufferPointer<Int32>, at index: Int, width: Int, rowsBelow: Int
  ) {
    let share = error / 8
    levels[index + 1] &+= share
    levels[index + 2] &+= share
    guard rowsBelow > 0 else { return }
    let below = index + width
    levels[below - 1] &+= share
    levels[below] &+= share
    levels[below + 1] &+= share
    if rowsBelow > 1 { levels[below + width] &+= share }
  }
}
