#if canImport(Glibc)
  import Glibc
#endif

/// A printer's device file (`/dev/usb/lp0`, a serial port such as `/dev/ttyUSB0`) or a plain
/// file, which is truncated first so that it holds exactly one job.
///
/// What confirms the bytes depends on what the path is: a plain file is synced to storage; a
/// serial port's output queue is drained; any other device only says it took them.
public final class FileTransport: Transport {
  /// The path after `file:`.
  public let path: String
  /// The longest a device may take before it accepts more bytes.
  public let timeout: Duration

  /// A transport to `path`.
  public init(path: String, timeout: Duration = .seconds(10)) {
    self.path = path
    self.timeout = timeout
  }

  /// Opens the path: a plain file is created or truncated, a device or pipe opened for writing.
  public func open() throws(TransportError) -> any PrinterLink {
    var status = stat()
    let exists = stat(path, &status) == 0
    let type = status.st_mode & S_IFMT
    if exists, type == S_IFDIR {
      throw TransportError(.deviceUnavailable(path: path, message: FileMessages.directory))
    }
    if !exists, path.hasPrefix("/dev/") {
      throw TransportError(.deviceUnavailable(path: path, message: FileMessages.noDevice))
    }
    let plain = !exists || type == S_IFREG
    // Devices never become the controlling terminal, and never block the process: writes
    // wait in poll, with a timeout.
    let flags = O_WRONLY | O_CLOEXEC | O_NOCTTY | (plain ? O_CREAT | O_TRUNC : O_NONBLOCK)
    let fd = Glibc.open(path, flags, 0o644)
    guard fd >= 0 else {
      let code = errno
      let message =
        switch code {
        case ENXIO where type == S_IFIFO: FileMessages.noReader
        case ENXIO, ENODEV: FileMessages.noDevice
        case EACCES where !plain: String(cString: strerror(code)) + FileMessages.permissionHint
        default: String(cString: strerror(code))
        }
      throw TransportError(.deviceUnavailable(path: path, message: message))
    }
    let kind: FileKind = plain ? .plain : isatty(fd) == 1 ? .serial : .device
    return FileLink(stream: ByteStream(owning: fd, readable: false), path: path, kind: kind, timeout: timeout)
  }
}

/// The file transport's messages; lower case, no final period.
enum FileMessages {
  static let directory = "it is a directory"
  static let noDevice = "no such device: is the printer connected and switched on?"
  static let noReader = "no program reads this pipe"
  static let permissionHint = " (printer devices usually belong to the group 'lp')"
  static let silence = "a file or device file carries no answers from the printer"
}

/// An open file or device.
final class FileLink: PrinterLink {
  private let stream: ByteStream
  private let kind: FileKind
  private let timeout: Duration
  let printer: String

  init(stream: ByteStream, path: String, kind: FileKind, timeout: Duration) {
    self.stream = stream
    self.kind = kind
    self.timeout = timeout
    printer = path
  }

  var silence: String? { FileMessages.silence }

  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    let sender = StreamSender(stream: stream, printer: printer, route: .file(kind), idle: timeout)
    do throws(StreamSender.Stop) {
      return try sender.send(bytes, progress: progress, settle: settle)
    } catch {
      let reason: TransportError.Reason =
        switch error.failure {
        case .timeout: .timeout(what: "'\(printer)' taking more of the job", seconds: timeout.seconds)
        case .closed(let message): .fileWriteFailed(path: printer, message: message ?? "end of file")
        case .failed(let message): .fileWriteFailed(path: printer, message: message)
        case .stopped(let reason): reason
        }
      throw TransportError(reason, delivery: error.delivery)
    }
  }

  /// After the last write: a plain file synced, a serial port drained (within the timeout), a
  /// device left as it is (nothing proves its bytes).
  private func settle() throws(ByteStream.Failure) -> Confirmation? {
    switch kind {
    case .plain:
      guard fsync(stream.fd) == 0 else { throw .failed(String(cString: strerror(errno))) }
      return .synced
    case .serial:
      let deadline = ContinuousClock.now + timeout
      while let left = stream.unacknowledged, left > 0 {
        guard ContinuousClock.now < deadline else { throw .timeout }
        usleep(2000)
      }
      return .drained
    case .device:
      return nil
    }
  }

  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  {
    []
  }

  func close() {}
}
