import SlipIR

#if !hasFeature(Embedded)
  import Synchronization
#endif

/// A 1-bit picture as a `^GFA` graphic field in Z64 form: the packed rows deflated by the
/// writer's ``ZPLCompressor`` (zlib, in SlipZlib), base64 text, and the CRC-16/XMODEM of that
/// text, which printers (and zplkit) check. Without a compressor the rows go as ASCII hex, which
/// every ZPL printer reads too, only longer.
///
/// `^GFA,total,total,bytesPerRow,:Z64:data:crc`: ZPL's bits are ours (1 = black, most
/// significant bit first, rows padded to whole bytes), so the bitmap's bytes go in unchanged.
enum GraphicField {
  /// The `^GFA` command for `bitmap`, without `^FO` or `^FS`, made once per picture in `cache`.
  static func command(_ bitmap: Bitmap, cache: GraphicCache) -> String {
    cache.command(for: bitmap) { command($0, compressor: cache.compressor) }
  }

  /// The `^GFA` command for `bitmap`, without `^FO` or `^FS`: Z64 with a compressor, hex without.
  static func command(_ bitmap: Bitmap, compressor: (any ZPLCompressor)?) -> String {
    let total = bitmap.bits.count
    let text = compressor.map { z64(bitmap.bits, compressor: $0) } ?? hex(bitmap.bits)
    return "^GFA,\(total),\(total),\(bitmap.bytesPerRow),\(text)"
  }

  /// `:Z64:<base64 of the deflated bytes>:<CRC>`.
  static func z64(_ bytes: [UInt8], compressor: any ZPLCompressor) -> String {
    let encoded = Base64.encode(compressor.deflate(bytes))
    return ":Z64:" + encoded + ":" + crcText(Array(encoded.utf8))
  }

  /// The bytes as upper-case ASCII hex, two digits each: `^GFA`'s uncompressed form.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The CRC as the four upper-case hex digits ZPL expects.
  static func crcText(_ bytes: [UInt8]) -> String {
    let digits = String(crc16XMODEM(bytes), radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// CRC-16/XMODEM: polynomial 0x1021, initial value 0, no reflection, no final XOR. zlib's own
  /// checksums are other ones, so this is ours (check value: "123456789" gives 0x31C3).
  static func crc16XMODEM(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 {
        crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
      }
    }
    return crc
  }
}

/// RFC 4648 base64 with padding, the alphabet ZPL's `:Z64:` and `:B64:` use.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` as base64 text.
  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 2 < bytes.count {
      let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { out.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      out.append(alphabet[Int(value >> 18 & 63)])
      out.append(alphabet[Int(value >> 12 & 63)])
      out.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of base64 `text`, or nil when it is not base64.
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    var value: UInt32 = 0
    var bits = 0
    for byte in text {
      if byte == UInt8(ascii: "=") { break }
      guard let digit = alphabet.firstIndex(of: byte) else { return nil }
      value = value << 6 | UInt32(digit)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: value >> UInt32(bits)))
      }
    }
    return out
  }
}

/// Graphic fields already made, by picture: a batch prints the same logo on every label, and
/// deflating it is most of the cost of a badge. Shared by copies of a writer; a few pictures
/// at most are kept. Embedded Swift has no `Mutex`: there every command is made afresh (the
/// same bytes, only slower for a batch).
final class GraphicCache: Sendable {
  private struct Key: Hashable {
    var bitmap: Bitmap

    static func == (a: Key, b: Key) -> Bool { a.bitmap == b.bitmap }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bitmap.width)
      hasher.combine(bitmap.height)
      // A few of the bytes, spread over the picture: hashing all of a logo's cost a badge more
      // than writing its other fields (64 of them still cost a badge 1,300 instructions), and
      // equal pictures still hash alike. Pictures of one size that differ elsewhere only share
      // a bucket, where `==` tells them apart (at once for the same array: a template's logo).
      bitmap.bits.withUnsafeBufferPointer { bits in
        let stride = max(1, bits.count / Self.sampled)
        for index in Swift.stride(from: 0, to: bits.count, by: stride) { hasher.combine(bits[index]) }
      }
    }

    /// About how many bytes of a picture its hash reads.
    private static let sampled = 8
  }

  #if !hasFeature(Embedded)
    private let entries = Mutex<[Key: String]>([:])
  #endif
  /// Deflates the pictures; nil: they go as hex.
  let compressor: (any ZPLCompressor)?
  /// More pictures than this and the cache starts again: memory stays bounded in any batch.
  private static let capacity = 32

  /// A cache whose commands deflate with `compressor`.
  init(compressor: (any ZPLCompressor)?) {
    self.compressor = compressor
  }

  /// The command for `bitmap`, made by `make` the first time.
  func command(for bitmap: Bitmap, make: (Bitmap) -> String) -> String {
    #if hasFeature(Embedded)
      return make(bitmap)
    #else
      let key = Key(bitmap: bitmap)
      if let command = entries.withLock({ $0[key] }) { return command }
      let command = make(bitmap)
      entries.withLock { entries in
        if entries.count >= Self.capacity { entries.removeAll() }
        entries[key] = command
      }
      return command
    #endif
  }
}
