/// Where a job is in its life.
public enum JobState: String, Sendable, Equatable, CaseIterable {
  /// Stored, waiting for its printer (or for the printer to come back).
  case queued
  /// Its bytes are going to the printer now.
  case sending
  /// Every byte went out and the transport vouched for it.
  case done
  /// Sending failed (or the printer reported a problem); the counts say how far it got.
  case failed
  /// It was `sending` when the service died: some of it may have printed. Never re-sent by
  /// itself; `JobQueue.retry` sends it again, whole.
  case interrupted
  /// Cancelled before it began to go out.
  case cancelled

  /// Whether nothing more happens to the job unless someone retries it.
  public var isFinal: Bool {
    switch self {
    case .queued, .sending: false
    case .done, .failed, .interrupted, .cancelled: true
    }
  }
}
