/// A 1-bit picture as printers take it: rows of packed bits, most significant bit first,
/// 1 = ink (black), each row padded to whole bytes.
public struct Bitmap: Sendable, Equatable {
  /// Width in dots.
  public let width: Int
  /// Height in dots.
  public let height: Int
  /// The packed rows, `bytesPerRow` each.
  public private(set) var bits: [UInt8]

  /// A blank (all white) bitmap.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.bits = [UInt8](repeating: 0, count: (self.width + 7) / 8 * self.height)
  }

  /// A bitmap over packed rows; `bits` must hold `bytesPerRow * height` bytes.
  public init(width: Int, height: Int, bits: [UInt8]) {
    precondition(bits.count == (width + 7) / 8 * height, "bitmap rows do not match its size")
    self.width = width
    self.height = height
    self.bits = bits
  }

  /// Bytes in each row.
  public var bytesPerRow: Int { (width + 7) / 8 }

  /// Whether the dot at `x`, `y` is inked; set it to ink or clear it.
  public subscript(x: Int, y: Int) -> Bool {
    get { bits[y * bytesPerRow + x >> 3] & (0x80 >> UInt8(x & 7)) != 0 }
    set {
      let index = y * bytesPerRow + x >> 3
      let mask: UInt8 = 0x80 >> UInt8(x & 7)
      if newValue { bits[index] |= mask } else { bits[index] &= ~mask }
    }
  }

  /// A short fingerprint of the dots (FNV-1a over size and bits), for dumps and listings.
  public var fingerprint: String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in [UInt8(truncatingIfNeeded: width), UInt8(truncatingIfNeeded: height)] + bits {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}

/// An 8-bit greyscale picture, 0 black to 255 white: what image decoders deliver and what the
/// compiler scales and dithers into a ``Bitmap``.
public struct GreyImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` grey levels, row by row.
  public let pixels: [UInt8]

  /// An image over `pixels`, which must hold `width * height` values.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height, "image pixels do not match its size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}
