import CMicroHTTPD
import CSlipHTTP
import Foundation
import Synchronization

/// What answers the server's requests: a refusal from the head alone (before the body is
/// read), then the response to the whole request. Called on the connection's own thread.
public protocol HTTPResponder: Sendable {
  /// A response that ends the request before its body is read (401 without the token), or nil.
  func admit(_ head: HTTPRequestHead) -> HTTPResponse?
  /// The response to a whole request.
  func respond(to request: HTTPRequest) -> HTTPResponse
}

/// An HTTP/1.1 server on libmicrohttpd: a thread per connection (a blocked event stream holds
/// only its own), the limits of ``HTTPLimits``, paths checked by ``RequestPath``, and one log
/// line per request.
///
/// Owns the daemon: ``stop()`` (or deinit) stops it, waiting for the connections' threads.
public final class HTTPServer: @unchecked Sendable {
  /// The address as bound (with the chosen port when asked for port 0); set once, at start.
  public private(set) var address: ListenAddress
  let responder: any HTTPResponder
  let limits: HTTPLimits
  let log: ServiceLog
  /// The daemon; nil once stopped. Guarded: stop may race deinit's.
  private let daemon: Mutex<Daemon>

  /// Starts listening on `address`; throws when the address cannot be bound.
  public init(address: ListenAddress, limits: HTTPLimits, log: ServiceLog, responder: any HTTPResponder)
    throws(ListenAddressError)
  {
    self.responder = responder
    self.limits = limits
    self.log = log
    self.daemon = Mutex(Daemon(pointer: nil))
    self.address = address
    // libmicrohttpd is opened here, the first time, not at every slip start.
    if let reason = CSlipHTTP_load() {
      throw ListenAddressError(message: "\(String(cString: reason)); Debian's 'libmicrohttpd12' has it")
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    var flags =
      MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
      | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    // Connection threads get a main thread's 8 MiB of stack: the compiler and the data reader
    // recurse as deep as their limits allow (64 blocks, 100-level expressions, 512-level data).
    // Only the pages a thread touches are ever resident.
    let settings = CSlipHTTPLimits(
      connections: UInt32(clamping: limits.connections),
      timeoutSeconds: UInt32(clamping: limits.timeoutSeconds),
      memoryBytes: limits.headerBytes, stackBytes: 8 << 20)
    let started = address.withSocketAddress { socketAddress in
      CSlipHTTP_start(
        UInt32(flags), socketAddress, httpAccessHandler, context, httpRequestCompleted, context, httpLogSink,
        settings)
    }
    guard let started else {
      throw ListenAddressError(message: "cannot listen on \(address): \(String(cString: strerror(errno)))")
    }
    daemon.withLock { $0 = Daemon(pointer: started) }
    // The port chosen for port 0 is known only once listening.
    self.address.port = CSlipHTTP_port(started)
  }

  /// Stops accepting, ends every connection and waits for their threads. Event streams must be
  /// closed first (their threads block in them).
  public func stop() {
    let running = daemon.withLock { daemon -> Daemon in
      defer { daemon.pointer = nil }
      return daemon
    }
    if let pointer = running.pointer { cslip_MHD_stop_daemon(pointer) }
  }

  deinit { stop() }

  // MARK: Requests

  /// One request's progress across libmicrohttpd's calls: its head, the body so far, and
  /// whether it has been answered.
  final class Exchange {
    let head: HTTPRequestHead?
    let method: String
    let target: String
    var body: [UInt8] = []
    var answered = false
    let started = ContinuousClock.now

    init(head: HTTPRequestHead?, method: String, target: String) {
      self.head = head
      self.method = method
      self.target = target
    }
  }

  /// libmicrohttpd's access handler, for one call: the first makes the exchange (and may refuse
  /// at once), the next ones take the body, the last (no more data) answers.
  func handle(
    connection: OpaquePointer, target: String, method: String, upload: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let existing = slot.pointee else {
      let (head, refusal) = self.head(connection: connection, target: target, method: method)
      let exchange = Exchange(head: head, method: method, target: target)
      slot.pointee = Unmanaged.passRetained(exchange).toOpaque()
      if let refusal { return answer(refusal, exchange: exchange, connection: connection) }
      if let head, let early = responder.admit(head) {
        return answer(early, exchange: exchange, connection: connection)
      }
      return MHD_Result.YES
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
    if exchange.answered {
      uploadSize.pointee = 0
      return MHD_Result.YES
    }
    let size = uploadSize.pointee
    if size > 0 {
      guard exchange.body.count + size <= limits.bodyBytes, let upload else {
        // A chunked body that grows past the limit: it cannot be answered mid-body, so the
        // connection is closed.
        log.request(
          exchange.method, exchange.target, status: 413, bytes: 0, since: exchange.started, note: "closed")
        exchange.answered = true
        return MHD_Result.NO
      }
      upload.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
        exchange.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
      }
      uploadSize.pointee = 0
      return MHD_Result.YES
    }
    guard let head = exchange.head else { return MHD_Result.NO }
    let response = responder.respond(to: HTTPRequest(head: head, body: exchange.body))
    return answer(response, exchange: exchange, connection: connection)
  }

  /// The request's head, or the refusal for its path or declared body size.
  private func head(connection: OpaquePointer, target: String, method: String) -> (
    HTTPRequestHead?, HTTPResponse?
  ) {
    let headers = values(connection, kind: .HEADER_KIND)
    var query: [(name: String, value: String)] = []
    for (name, value) in values(connection, kind: .GET_ARGUMENT_KIND) {
      guard let name = RequestPath.unescape(name, plusIsSpace: true),
        let value = RequestPath.unescape(value, plusIsSpace: true)
      else {
        return (nil, .error(400, "a query argument has a NUL or bytes that are not UTF-8"))
      }
      query.append((name, value))
    }
    let path: String
    let segments: [String]
    switch RequestPath.parse(target) {
    case .success(let parsed): (path, segments) = parsed
    case .failure(let refusal): return (nil, .error(400, refusal.message))
    }
    let head = HTTPRequestHead(method: method, path: path, segments: segments, query: query, headers: headers)
    if let length = head.header("Content-Length"), let declared = Int(length), declared > limits.bodyBytes {
      return (head, .error(413, "the body is \(declared) bytes; the limit is \(limits.bodyBytes)"))
    }
    return (head, nil)
  }

  /// Queues `response` on `connection` and logs it.
  private func answer(_ response: HTTPResponse, exchange: Exchange, connection: OpaquePointer) -> MHD_Result {
    exchange.answered = true
    let made: OpaquePointer?
    var size = 0
    switch response.body {
    case .bytes(let bytes):
      size = bytes.count
      made = bytes.withUnsafeBytes { buffer in
        cslip_MHD_create_response_from_buffer(
          buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .stream(let stream):
      let box = Unmanaged.passRetained(StreamBox(stream)).toOpaque()
      made = cslip_MHD_create_response_from_callback(UInt64.max, 4096, httpStreamReader, box, httpStreamFree)
    }
    guard let made else { return MHD_Result.NO }
    defer { cslip_MHD_destroy_response(made) }
    for (name, value) in response.headers {
      _ = cslip_MHD_add_response_header(made, name, value)
    }
    let queued = cslip_MHD_queue_response(connection, UInt32(response.status), made)
    let note = if case .stream = response.body { "stream" } else { "" }
    log.request(
      exchange.method, exchange.target, status: response.status, bytes: size, since: exchange.started,
      note: note)
    return queued
  }

  /// The connection's values of `kind` (headers, query arguments), in order; a name without a
  /// value gets an empty one.
  private func values(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let box = ValueList()
    _ = cslip_MHD_get_connection_values(
      connection, kind, httpValueCollector, Unmanaged.passUnretained(box).toOpaque())
    return box.values
  }

  /// A request libmicrohttpd ended: the exchange is released, and a request it ended before
  /// an answer (a silent client, a body that stopped halfway) gets its log line.
  func completed(slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, reason: MHD_RequestTerminationCode) {
    guard let pointer = slot?.pointee else { return }
    let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
    slot?.pointee = nil
    guard !exchange.answered else { return }
    let why =
      switch reason {
      case .REQUEST_TERMINATED_TIMEOUT_REACHED: "closed: silent past the timeout"
      case .REQUEST_TERMINATED_CLIENT_ABORT, .REQUEST_TERMINATED_READ_ERROR: "closed by the client"
      case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: "closed: the service is stopping"
      default: "closed"
      }
    log.request(exchange.method, exchange.target, status: 0, bytes: 0, since: exchange.started, note: why)
  }
}

/// The daemon's pointer, handed between threads only under the server's lock.
private struct Daemon: @unchecked Sendable {
  var pointer: OpaquePointer?
}

/// Headers or arguments collected by ``httpValueCollector``.
private final class ValueList {
  var values: [(name: String, value: String)] = []
}

/// A stream and the bytes it gave that did not fit libmicrohttpd's buffer yet.
private final class StreamBox {
  let stream: any ResponseStream
  var pending: [UInt8] = []
  var offset = 0

  init(_ stream: any ResponseStream) { self.stream = stream }

  /// Copies up to `max` bytes into `buffer`: -1 at the end of the stream.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    while offset == pending.count {
      guard let next = stream.next() else { return -1 }
      pending = next
      offset = 0
    }
    let count = min(max, pending.count - offset)
    pending.withUnsafeBufferPointer { source in
      buffer.withMemoryRebound(to: UInt8.self, capacity: count) { target in
        target.update(from: source.baseAddress! + offset, count: count)
      }
    }
    offset += count
    return count
  }
}

// The C callbacks: plain functions (no captures), each finding its Swift object through the
// context pointer it was registered with.

private let httpAccessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, upload, uploadSize, slot in
  guard let context, let connection, let url, let method, let uploadSize, let slot else {
    return MHD_Result.NO
  }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  return server.handle(
    connection: connection, target: String(cString: url), method: String(cString: method), upload: upload,
    uploadSize: uploadSize, slot: slot)
}

private let httpRequestCompleted: MHD_RequestCompletedCallback = { context, _, slot, reason in
  guard let context else { return }
  Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(slot: slot, reason: reason)
}

private let httpLogSink: CSlipHTTPLogSink = { context, line in
  guard let context, let line else { return }
  let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
  Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().log.line(
    "http: " + ServiceLog.printable(text))
}

private let httpValueCollector: MHD_KeyValueIterator = { context, _, key, value in
  guard let context, let key else { return MHD_Result.YES }
  let list = Unmanaged<ValueList>.fromOpaque(context).takeUnretainedValue()
  list.values.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
  return MHD_Result.YES
}

private let httpStreamReader: MHD_ContentReaderCallback = { context, _, buffer, max in
  guard let context, let buffer else { return -2 }
  return Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue().read(into: buffer, max: max)
}

private let httpStreamFree: MHD_ContentReaderFreeCallback = { context in
  guard let context else { return }
  let box = Unmanaged<StreamBox>.fromOpaque(context).takeRetainedValue()
  box.stream.close()
}
