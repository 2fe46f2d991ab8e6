/// Why the queue refused a request: a typed value the HTTP layer maps to a status.
public enum QueueError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The job database failed (it cannot open, is corrupt, locked, or a write failed).
  case store(StoreError)
  /// No printer has this id in the configuration.
  case unknownPrinter(String, known: [String])
  /// No job has this number.
  case notFound(Int)
  /// Only a queued job can be cancelled; this one is in `state`.
  case notCancellable(Int, JobState)
  /// Only an interrupted or failed job can be sent again; this one is in `state`.
  case notRetriable(Int, JobState)
  /// A job needs at least one byte.
  case emptyJob
  /// An idempotency key must be 1 to `JobQueue.maximumKeyLength` characters.
  case badKey(String)
  /// The description is longer than `JobQueue.maximumLabelLength` characters.
  case labelTooLong(Int)
  /// The queue is shutting down (or not started) and takes no new work.
  case stopped

  /// The message, lower case without a final period.
  public var description: String { QueueMessages.text(self) }
}

/// The queue's messages, alphabetical; lower case, no final period.
enum QueueMessages {
  /// The message of a job whose printer answered badly after it arrived.
  static func afterTheJob(_ summary: String) -> String {
    "every byte arrived, but asked after the job the printer says: \(summary)"
  }

  /// The message of a job found `sending` when the queue started.
  static let interrupted =
    "the service stopped while this job was being sent: part or all of it may have printed; "
    + "check the printer, then retry it to send it again whole"

  /// The message of a job the printer was not ready for.
  static func notReady(_ summary: String) -> String {
    "the printer is not ready: \(summary)"
  }

  static func text(_ error: QueueError) -> String {
    switch error {
    case .badKey(let key):
      "an idempotency key must be 1 to \(JobQueue.maximumKeyLength) characters, not \(key.count)"
    case .emptyJob:
      "a job needs at least one byte"
    case .labelTooLong(let count):
      "a job's description must be at most \(JobQueue.maximumLabelLength) characters, not \(count)"
    case .notCancellable(let id, let state):
      "job \(id) is \(state.rawValue): only a queued job can be cancelled"
    case .notFound(let id):
      "there is no job \(id)"
    case .notRetriable(let id, let state):
      "job \(id) is \(state.rawValue): only an interrupted or failed job can be sent again"
    case .stopped:
      "the queue is shutting down and takes no new jobs"
    case .store(let error):
      error.description
    case .unknownPrinter(let id, let known):
      "no printer '\(id)'; "
        + (known.isEmpty ? "none is configured" : "the printers: " + known.sorted().joined(separator: ", "))
    }
  }

  /// The message of a job waiting for a printer it cannot reach.
  static func waiting(_ reason: String) -> String {
    "waiting for the printer: \(reason)"
  }

  /// The message of a job retried after a failure that sent nothing.
  static func willRetry(_ reason: String, attempt: Int, of retries: Int) -> String {
    "nothing was sent (\(reason)); retry \(attempt) of \(retries) follows"
  }
}
