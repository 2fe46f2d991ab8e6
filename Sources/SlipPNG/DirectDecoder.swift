import CLibDeflate
import SlipIR

/// Decodes the common PNG without libpng: 8-bit grey, grey + alpha, RGB or RGBA, not interlaced,
/// no transparency chunk. Its image data is inflated in one call to libdeflate (about 2.5 times
/// as fast as zlib, which libpng drives a few kilobytes at a time), then each row is unfiltered
/// and turned grey in place, while it is still in the cache: one buffer, no copies.
///
/// Nothing here reports an error: a PNG it does not take, or one with anything wrong (a bad
/// CRC, a short file, a bad filter byte, deflate data that does not inflate to exactly the
/// image), gives `nil`, and libpng decodes it or words what is wrong. So both paths give the
/// same pixels and the same errors; this one is only faster.
struct DirectDecoder {
  /// The PNG's bytes, signature included.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Its header, read and checked against the limits already.
  let header: PNGDecoder.Header

  /// The picture as grey levels, or nil when libpng should decode it.
  func decode() -> GreyImage? {
    guard header.bitDepth == 8, !header.interlaced, let channels = Self.channels[header.colorType],
      let data = imageData()
    else { return nil }
    let width = header.width
    let height = header.height
    // Each row: its filter byte, then the samples.
    let rowBytes = width * channels
    let stride = 1 + rowBytes
    guard height * stride <= Self.largestBuffer else { return nil }
    // One buffer: the inflated rows, then, turned grey in place, the picture. Grey row y goes to
    // y * width, never past the first sample of row y + 1 (at (y + 1) * stride + 1): so each row
    // is made grey once the row below it is unfiltered, which reads it.
    var failed = false
    let pixels = [UInt8](unsafeUninitializedCapacity: height * stride) { buffer, initialized in
      guard Self.inflate(data, into: buffer) else {
        failed = true
        initialized = 0
        return
      }
      let base = buffer.baseAddress!
      for y in 0..<height {
        let row = base + y * stride
        // The row above, still unfiltered samples; nil for the first row.
        let above = y == 0 ? nil : UnsafePointer(row - rowBytes)
        guard Self.unfilter(row + 1, count: rowBytes, filter: row[0], above: above, step: channels) else {
          failed = true
          break
        }
        if let above { Self.grey(above, channels: channels, count: width, into: base + (y - 1) * width) }
      }
      if !failed {
        let last = UnsafePointer(base + (height - 1) * stride + 1)
        Self.grey(last, channels: channels, count: width, into: base + (height - 1) * width)
      }
      initialized = failed ? 0 : width * height
    }
    return failed ? nil : GreyImage(width: width, height: height, pixels: pixels)
  }

  /// The most memory the inflated rows may take (a 12-megapixel RGB photo takes 36 MB): larger
  /// pictures go through libpng, which holds one row at a time besides the grey picture.
  static let largestBuffer = 64 << 20

  /// libpng's limit on a chunk other than IDAT (PNG_USER_CHUNK_MALLOC_MAX as Debian builds it).
  private static let largestChunk = 8_000_000

  /// Whether `byte` is an ASCII letter, all a chunk name may hold.
  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Samples per pixel for the colour types taken here.
  private static let channels: [Int: Int] = [0: 1, 4: 2, 2: 3, 6: 4]

  /// The big-endian 32-bit number at `offset`.
  private func number(at offset: Int) -> Int {
    Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
      | Int(bytes[offset + 3])
  }

  /// The most bytes libpng 1.6 lets an IDAT chunk of this picture hold (png_check_chunk_length):
  /// the rows with their filter bytes, plus zlib's overhead.
  private var largestIDAT: Int {
    let row = header.width * Self.channels[header.colorType, default: 4] + 1
    let rows = header.height * row
    return rows + 6 + 5 * (rows / min(row, 32566) + 1)
  }

  /// The image data: the IDAT chunks' contents, one after another. Nil when a chunk is cut
  /// short, a critical chunk has a bad CRC, a chunk asks for what only libpng does (tRNS, a
  /// palette, an unknown critical chunk), IEND is missing, or libpng would refuse the file: a
  /// chunk name that is not four ASCII letters, a chunk longer than libpng allows.
  private func imageData() -> [UInt8]? {
    var offset = 8
    var chunks: [Range<Int>] = []
    var seenIEND = false
    while offset + 12 <= bytes.count {
      let length = number(at: offset)
      let kind = offset + 4
      let end = kind + 4 + length
      guard length <= Int(Int32.max), end + 4 <= bytes.count else { return nil }
      let name = (bytes[kind], bytes[kind + 1], bytes[kind + 2], bytes[kind + 3])
      let isIDAT = name == (0x49, 0x44, 0x41, 0x54)
      guard Self.isLetter(name.0), Self.isLetter(name.1), Self.isLetter(name.2), Self.isLetter(name.3),
        length <= (isIDAT ? largestIDAT : Self.largestChunk)
      else { return nil }
      // An upper-case first letter marks a critical chunk, which must not be skipped.
      let critical = name.0 & 0x20 == 0
      if critical {
        let crc = libdeflate_crc32(0, bytes.baseAddress! + kind, 4 + length)
        guard Int(crc) == number(at: end) else { return nil }
      }
      switch name {
      case (0x49, 0x48, 0x44, 0x52):  // IHDR, read by PNGDecoder.header(of:)
        // Compression, filter method and interlacing all 0: anything else is libpng's to refuse.
        guard offset == 8, length == 13, bytes[kind + 14] == 0, bytes[kind + 15] == 0, bytes[kind + 16] == 0
        else { return nil }
      case (0x49, 0x44, 0x41, 0x54):  // IDAT, whose chunks must follow one another
        if let last = chunks.last, last.upperBound + 12 != kind + 4 { return nil }
        chunks.append(kind + 4..<end)
      case (0x49, 0x45, 0x4E, 0x44):  // IEND
        seenIEND = true
      case (0x74, 0x52, 0x4E, 0x53), (0x50, 0x4C, 0x54, 0x45):  // tRNS, PLTE
        return nil
      default:
        if critical { return nil }
      }
      if seenIEND { break }
      offset = end + 4
    }
    guard seenIEND, !chunks.isEmpty else { return nil }
    var data: [UInt8] = []
    data.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
    for chunk in chunks { data += bytes[chunk] }
    return data
  }

