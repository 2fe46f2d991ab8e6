/// The runs of records a batch has handed to its workers and not begun to write, oldest first.
///
/// When the batch goes (done, stopped, or dropped midway by a caller that gave up), runs no
/// thread has taken are called off and those under way are waited for: nothing of the batch is
/// left rendering after it, not even while the process exits.
final class RunsInFlight {
  /// The runs, oldest first.
  private(set) var runs: [PendingRender] = []

  /// No runs yet.
  init() {}

  deinit { settle() }

  /// Calls off the runs no thread has taken and waits for those under way.
  func settle() {
    for run in runs where !run.cancel() { _ = run.wait() }
    runs = []
  }

  /// A run just handed over.
  func append(_ run: PendingRender) { runs.append(run) }

  /// Forgets the oldest run when it is `run` (its records are being written).
  func removeOldest(_ run: PendingRender) {
    if runs.first === run { runs.removeFirst() }
  }
}
