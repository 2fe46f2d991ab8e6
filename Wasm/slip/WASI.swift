// The few libc functions slip.wasm needs, from wasi-libc: reading whole files in the folders
// `wasmkit run --dir` preopens, writing standard output and error, the clock and the
// environment. `@_extern(c)` (not `@_silgen_name`) so the calls use C's convention; all are
// non-variadic, since a variadic C function (`open`) cannot be declared this way.

@_extern(c, "fopen")
func fopen(_ path: UnsafePointer<CChar>, _ mode: UnsafePointer<CChar>) -> OpaquePointer?
@_extern(c, "fread")
func fread(_ buffer: UnsafeMutableRawPointer?, _ size: Int, _ count: Int, _ file: OpaquePointer) -> Int
@_extern(c, "ferror")
func ferror(_ file: OpaquePointer) -> Int32
@_extern(c, "fclose")
func fclose(_ file: OpaquePointer) -> Int32
@_extern(c, "write")
func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
@_extern(c, "getenv")
func getenv(_ name: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
@_extern(c, "time")
func time(_ result: UnsafeMutablePointer<Int64>?) -> Int64

/// Files and standard streams through wasi-libc.
enum WASI {
  /// The most bytes read whole from one file, as the native command reads: 64 MiB.
  static let maximumSize = 64 << 20

  /// Why a file could not be read, in the native command's words.
  enum ReadFailure: Error {
    /// No such file (or no preopened folder holds it).
    case missing
    /// The file is larger than ``maximumSize``.
    case tooLarge
    /// It exists but reading failed.
    case unreadable
  }

  /// The bytes of the file at `path`.
  static func read(_ path: String) throws(ReadFailure) -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw .missing }
    defer { _ = fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
      guard bytes.count <= maximumSize else { throw .tooLarge }
    }
    guard ferror(file) == 0 else { throw .unreadable }
    return bytes
  }

  /// Writes `bytes` to standard output.
  static func out(_ bytes: [UInt8]) { write(bytes, to: 1) }

  /// Writes `text` to standard output.
  static func out(_ text: String) { out(Array(text.utf8)) }

  /// Writes `text` to standard error.
  static func error(_ text: String) { write(Array(text.utf8), to: 2) }

  /// The value of the environment variable `name`, if set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Seconds since 1970 by the host's clock.
  static func now() -> Int64 { time(nil) }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { cWrite(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { return }
      sent += written
    }
  }
}
