import CCups
import CSlipCups

#if canImport(Glibc)
  import Glibc
#endif

/// A CUPS queue: the job goes in raw (`application/vnd.cups-raw`, so no filter touches the
/// bytes) through libcups, to the scheduler `CUPS_SERVER` or `client.conf` names.
///
/// The queue is checked first (it exists, accepts jobs, is not stopped: otherwise nothing is
/// sent and the exit is 69); bytes handed to the scheduler count as queued; the job counts as
/// delivered only when CUPS reports it completed, within the timeout. A job CUPS aborts or
/// cancels, or one still waiting when time runs out, is a failure that names the job.
public final class CUPSTransport: Transport {
  /// The queue's name.
  public let queue: String
  /// The longest the connection, each request, and the job's completion may take.
  public let timeout: Duration

  /// A transport to `queue`.
  public init(queue: String, timeout: Duration = .seconds(10)) {
    self.queue = queue
    self.timeout = timeout
  }

  /// Connects to the scheduler and checks that the queue would print a job now.
  public func open() throws(TransportError) -> any PrinterLink {
    let link = try CUPSLink(queue: queue, timeout: timeout)
    try link.checkQueue()
    return link
  }
}

/// The CUPS transport's messages; lower case, no final period.
enum CUPSMessages {
  static let noScheduler =
    "no scheduler accepted the connection (is cupsd running? 'CUPS_SERVER' names another)"
  static let noSocket = "there is no socket there: is cupsd running?"
  static let silence = "a CUPS queue carries no answers from the printer"

  static func jobState(_ value: Int32) -> String {
    switch value {
    case 3: "pending"
    case 4: "held"
    case 5: "processing"
    case 6: "stopped"
    case 7: "canceled"
    case 8: "aborted"
    case 9: "completed"
    default: "state \(value)"
    }
  }
}

/// A connection to the CUPS scheduler for one job. Owns the `http_t`.
final class CUPSLink: PrinterLink {
  private let http: OpaquePointer
  let queue: String
  let server: String
  private let timeout: Duration

  init(queue: String, timeout: Duration) throws(TransportError) {
    self.queue = queue
    self.timeout = timeout
    // libcups is opened here, the first time, not at every slip start.
    if let reason = CSlipCups_load() {
      throw TransportError(.libraryMissing(message: String(cString: reason), package: "libcups2"))
    }
    let host = String(cString: cslip_cupsServer())
    let port = cslip_ippPort()
    server = host.hasPrefix("/") ? host : "\(host):\(port)"
    guard
      let http = cslip_httpConnect2(
        host, port, nil, AF_UNSPEC, cslip_cupsEncryption(), 1, Int32(clamping: timeout.milliseconds), nil)
    else {
      // libcups keeps no usable reason for a failed connection (it says "Host is down").
      let missing = host.hasPrefix("/") && access(host, F_OK) != 0
      throw TransportError(
        .cupsUnavailable(server: server, message: missing ? CUPSMessages.noSocket : CUPSMessages.noScheduler))
    }
    self.http = http
    // Every read waits at most this long; the callback ends the wait instead of retrying.
    cslip_httpSetTimeout(http, timeout.seconds, { _, _ in 0 }, nil)
  }

  deinit {
    cslip_httpClose(http)
  }

  var printer: String { "CUPS queue '\(queue)'" }
  var silence: String? { CUPSMessages.silence }

  private var printerURI: String { "ipp://localhost/printers/\(queue)" }

  /// CUPS's last error, as it words it.
  private var lastError: String { String(cString: cslip_cupsLastErrorString()) }

  /// Sends `request` and returns the response, which the caller deletes; nil with CUPS's
  /// error when it failed.
  private func perform(_ request: OpaquePointer?) -> OpaquePointer? {
    guard let response = cslip_cupsDoRequest(http, request, "/") else { return nil }
    if cslip_ippGetStatusCode(response).rawValue >= 0x0100 {
      cslip_ippDelete(response)
      return nil
    }
    return response
  }

  private static func strings(_ response: OpaquePointer, _ name: String) -> [String] {
    guard let attribute = cslip_ippFindAttribute(response, name, IPP_TAG_ZERO) else { return [] }
    return (0..<cslip_ippGetCount(attribute)).compactMap { index in
      cslip_ippGetString(attribute, index, nil).map { String(cString: $0) }
    }
  }

  private static func integer(_ response: OpaquePointer, _ name: String) -> Int32? {
    cslip_ippFindAttribute(response, name, IPP_TAG_ZERO).map { cslip_ippGetInteger($0, 0) }
  }

  /// The queue exists, accepts jobs and is not stopped; else nothing is sent (exit 69).
  func checkQueue() throws(TransportError) {
    let request = cslip_ippNewRequest(IPP_OP_GET_PRINTER_ATTRIBUTES)
    cslip_ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", nil, printerURI)
    guard let response = perform(request) else {
      if cslip_cupsLastError() == IPP_STATUS_ERROR_NOT_FOUND {
        throw TransportError(.queueNotFound(queue: queue, known: queues()))
      }
      throw TransportError(.cupsUnavailable(server: server, message: lastError))
    }
    defer { cslip_ippDelete(response) }
    let reasons = Self.strings(response, "printer-state-reasons")
    if let accepting = cslip_ippFindAttribute(response, "printer-is-accepting-jobs", IPP_TAG_BOOLEAN),
      cslip_ippGetBoolean(accepting, 0) == 0
    {
      throw TransportError(.queueNotAccepting(queue: queue, reasons: reasons))
    }
    if Self.integer(response, "printer-state") == 5 {
      let message = Self.strings(response, "printer-state-message").first.flatMap { $0.isEmpty ? nil : $0 }
      throw TransportError(.queueStopped(queue: queue, reasons: reasons, message: message))
    }
  }

