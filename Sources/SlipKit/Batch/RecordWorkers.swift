import Dispatch
import Synchronization

/// Runs closures on at most `limit` of libdispatch's threads at once, oldest first: the workers
/// a batch renders its records on.
///
/// A thread is asked for only while closures wait and fewer than `limit` run; each takes the
/// next waiting closure until none is left, then ends. So nothing is left running or waiting
/// when the batch is dropped midway, and no thread idles between records.
final class RecordWorkers: Sendable {
  private struct State {
    /// Closures not yet started, oldest first.
    var waiting: [@Sendable () -> Void] = []
    /// Threads taking closures now.
    var running = 0
  }

  private let state = Mutex(State())
  /// The most closures that run at once.
  let limit: Int

  /// Workers running at most `limit` closures at once (at least one).
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Runs `job` as soon as a worker is free.
  func run(_ job: @escaping @Sendable () -> Void) {
    let starts = state.withLock { state -> Bool in
      state.waiting.append(job)
      guard state.running < limit else { return false }
      state.running += 1
      return true
    }
    if starts { DispatchQueue.global().async { self.drain() } }
  }

  /// Runs the waiting closures one after another until none is left.
  private func drain() {
    while let job = take() { job() }
  }

  /// The oldest waiting closure; nil (and one worker fewer) when none waits.
  private func take() -> (@Sendable () -> Void)? {
    state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
  }
}
