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