  /// Inflates the zlib stream `data` into exactly `buffer`: false when it is damaged or does not
  /// fill it exactly.
  private static func inflate(_ data: [UInt8], into buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    guard let decompressor = libdeflate_alloc_decompressor() else { return false }
    defer { libdeflate_free_decompressor(decompressor) }
    return data.withUnsafeBufferPointer { data in
      // No count out: libdeflate then succeeds only when the data fills the buffer exactly.
      libdeflate_zlib_decompress(
        decompressor, data.baseAddress, data.count, buffer.baseAddress, buffer.count, nil)
        == LIBDEFLATE_SUCCESS
    }
  }

  /// Undoes a row's PNG filter in place: `step` bytes a pixel, `above` the row before (nil for
  /// the first, which counts as zeros). False for a filter type PNG does not have.
  private static func unfilter(
    _ row: UnsafeMutablePointer<UInt8>, count: Int, filter: UInt8, above: UnsafePointer<UInt8>?, step: Int
  ) -> Bool {
    switch filter {
    case 0:  // None
      return true
    case 1:  // Sub: plus the byte a pixel to the left
      for i in step..<max(step, count) { row[i] &+= row[i - step] }
    case 2:  // Up: plus the byte above
      guard let above else { return true }
      for i in 0..<count { row[i] &+= above[i] }
    case 3:  // Average of left and above, rounded down
      for i in 0..<count {
        let left = i >= step ? Int(row[i - step]) : 0
        let up = above.map { Int($0[i]) } ?? 0
        row[i] &+= UInt8(truncatingIfNeeded: (left + up) >> 1)
      }
    case 4:  // Paeth: whichever of left, above and above-left is nearest left + above - above-left
      for i in 0..<count {
        let left = i >= step ? Int(row[i - step]) : 0
        let up = above.map { Int($0[i]) } ?? 0
        let corner = i >= step ? above.map { Int($0[i - step]) } ?? 0 : 0
        let toLeft = abs(up - corner)
        let toUp = abs(left - corner)
        let toCorner = abs(left + up - 2 * corner)
        let predicted = toLeft <= toUp && toLeft <= toCorner ? left : toUp <= toCorner ? up : corner
        row[i] &+= UInt8(truncatingIfNeeded: predicted)
      }
    default:
      return false
    }
    return true
  }

  /// Each sample's part of the luma with Pillow's "L" weights, 65536 times too large: red's
  /// (plus the rounding), then green's, then blue's, 256 each. Three lookups and two additions a
  /// pixel cost less than three multiplications (the 3-byte pixels defeat vectorising).
  private static let lumaParts: [UInt32] =
    (0..<256).map { UInt32($0) * 19595 + 0x8000 } + (0..<256).map { UInt32($0) * 38470 }
    + (0..<256).map { UInt32($0) * 7471 }

  /// `count` pixels of `channels` samples to grey, by the rules of the libpng path (CSlipPNG.c):
  /// Pillow's "L" weights for colour, alpha over white paper. `out` may be `samples` itself, or
  /// before it.
  private static func grey(
    _ samples: UnsafePointer<UInt8>, channels: Int, count: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    @inline(__always) func overWhite(_ level: UInt32, _ alpha: UInt8) -> UInt8 {
      let alpha = UInt32(alpha)
      return UInt8(truncatingIfNeeded: (level &* alpha &+ 255 &* (255 &- alpha) &+ 127) / 255)
    }
    lumaParts.withUnsafeBufferPointer { parts in
      let red = parts.baseAddress!
      let green = red + 256
      let blue = red + 512
      @inline(__always) func luma(_ pixel: UnsafePointer<UInt8>) -> UInt32 {
        (red[Int(pixel[0])] &+ green[Int(pixel[1])] &+ blue[Int(pixel[2])]) >> 16
      }
      switch channels {
      case 1:
        out.update(from: samples, count: count)
      case 2:
        for i in 0..<count { out[i] = overWhite(UInt32(samples[2 &* i]), samples[2 &* i &+ 1]) }
      case 3:
        for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: luma(samples + 3 &* i)) }
      default:
        for i in 0..<count {
          let pixel = samples + 4 &* i
          out[i] = overWhite(luma(pixel), pixel[3])
        }
      }
    }
  }
}
