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

  /// The defaults: 3 retries, backoff from 0.25 s to 5 s.
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
