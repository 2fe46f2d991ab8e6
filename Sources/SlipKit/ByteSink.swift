#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output written as it is made (a batch's records): to a descriptor the caller owns, directly,
/// or to a file through a temporary file beside it that replaces the file only once the output
/// is complete, so a failure never leaves half a batch behind.
public struct ByteSink {
  private let descriptor: Int32
  /// The output as messages name it.
  private let name: String
  private let path: String?
  private let temporary: String?
  private var pending: [UInt8] = []

  /// Output to `descriptor` (standard output: 1), which stays open; `name` names it in errors.
  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    path = nil
    temporary = nil
  }

  /// Output to the file at `path`, in place once ``finish()`` is called.
  public init(path: String) throws(InputError) {
    let temporary = path + ".slip-partial"
    let opened = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard opened >= 0 else {
      throw InputError(.missing, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    descriptor = opened
    name = "'\(path)'"
    self.path = path
    self.temporary = temporary
  }

  /// Adds `bytes`; they go out in 64 KiB writes.
  public mutating func write(_ bytes: [UInt8]) throws(InputError) {
    pending += bytes
    if pending.count >= 1 << 16 { try flush() }
  }

  private mutating func flush() throws(InputError) {
    var offset = 0
    while offset < pending.count {
      let count = pending.withUnsafeBytes { raw in
        writeBytes(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError(.missing, "cannot write \(name): \(String(cString: strerror(errno)))")
      }
      offset += count
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Writes what is left and puts the file in place.
  public mutating func finish() throws(InputError) {
    try flush()
    guard let path, let temporary else { return }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      throw InputError(.missing, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
  }

  /// Drops a file that will not be complete.
  public func abandon() {
    guard let temporary else { return }
    close(descriptor)
    unlink(temporary)
  }
}

/// write(2), by a name a method called `write` does not hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
