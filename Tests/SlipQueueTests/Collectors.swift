import Foundation
import SlipQueue

/// What concurrent submitters collect.
final class SubmittedJobs: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Int] = []
  func add(_ id: Int) { lock.withLock { list.append(id) } }
  var ids: [Int] { lock.withLock { list } }
}

/// Submissions' results, collected from many threads.
final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Result<(job: JobRecord, created: Bool), any Error>] = []
  func add(_ result: Result<(job: JobRecord, created: Bool), any Error>) {
    lock.withLock { list.append(result) }
  }
  var all: [Result<(job: JobRecord, created: Bool), any Error>] { lock.withLock { list } }
}

/// The queue's events, collected from its threads.
final class Events: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [QueueEvent] = []
  func add(_ event: QueueEvent) { lock.withLock { list.append(event) } }
  var jobs: [JobRecord] {
    lock.withLock {
      list.compactMap {
        if case .job(let job) = $0 { return job }
        return nil
      }
    }
  }
}

/// An action run on the queue's own thread as each event arrives, so that a test acts at the
/// exact moment a job changes state, however busy the test run's threads are.
final class Hook: @unchecked Sendable {
  private let lock = NSLock()
  private var action: (@Sendable (QueueEvent) -> Void)?

  func set(_ action: (@Sendable (QueueEvent) -> Void)?) { lock.withLock { self.action = action } }

  func callAsFunction(_ event: QueueEvent) {
    let action = lock.withLock { self.action }
    action?(event)
  }
}

/// A value set once from another thread.
final class Once<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  /// Sets the value unless one was set; whether this call set it.
  @discardableResult
  func set(_ value: Value) -> Bool {
    lock.withLock {
      guard stored == nil else { return false }
      stored = value
      return true
    }
  }

  var value: Value? { lock.withLock { stored } }
}
