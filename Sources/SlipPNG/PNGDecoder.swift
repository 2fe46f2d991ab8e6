import CSlipPNG
import SlipIR

/// Decodes PNG files to 8-bit grey: every colour type and bit depth (palette, grey, RGB, 16-bit),
/// Adam7 interlacing, transparency composited over white paper.
///
/// The size in the header is checked before anything is allocated for the pixels, so a small
/// file claiming 100000×100000 pixels costs nothing. The common PNG (8-bit, not interlaced, no
/// palette or transparency chunk, up to 64 MB of samples) is decoded directly, its data inflated
/// at once by libdeflate into one buffer that becomes the grey image; everything else, and every
/// error, goes through libpng a row at a time (memory: the grey image plus one row).
public struct PNGDecoder: Sendable {
  /// How large a picture may be.
  public struct Limits: Sendable, Equatable {
    /// Most pixels across or down.
    public var maximumSide: Int
    /// Most pixels in all (the grey image takes one byte each).
    public var maximumPixels: Int

    /// Limits of `maximumSide` a side and `maximumPixels` in all.
    public init(maximumSide: Int, maximumPixels: Int) {
      self.maximumSide = maximumSide
      self.maximumPixels = maximumPixels
    }

    /// 20 000 a side and 40 megapixels: a phone photo fits, a logo easily, and the grey copy
    /// stays under 40 MB.
    public static let standard = Limits(maximumSide: 20_000, maximumPixels: 40_000_000)
  }

  /// What the header says about a PNG.
  public struct Header: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    /// The PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    public var colorType: Int
    /// Whether rows are Adam7-interlaced.
    public var interlaced: Bool

    /// A header with these values.
    public init(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) {
      self.width = width
      self.height = height
      self.bitDepth = bitDepth
      self.colorType = colorType
      self.interlaced = interlaced
    }
  }

  /// The limits this decoder enforces.
  public var limits: Limits

  /// A decoder enforcing `limits`.
  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The header of `bytes`, read by hand from the fixed place of the IHDR chunk (no libpng, no
  /// allocation), with the limits checked.
  public func header(of bytes: [UInt8]) throws(PNGError) -> Header {
    guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else {
      throw bytes.count < 8 && Self.signature.starts(with: bytes) ? PNGError.truncated() : PNGError.notPNG()
    }
    // Signature, then the IHDR chunk: length (13), "IHDR", width, height, depth, colour type,
    // compression, filter, interlace, CRC.
    guard bytes.count >= 33 else { throw .truncated() }
    guard bytes[12..<16].elementsEqual("IHDR".utf8) else { throw .damaged("the first chunk is not IHDR") }
    func number(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let header = Header(
      width: number(at: 16), height: number(at: 20), bitDepth: Int(bytes[24]), colorType: Int(bytes[25]),
      interlaced: bytes[28] == 1)
    guard header.width > 0, header.height > 0 else { throw .emptyImage() }
    guard header.width <= limits.maximumSide, header.height <= limits.maximumSide,
      header.width * header.height <= limits.maximumPixels
    else {
      throw .tooLarge(width: header.width, height: header.height, limits: limits)
    }
    return header
  }

  /// The picture in `bytes` as grey levels, 0 black to 255 white.
  public func decode(_ bytes: [UInt8]) throws(PNGError) -> GreyImage {
    try decode(bytes, direct: true)
  }

  /// The picture in `bytes`; with `direct` false always through libpng, never `DirectDecoder`
  /// (the fuzzer compares the two: the same pixels, or both fail).
  package func decode(_ bytes: [UInt8], direct: Bool) throws(PNGError) -> GreyImage {
    let header = try header(of: bytes)
    let side = UInt32(limits.maximumSide)
    return try bytes.withUnsafeBufferPointer { buffer throws(PNGError) -> GreyImage in
      if direct, let grey = DirectDecoder(bytes: buffer, header: header).decode() { return grey }
      guard let base = buffer.baseAddress,
        let reader = PNGReader(base, count: buffer.count, maximumSide: side)
      else { throw .outOfMemory() }
      var read = CSlipPNGHeader()
      guard CSlipPNG_reader_read_header(reader.pointer, &read) == 0 else { throw reader.error }
      // libpng read the same header; a mismatch would mean the hand-read one was wrong.
      guard Int(read.width) == header.width, Int(read.height) == header.height else {
        throw .damaged("the header changed while reading")
      }
      let count = header.width * header.height
      var failed = false
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        failed = CSlipPNG_reader_read_grey(reader.pointer, out.baseAddress, count) != 0
        // The bytes are all written on success; on failure they are thrown away unread.
        initialized = count
      }
      if failed { throw reader.error }
      return GreyImage(width: header.width, height: header.height, pixels: pixels)
    }
  }
}

/// Owns a C reader and frees it, whatever path the decoding takes.
private final class PNGReader {
  let pointer: OpaquePointer

  init?(_ bytes: UnsafePointer<UInt8>, count: Int, maximumSide: UInt32) {
    guard let pointer = CSlipPNG_reader_create(bytes, count, maximumSide, maximumSide) else { return nil }
    self.pointer = pointer
  }

  deinit { CSlipPNG_reader_destroy(pointer) }

  /// The last failure, as a PNGError.
  var error: PNGError {
    let message = String(cString: CSlipPNG_reader_message(pointer))
    return message == PNGError.truncated().message ? .truncated() : .damaged(message)
  }
}
