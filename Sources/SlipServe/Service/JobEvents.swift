import Foundation
import SlipQueue
import Synchronization

/// `GET /jobs/ID/events` as a blocking body: the queue's updates of one job (an async stream)
/// written as Server-Sent Events (`event: job`, `data: {…}`), a comment line as keep-alive every
/// 15 s of quiet, and the end once the job is final or the service stops.
final class JobEventStream: ResponseStream, @unchecked Sendable {
  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var pending: [UInt8] = []
  private var ended = false
  private var task: Task<Void, Never>?
  private let keepAlive: TimeInterval

  /// Streams `updates`; `keepAlive` seconds of quiet send a comment.
  init(_ updates: AsyncStream<JobRecord>, keepAlive: TimeInterval = 15) {
    self.keepAlive = keepAlive
    // The connection's thread waits in next(); this task only moves records across.
    task = Task { [weak self] in
      for await job in updates {
        self?.push(Array("event: job\ndata: \(JSONReply.job(job).encoded)\n\n".utf8))
      }
      self?.finish()
    }
  }

  private func push(_ bytes: [UInt8]) {
    condition.lock()
    pending += bytes
    condition.signal()
    condition.unlock()
  }

  private func finish() {
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  func next() -> [UInt8]? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: keepAlive)
    while pending.isEmpty, !ended {
      if !condition.wait(until: deadline) { return Array(": keep-alive\n\n".utf8) }
    }
    guard !pending.isEmpty else { return nil }
    defer { pending = [] }
    return pending
  }

  func close() {
    task?.cancel()
    finish()
  }
}
