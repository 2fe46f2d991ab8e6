import CZlib
import SlipZPL

/// ZPL's Z64 deflate over zlib: what SlipKit gives the ZPL writer and listing on Linux.
public final class ZlibCompressor: ZPLCompressor {
  /// A compressor; it holds nothing.
  public init() {}

  /// The zlib stream of `bytes` at the best compression: the graphic is made once per label
  /// (once per batch with a stored format), and smaller is what a Bluetooth link wants.
  public func deflate(_ bytes: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(bytes.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let status = out.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
      }
    }
    // compressBound guarantees room, and the input is plain memory: nothing else can fail.
    precondition(status == Z_OK, "zlib compress2 failed with \(status)")
    return Array(out.prefix(Int(size)))
  }

  /// The bytes of a zlib stream that inflates to exactly `count` bytes, or nil.
  public func inflate(_ bytes: [UInt8], count: Int) -> [UInt8]? {
    var size = uLong(count)
    var out = [UInt8](repeating: 0, count: max(1, count))
    let status = out.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK, Int(size) == count else { return nil }
    return Array(out.prefix(count))
  }
}
