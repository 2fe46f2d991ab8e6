import Foundation
import SlipTransport

/// One printer the queue sends to: where it is and how to reach it.
public struct QueuePrinter: Sendable {
  /// Where its jobs go.
  public var destination: Destination
  /// Whether to ask the printer's status before each job (nothing is sent if it reports a
  /// problem) and after it.
  public var checkStatus: Bool
  /// The language of the status questions.
  public var language: PrinterLanguage
  /// Makes the transport for one job (a fresh link each time).
  public var transport: @Sendable () -> any Transport

  /// A printer at `destination`, reached with `options` (BLE's, and the timeout every route
  /// uses).
  public init(
    destination: Destination, options: BLESendOptions = BLESendOptions(), checkStatus: Bool = false,
    language: PrinterLanguage = .escpos
  ) {
    self.destination = destination
    self.checkStatus = checkStatus
    self.language = language
    transport = { destination.transport(options: options) }
  }
}

/// How the queue retries.
public struct QueueOptions: Sendable, Equatable {
  /// How many times a job that failed with nothing sent is sent again before it fails.
  public var retries = 3
  /// The first wait after a printer could not be reached (or a retry); it doubles each time.
  public var backoff: Duration = .milliseconds(250)
  /// The longest wait between tries.
  public var maximumBackoff: Duration = .seconds(5)
  /// How long a store operation waits for another connection's lock.
  public var busyTimeout: Duration = .seconds(5)
  /// The least time between two progress commits of a job being sent.
  public var progressInterval: Duration = .milliseconds(50)
  /// How long `done` and `cancelled` jobs (and their bytes) are kept; the store is pruned at
  /// `start` and then hourly, so a box that runs for months does not fill its card.
  public var keepFinished: Duration = .seconds(7 * 24 * 60 * 60)

  /// The defaults: 3 retries, backoff from 0.25 s to 5 s, finished jobs kept 7 days.
  public init() {}
}

/// What a printer was last seen doing.
public struct PrinterReport: Sendable, Equatable {
  /// Its id in the configuration.
  public var id: String
  /// Where its jobs go, as `--to` takes it.
  public var destination: String
  /// What the queue last learnt about it.
  public var state: State
  /// Why it is unreachable or not ready.
  public var message: String?
  /// What it answered when last asked, when the queue asks.
  public var status: PrinterStatus?
  /// When that was learnt; nil before the first try.
  public var checked: Date?
  /// Jobs waiting for it.
  public var waiting: Int

  /// A report of these values.
  public init(
    id: String, destination: String, state: State, message: String? = nil, status: PrinterStatus? = nil,
    checked: Date? = nil, waiting: Int = 0
  ) {
    self.id = id
    self.destination = destination
    self.state = state
    self.message = message
    self.status = status
    self.checked = checked
    self.waiting = waiting
  }

  /// What the queue knows of a printer.
  public enum State: String, Sendable, Equatable {
    /// Nothing has been sent to it since the queue started.
    case unknown
    /// The last job (or connection) went through.
    case ready
    /// It could not be reached; its jobs wait, and it is tried again with backoff.
    case unreachable
    /// It answered, but reported a problem (paper out, cover open) or failed a job.
    case problem
  }
}

/// Something that happened in the queue, for a log line.
public enum QueueEvent: Sendable {
  /// A job changed state (progress while sending is not an event).
  case job(JobRecord)
  /// A printer's report changed.
  case printer(PrinterReport)
  /// The store failed while a sender was recording a change; it tries again.
  case storeFailed(StoreError)
}

extension QueueEvent: CustomStringConvertible {
  /// One log line: `job 17 (receipt 42) on 'bar': done, 1234 of 1234 bytes confirmed`.
  public var description: String {
    switch self {
    case .job(let job):
      let label = job.label.isEmpty ? "" : " (\(job.label))"
      var line = "job \(job.id)\(label) on '\(job.printer)': \(job.state.rawValue)"
      switch job.state {
      case .queued where job.attempts == 0: line += ", \(job.total) bytes"
      case .sending: line += ", attempt \(job.attempts)"
      case .done, .failed, .interrupted:
        line += ", \(job.confirmed) of \(job.total) bytes confirmed"
        if job.queued > 0 { line += ", \(job.queued) queued" }
        if job.unanswered > 0 { line += ", \(job.unanswered) unanswered" }
        if job.notSent > 0 && job.state != .done { line += ", \(job.notSent) not sent" }
      default: break
      }
      if let message = job.message { line += ": \(message)" }
      return line
    case .printer(let report):
      return "printer '\(report.id)' (\(report.destination)): \(report.state.rawValue)"
        + (report.message.map { ": \($0)" } ?? "")
    case .storeFailed(let error):
      return "error: \(error.description); trying again"
    }
  }
}
