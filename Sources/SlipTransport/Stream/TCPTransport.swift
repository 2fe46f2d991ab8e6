#if canImport(Glibc)
  import Glibc
#endif

/// A network printer on a raw TCP port (9100, JetDirect): Epson, Zebra and most receipt and
/// label printers with Ethernet or Wi-Fi.
///
/// A byte counts as confirmed once the printer's TCP stack acknowledged it (the kernel's send
/// queue says so), as queued while it waits in that queue. What the printer sends back is
/// passed to `notifications`.
public final class TCPTransport: Transport {
  /// The printer's host name or address.
  public let host: String
  /// The port, 9100 unless the printer says otherwise.
  public let port: Int
  /// The longest any wait lasts: the connection, each write making progress, the last
  /// acknowledgement.
  public let timeout: Duration
  private let notifications: ([UInt8]) -> Void

  /// A transport to `host:port`.
  public init(
    host: String, port: Int = 9100, timeout: Duration = .seconds(10),
    notifications: @escaping ([UInt8]) -> Void = { _ in }
  ) {
    self.host = host
    self.port = port
    self.timeout = timeout
    self.notifications = notifications
  }

  /// `host:port`, with an IPv6 address in brackets.
  public var printer: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Connects, trying each address the name resolves to until one answers or time runs out.
  public func open() throws(TransportError) -> any PrinterLink {
    let fd = try connect()
    return TCPLink(
      stream: ByteStream(owning: fd, readable: true), printer: printer, timeout: timeout,
      notifications: notifications)
  }

  private func connect() throws(TransportError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let list else {
      throw TransportError(.hostNotFound(host: host, message: String(cString: gai_strerror(status))))
    }
    defer { freeaddrinfo(list) }
    let deadline = ContinuousClock.now + timeout
    var failure = TransportError.Reason.connectTimeout(printer: printer, seconds: timeout.seconds)
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let address = entry?.pointee {
      entry = address.ai_next
      let fd = socket(address.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      var code: Int32 = 0
      if Glibc.connect(fd, address.ai_addr, address.ai_addrlen) != 0 {
        code = errno
        if code == EINPROGRESS {
          code = Self.finishConnecting(fd, until: deadline)
        }
      }
      if code == 0 { return fd }
      close(fd)
      failure = reason(code)
      if ContinuousClock.now >= deadline { break }
    }
    throw TransportError(failure)
  }

  /// Waits for a non-blocking connect: 0 once connected, else the error (ETIMEDOUT at the
  /// deadline).
  private static func finishConnecting(_ fd: Int32, until deadline: ContinuousClock.Instant) -> Int32 {
    while true {
      let left = (deadline - ContinuousClock.now).milliseconds
      guard left > 0 else { return ETIMEDOUT }
      var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&descriptor, 1, Int32(clamping: left))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return ready == 0 ? ETIMEDOUT : errno }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
      return code
    }
  }

  private func reason(_ code: Int32) -> TransportError.Reason {
    switch code {
    case ECONNREFUSED: .connectionRefused(printer: printer)
    case ETIMEDOUT: .connectTimeout(printer: printer, seconds: timeout.seconds)
    default: .unreachable(printer: printer, message: String(cString: strerror(code)))
    }
  }
}

/// An open TCP connection to a printer.
final class TCPLink: PrinterLink {
  private let stream: ByteStream
  let printer: String
  private let timeout: Duration
  private let notifications: ([UInt8]) -> Void
  /// The connection failed or the printer closed it: nothing more can be sent.
  private var broken = false

  init(stream: ByteStream, printer: String, timeout: Duration, notifications: @escaping ([UInt8]) -> Void) {
    self.stream = stream
    self.printer = printer
    self.timeout = timeout
    self.notifications = notifications
  }

  var silence: String? { nil }

  /// Writes the job, then waits until the printer's TCP stack has acknowledged every byte.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    var sender = StreamSender(stream: stream, printer: printer, route: .tcp, idle: timeout)
    sender.acknowledges = true
    sender.heard = notifications
    do throws(StreamSender.Stop) {
      return try sender.send(bytes, progress: progress)
    } catch {
      broken = true
      let what =
        error.written < bytes.count
        ? "'\(printer)' taking more of the job" : "'\(printer)' acknowledging the end of the job"
      throw TransportError(reason(error.failure, waitingFor: what), delivery: error.delivery)
    }
  }

  private func reason(_ failure: ByteStream.Failure, waitingFor what: String) -> TransportError.Reason {
    switch failure {
    case .timeout:
      return .timeout(what: what, seconds: timeout.seconds)
    case .closed(nil): return .printerClosed(printer: printer)
    case .closed(let message?): return .connectionLost(printer: printer, message: message)
    case .failed(let message): return .connectionLost(printer: printer, message: message)
    case .stopped(let reason): return reason
    }
  }

  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  {
    guard !broken else { return [] }
    do throws(ByteStream.Failure) {
      return try stream.ask(query, timeout: timeout, heard: notifications, complete: complete)
    } catch {
      broken = true
      throw TransportError(reason(error, waitingFor: "'\(printer)' taking a status question"))
    }
  }

  /// Half-closes the connection and waits for the printer to close its end, passing on what
  /// it still says (a second at most, or the timeout if shorter: a printer that keeps the
  /// connection open leaves TCP's acknowledgements standing). A printer that resets the
  /// connection instead has thrown away whatever it had acknowledged but not yet read.
  func finish(_ delivery: Delivery) throws(TransportError) {
    guard !broken else { return }
    broken = true
    stream.shutdownWriting()
    let deadline = ContinuousClock.now + min(timeout, .seconds(1))
    while ContinuousClock.now < deadline {
      do throws(ByteStream.Failure) {
        let said = try stream.read(timeout: deadline - ContinuousClock.now)
        if said.isEmpty { return }
        notifications(said)
      } catch .closed(nil) {
        return
      } catch .timeout {
        return
      } catch {
        // As in `send`: after a reset, TCP's acknowledgements prove no byte.
        var delivery = delivery
        delivery.unanswered = delivery.confirmed + delivery.queued
        delivery.confirmed = 0
        delivery.queued = 0
        throw TransportError(.resetAfterJob(printer: printer), delivery: delivery)
      }
    }
  }

  /// Half-closes the connection and passes on what the printer still says until it closes
  /// its end (a second at most).
  func close() {
    guard !broken else { return }
    broken = true
    stream.shutdownWriting()
    let deadline = ContinuousClock.now + min(timeout, .seconds(1))
    while ContinuousClock.now < deadline {
      guard let said = try? stream.read(timeout: deadline - ContinuousClock.now), !said.isEmpty else {
        return
      }
      notifications(said)
    }
  }
}
