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
    case .floydSteinberg:
      return diffused(
        grey, width: width, height: height, taps: [(1, 0, 7), (-1, 1, 3), (0, 1, 5), (1, 1, 1)], divisor: 16)
    case .atkinson:
      return diffused(
        grey, width: width, height: height,
        taps: [(1, 0, 1), (2, 0, 1), (-1, 1, 1), (0, 1, 1), (1, 1, 1), (0, 2, 1)], divisor: 8)
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
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width where Int(grey[y * width + x]) < threshold { bitmap[x, y] = true }
    }
    return bitmap
  }

  /// Error diffusion: each dot becomes black or white, and the difference is spread to the
  /// neighbours `taps` name (dx, dy, weight), divided by `divisor`.
  private static func diffused(
    _ grey: [UInt8], width: Int, height: Int, taps: [(Int, Int, Int)], divisor: Int
  ) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    var levels = grey.map { Int($0) }
    for y in 0..<height {
      for x in 0..<width {
        let old = levels[y * width + x]
        let ink = old < 128
        if ink { bitmap[x, y] = true }
        let error = old - (ink ? 0 : 255)
        for (dx, dy, weight) in taps {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, nx < width, ny < height else { continue }
          levels[ny * width + nx] += error * weight / divisor
        }
      }
    }
    return bitmap
  }

  /// The classic 8×8 Bayer matrix, values 0–63.
  private static let bayerMatrix: [Int] = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
  ]

  private static func ordered(_ grey: [UInt8], width: Int, height: Int) -> Bitmap {
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        // The cell's threshold, spread evenly over 0–255.
        let threshold = (bayerMatrix[(y & 7) * 8 + (x & 7)] * 4) + 2
        if Int(grey[y * width + x]) < threshold { bitmap[x, y] = true }
      }
    }
    return bitmap
  }
}
