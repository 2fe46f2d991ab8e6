/// A picture sent in the data as a `data:` URI (RFC 2397): `data:image/png;base64,iVBOR…`, the
/// form apps send their logo in with an order.
///
/// Only base64 PNG is accepted: it is what the picture decoder reads and what apps send. The
/// base64 is strict RFC 4648 (its alphabet, padding optional, nothing after the padding): a
/// corrupt logo is an error, never a picture of something else. SlipZPL has the same alphabet
/// for `:B64:` fields, but the compiler imports no backend, and SlipSupport has none yet.
package struct DataURI: Sendable, Equatable {
  /// The most bytes a picture from data may hold: what a picture file may (SlipFiles'
  /// FileSystemLoader reads none larger).
  package static let maximumBytes = 64 << 20

  /// `image/png`.
  package var mediaType: String
  /// The decoded bytes.
  package var bytes: [UInt8]

  /// Why a `data:` URI cannot be used.
  package enum Problem: Error, Sendable, Equatable {
    /// Not `data:image/png;base64,`.
    case notPNG(String)
    /// The payload is not base64.
    case notBase64
    /// Decoded, it would be larger than `limit` bytes.
    case tooLarge(limit: Int)
  }

  /// Whether `text` is a `data:` URI at all (rather than a path).
  package static func isDataURI(_ text: String) -> Bool {
    text.utf8.count >= 5 && text.utf8.prefix(5).map { $0 | 0x20 } == Array("data:".utf8)
  }

  /// The URI in `text`, or why it cannot be used; payloads larger than `limit` bytes are
  /// refused before they are decoded.
  package init(_ text: String, limit: Int) throws(Problem) {
    guard let comma = text.utf8.firstIndex(of: UInt8(ascii: ",")) else {
      throw .notPNG(String(text.prefix(40)))
    }
    let header = String(text[text.startIndex..<comma]).lowercased()
    guard header == "data:image/png;base64" else { throw .notPNG(String(header.prefix(40))) }
    let payload = text.utf8[text.utf8.index(after: comma)...]
    guard payload.count / 4 * 3 <= limit else { throw .tooLarge(limit: limit) }
    guard let bytes = Self.base64(payload) else { throw .notBase64 }
    mediaType = "image/png"
    self.bytes = bytes
  }

  /// Each ASCII byte's 6-bit value, or 0xFF for a byte outside the alphabet.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated()
    {
      table[Int(byte)] = UInt8(index)
    }
    return table
  }()

  /// The bytes of base64 `text`, or nil when it is not base64.
  package static func base64(_ text: some Collection<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var value: UInt32 = 0
    var bits = 0
    var padding = 0
    var digits = 0
    for byte in text {
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      let digit = values[Int(byte)]
      // Nothing may follow the padding, and only alphabet bytes are data.
      guard padding == 0, digit != 0xFF else { return nil }
      digits += 1
      value = value << 6 | UInt32(digit)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: value >> UInt32(bits)))
      }
    }
    // One digit alone in its last group is not a byte; padding fills a group, no more.
    guard digits % 4 != 1, padding <= 2, padding == 0 || (digits + padding) % 4 == 0 else { return nil }
    return out
  }
}
