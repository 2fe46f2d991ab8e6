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
