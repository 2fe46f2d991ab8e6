/// Deflate for ZPL's Z64 graphics, injected so the ZPL writer needs no C library: SlipZlib's
/// `ZlibCompressor` is the one SlipKit wires in. Without one, the writer sends graphics as
/// plain `^GFA` hex and the listing cannot decode Z64 data. Class-bound, so Embedded Swift can
/// hold it as an existential.
public protocol ZPLCompressor: AnyObject, Sendable {
  /// The zlib stream (RFC 1950) of `bytes`.
  func deflate(_ bytes: [UInt8]) -> [UInt8]

  /// The bytes of a zlib stream that inflates to exactly `count` bytes, or nil.
  func inflate(_ bytes: [UInt8], count: Int) -> [UInt8]?
}
