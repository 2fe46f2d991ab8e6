import Foundation
import SlipTransport

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