  /// The names of every queue the scheduler has, sorted.
  private func queues() -> [String] {
    var destinations: UnsafeMutablePointer<cups_dest_t>?
    let count = cslip_cupsGetDests2(http, &destinations)
    defer { cslip_cupsFreeDests(count, destinations) }
    guard let destinations else { return [] }
    return (0..<Int(count)).map { String(cString: destinations[$0].name) }.sorted()
  }

  /// Creates the job, sends the document raw in 64 kB writes, and waits for CUPS to complete
  /// it. A job that fails half-way is canceled, so no partial job prints later.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    var delivery = Delivery(printer: printer, total: bytes.count, route: .cups(job: nil))
    let start = ContinuousClock.now
    let job = cslip_cupsCreateJob(http, queue, "slip", 0, nil)
    guard job > 0 else {
      switch cslip_cupsLastError() {
      case IPP_STATUS_ERROR_NOT_ACCEPTING_JOBS:
        throw TransportError(.queueNotAccepting(queue: queue, reasons: []))
      case IPP_STATUS_ERROR_NOT_FOUND:
        throw TransportError(.queueNotFound(queue: queue, known: queues()))
      default:
        throw TransportError(.cupsFailed(call: "Create-Job", message: lastError), delivery: delivery)
      }
    }
    delivery.route = .cups(job: Int(job))
    func fail(_ call: String) -> TransportError {
      let message = lastError
      _ = cslip_cupsCancelJob2(http, queue, job, 0)
      delivery.elapsed = ContinuousClock.now - start
      return TransportError(
        .cupsFailed(call: call, message: "\(message) (job \(job) canceled)"), delivery: delivery)
    }
    guard cslip_cupsStartDocument(http, queue, job, "slip", ccups_format_raw, 1) == HTTP_STATUS_CONTINUE
    else {
      throw fail("Send-Document")
    }
    var offset = 0
    var throttle = ProgressThrottle(start: .zero)
    while offset < bytes.count {
      let end = min(bytes.count, offset + 65536)
      let status = bytes[offset..<end].withUnsafeBytes { buffer in
        cslip_cupsWriteRequestData(
          http, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count)
      }
      guard status == HTTP_STATUS_CONTINUE else { throw fail("Send-Document") }
      offset = end
      delivery.queued = offset
      delivery.elapsed = ContinuousClock.now - start
      if throttle.report(at: delivery.elapsed) { progress(delivery) }
    }
    guard cslip_cupsFinishDocument(http, queue).rawValue < 0x0100 else { throw fail("Send-Document") }
    try waitForCompletion(job, &delivery, start: start)
    delivery.confirmed = bytes.count
    delivery.queued = 0
    delivery.confirmation = .cupsCompleted
    delivery.elapsed = ContinuousClock.now - start
    progress(delivery)
    return delivery
  }

  /// Polls the job until CUPS completes it; a job aborted, canceled, held or stopped, or
  /// still waiting after the timeout, fails.
  private func waitForCompletion(_ job: Int32, _ delivery: inout Delivery, start: ContinuousClock.Instant)
    throws(TransportError)
  {
    let waitStart = ContinuousClock.now
    while true {
      let request = cslip_ippNewRequest(IPP_OP_GET_JOB_ATTRIBUTES)
      cslip_ippAddString(
        request, IPP_TAG_OPERATION, IPP_TAG_URI, "job-uri", nil, "ipp://localhost/jobs/\(job)")
      guard let response = perform(request) else {
        delivery.elapsed = ContinuousClock.now - start
        throw TransportError(.cupsFailed(call: "Get-Job-Attributes", message: lastError), delivery: delivery)
      }
      let state = Self.integer(response, "job-state") ?? 0
      // Reasons that only restate the state say nothing.
      let reasons = Self.strings(response, "job-state-reasons").filter {
        !["none", "processing-to-stop-point", "job-printing"].contains($0)
      }
      let message = Self.strings(response, "job-printer-state-message").first.flatMap {
        $0.isEmpty ? nil : $0
      }
      cslip_ippDelete(response)
      let name = CUPSMessages.jobState(state)
      let waited = ContinuousClock.now - waitStart
      switch state {
      case 9:
        return
      case 7, 8:
        delivery.elapsed = ContinuousClock.now - start
        throw TransportError(
          .jobEnded(job: Int(job), queue: queue, state: name, reasons: reasons, message: message),
          delivery: delivery)
      case 4, 6:
        delivery.elapsed = ContinuousClock.now - start
        throw TransportError(
          .jobNotDone(job: Int(job), queue: queue, state: name, seconds: waited.seconds), delivery: delivery)
      default:
        if waited >= timeout {
          delivery.elapsed = ContinuousClock.now - start
          throw TransportError(
            .jobNotDone(job: Int(job), queue: queue, state: name, seconds: timeout.seconds),
            delivery: delivery)
        }
        usleep(20_000)
      }
    }
  }

  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  {
    []
  }

  func close() {}
}
