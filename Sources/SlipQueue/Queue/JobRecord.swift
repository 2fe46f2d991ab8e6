import Foundation
import SlipTransport

/// A job as the store holds it: its state, its printer and the exact counts its last attempt
/// reached, as the transport reported them.
public struct JobRecord: Sendable, Equatable, Identifiable {
  /// The job's number, increasing in the order jobs were accepted; never reused.
  public var id: Int
  /// Where it is in its life.
  public var state: JobState
  /// The printer's id in the queue's configuration.
  public var printer: String
  /// The short description it was submitted with (a receipt number, a template name).
  public var label: String
  /// The idempotency key it was submitted with, if any.
  public var idempotencyKey: String?
  /// Bytes in the job.
  public var total: Int
  /// Bytes the transport proved reached the printer.
  public var confirmed: Int
  /// Bytes handed on beyond `confirmed` but not acknowledged.
  public var queued: Int
  /// Bytes sent whose fate is unknown (they may have arrived).
  public var unanswered: Int
  /// Times sending began.
  public var attempts: Int
  /// Why it failed, waits or was interrupted; nil once it is done cleanly.
  public var message: String?
  /// When it was accepted.
  public var created: Date
  /// When its last attempt began.
  public var started: Date?
  /// When it reached its final state.
  public var finished: Date?

  /// A record of these values (the store makes them; tests and previews may too).
  public init(
    id: Int, state: JobState, printer: String, label: String, idempotencyKey: String?, total: Int,
    confirmed: Int = 0, queued: Int = 0, unanswered: Int = 0, attempts: Int = 0, message: String? = nil,
    created: Date, started: Date? = nil, finished: Date? = nil
  ) {
    self.id = id
    self.state = state
    self.printer = printer
    self.label = label
    self.idempotencyKey = idempotencyKey
    self.total = total
    self.confirmed = confirmed
    self.queued = queued
    self.unanswered = unanswered
    self.attempts = attempts
    self.message = message
    self.created = created
    self.started = started
    self.finished = finished
  }

  /// Bytes that did not leave: the rest of the job.
  public var notSent: Int { total - confirmed - queued - unanswered }

  /// The counts of `delivery`, or none sent when there is none.
  mutating func count(_ delivery: Delivery?) {
    confirmed = delivery?.confirmed ?? 0
    queued = delivery?.queued ?? 0
    unanswered = delivery?.unanswered ?? 0
  }

  /// Whether any byte may have reached the printer.
  var anythingSent: Bool { confirmed + queued + unanswered > 0 }
}

/// What the HTTP layer (or an app) asks the queue to print.
public struct JobRequest: Sendable, Equatable {
  /// The printer's id in the queue's configuration.
  public var printer: String
  /// The rendered job, exactly as it goes to the printer.
  public var bytes: [UInt8]
  /// The client's key for this job: the same key within 24 hours returns the first job instead
  /// of printing again.
  public var idempotencyKey: String?
  /// A short description for listings and logs.
  public var label: String

  /// A request to print `bytes` on `printer`.
  public init(printer: String, bytes: [UInt8], idempotencyKey: String? = nil, label: String = "") {
    self.printer = printer
    self.bytes = bytes
    self.idempotencyKey = idempotencyKey
    self.label = label
  }
}
