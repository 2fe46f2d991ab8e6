import CSlipPNG
import SlipIR

/// Writes greyscale PNGs with the printer's resolution in a pHYs chunk, so image viewers and
/// print dialogs show a preview at its real size.
public struct PNGEncoder: Sendable {
  /// zlib's level, 0 (none) to 9 (smallest).
  public var compressionLevel: Int

  /// An encoder; level 6 is zlib's default balance of size and time.
  public init(compressionLevel: Int = 6) {
    self.compressionLevel = compressionLevel
  }

  /// A 1-bit PNG of `bitmap` (ink black, paper white) at `dpi`.
  public func encode(_ bitmap: Bitmap, dpi: Int) throws(PNGError) -> [UInt8] {
    guard bitmap.width > 0, bitmap.height > 0 else { throw .emptyImage() }
    return try bitmap.bits.withUnsafeBufferPointer { rows throws(PNGError) in
      try write(
        rows, width: bitmap.width, height: bitmap.height, stride: bitmap.bytesPerRow, bitDepth: 1, dpi: dpi)
    }
  }

  /// An 8-bit greyscale PNG of `image` at `dpi`.
  public func encode(_ image: GreyImage, dpi: Int) throws(PNGError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else { throw .emptyImage() }
    return try image.pixels.withUnsafeBufferPointer { rows throws(PNGError) in
      try write(rows, width: image.width, height: image.height, stride: image.width, bitDepth: 8, dpi: dpi)
    }
  }

  /// Dots per inch as pHYs has them: pixels per metre, rounded.
  static func pixelsPerMetre(dpi: Int) -> UInt32 {
    UInt32(clamping: (dpi * 10_000 + 127) / 254)
  }

  private func write(
    _ rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, bitDepth: Int32, dpi: Int
  ) throws(PNGError) -> [UInt8] {
    guard let writer = PNGWriter() else { throw .outOfMemory() }
    let status = CSlipPNG_writer_encode(
      writer.pointer, rows.baseAddress, UInt32(width), UInt32(height), stride, bitDepth,
      bitDepth == 1 ? 1 : 0,
      dpi > 0 ? Self.pixelsPerMetre(dpi: dpi) : 0, Int32(min(9, max(0, compressionLevel))))
    guard status == 0 else {
      throw .encodeFailed(String(cString: CSlipPNG_writer_message(writer.pointer)))
    }
    var count = 0
    guard let bytes = CSlipPNG_writer_bytes(writer.pointer, &count) else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }
}

/// Owns a C writer and frees it with its buffer.
private final class PNGWriter {
  let pointer: OpaquePointer

  init?() {
    guard let pointer = CSlipPNG_writer_create() else { return nil }
    self.pointer = pointer
  }

  deinit { CSlipPNG_writer_destroy(pointer) }
}
