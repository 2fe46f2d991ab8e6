/// When a transport reports its counts: at most once per `interval`, so that a fast link spends
/// its time sending rather than printing progress. Every transport uses this one rule.
public struct ProgressThrottle: Sendable, Equatable {
  /// The shortest time between two reports.
  public let interval: Duration
  /// When the last report was made (the job's start before the first).
  public private(set) var last: Duration

  /// A throttle for a job that started at `start`; the first report is due `interval` later.
  public init(start: Duration, interval: Duration = .milliseconds(100)) {
    self.interval = interval
    last = start
  }

  /// When the next report is due.
  public var due: Duration { last + interval }

  /// Whether a report is due at `now`; if it is, it counts as made.
  public mutating func report(at now: Duration) -> Bool {
    guard now - last >= interval else { return false }
    last = now
    return true
  }
}
