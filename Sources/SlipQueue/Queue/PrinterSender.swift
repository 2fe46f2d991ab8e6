import Dispatch
import Foundation
import SlipTransport
import Synchronization

/// One printer's sender: a thread of its own (the transports block) that sends the printer's
/// queued jobs one at a time, oldest first, and waits with backoff while it cannot reach it.
final class PrinterSender: @unchecked Sendable {
  let id: String
  private let printer: QueuePrinter
  private let queue: JobQueue
  private let wakeup = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let stopping = Mutex(false)
  // Only the sender's thread touches these.
  private var backoff: Duration
  /// Failures in a row of the current job that sent nothing, for `retries`; a restart (or a
  /// retry by hand) gives a job its retries again.
  private var failures: (job: Int, count: Int) = (0, 0)

  init(id: String, printer: QueuePrinter, queue: JobQueue) {
    self.id = id
    self.printer = printer
    self.queue = queue
    backoff = queue.options.backoff
  }

  func start() {
    let thread = Thread { [self] in
      run()
      done.signal()
    }
    thread.name = "slip-queue \(id)"
    thread.start()
  }

  /// A job was queued for this printer.
  func wake() { wakeup.signal() }

  /// Ends the loop once the current job (if any) is sent and recorded.
  func stop() {
    stopping.withLock { $0 = true }
    wakeup.signal()
  }

  /// Waits for the thread to end, until `deadline`; whether it did.
  func join(until deadline: ContinuousClock.Instant) -> Bool {
    done.wait(timeout: Self.dispatchTime(deadline - ContinuousClock.now)) == .success
  }

  private var isStopping: Bool { stopping.withLock { $0 } }

  private func run() {
    while !isStopping {
      let next: JobRecord?
      do {
        next = try queue.next(id)
      } catch {
        queue.storeFailed(error)
        pause()
        continue
      }
      guard let next else {
        wakeup.wait()
        // A burst of submissions leaves a signal each: one look at the queue answers them all.
        while wakeup.wait(timeout: .now()) == .success {}
        continue
      }
      send(next)
    }
  }

  /// Waits the backoff (only `stop` cuts it short: new jobs do not make an unreachable printer
  /// worth trying sooner), then doubles it.
  private func pause() {
    let deadline = ContinuousClock.now + backoff
    while !isStopping, ContinuousClock.now < deadline {
      _ = wakeup.wait(timeout: Self.dispatchTime(deadline - ContinuousClock.now))
    }
    backoff = min(backoff * 2, queue.options.maximumBackoff)
  }

  /// One attempt at `job`: the printer reached first (the job stays queued if it cannot be),
  /// then the job marked sending and committed, then its bytes sent and the outcome committed.
  private func send(_ job: JobRecord) {
    let link: any PrinterLink
    do {
      link = try printer.transport().open()
    } catch {
      queue.report(id, .unreachable, message: error.reason.message, status: nil)
      do {
        try queue.waiting(job, QueueMessages.waiting(error.reason.message))
      } catch {
        queue.storeFailed(error)
      }
      pause()
      return
    }
    let begun: (JobRecord, [UInt8])?
    do {
      begun = try queue.begin(job)
    } catch {
      link.close()
      queue.storeFailed(error)
      pause()
      return
    }
    guard let (sending, bytes) = begun else {
      link.close()
      return
    }
    let (outcome, retry) = attempt(sending, bytes, over: link)
    commit(outcome)
    if retry { pause() } else if outcome.state == .done { backoff = queue.options.backoff }
  }

  /// Sends the bytes; the record to commit, and whether it is queued again for a retry.
  private func attempt(_ job: JobRecord, _ bytes: [UInt8], over link: any PrinterLink) -> (JobRecord, Bool) {
    var current = job
    var lastCommit = ContinuousClock.now
    let interval = queue.options.progressInterval
    let run = PrintJob(
      transport: OpenedLink(link: link), checkStatus: printer.checkStatus, language: printer.language)
    do throws(PrintJob.Failure) {
      let outcome = try run.run(
        bytes,
        progress: { delivery in
          current.count(delivery)
          guard ContinuousClock.now - lastCommit >= interval else { return }
          lastCommit = ContinuousClock.now
          do throws(StoreError) {
            try queue.progress(current)
          } catch {
            // Progress is a courtesy; the outcome's commit is what counts.
            queue.storeFailed(error)
          }
        })
      current.count(outcome.delivery)
      current.state = .done
      current.message = nil
      current.finished = Date()
      queue.report(id, .ready, message: nil, status: outcome.after ?? outcome.before)
      return (current, false)
    } catch {
      switch error {
      case .transport(let failure):
        current.count(failure.delivery)
        let message = failure.reason.message
        queue.report(id, failure.isUnavailable ? .unreachable : .problem, message: message, status: nil)
        return conclude(current, message, outcome: failure.outcome)
      case .notReady(_, let status):
        current.count(nil)
        let message = QueueMessages.notReady(status.summary)
        queue.report(id, .problem, message: message, status: status)
        return conclude(current, message, outcome: nil)
      case .afterTheJob(let outcome):
        current.count(outcome.delivery)
        let message = QueueMessages.afterTheJob(outcome.after?.summary ?? "")
        queue.report(id, .problem, message: message, status: outcome.after)
        return conclude(current, message, outcome: nil)
      }
    }
  }

  /// A failed attempt: queued again when nothing left and retries remain, else failed. A job
  /// with any byte sent is never retried by itself: part of it may have printed.
  private func conclude(_ job: JobRecord, _ message: String, outcome: String?) -> (JobRecord, Bool) {
    var job = job
    let retries = queue.options.retries
    if !job.anythingSent {
      let count = failures.job == job.id ? failures.count + 1 : 1
      failures = (job.id, count)
      if count <= retries {
        job.state = .queued
        job.message = QueueMessages.willRetry(message, attempt: count, of: retries)
        return (job, true)
      }
    }
    job.state = .failed
    job.message = outcome.map { "\(message); \($0)" } ?? message
    job.finished = Date()
    return (job, false)
  }

  /// Commits `job`, trying again with backoff while the store fails; gives up only when the
  /// queue stops, leaving the job `sending` for the next start to mark interrupted.
  private func commit(_ job: JobRecord) {
    while true {
      do {
        try queue.finish(job)
        return
      } catch {
        queue.storeFailed(error)
        if isStopping { return }
        pause()
      }
    }
  }

  private static func dispatchTime(_ duration: Duration) -> DispatchTime {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    return .now() + .nanoseconds(Int(clamping: nanoseconds))
  }
}

/// Hands `PrintJob` the link the sender already opened: a job is marked `sending` only once its
/// printer answered, so an unreachable printer never leaves a job that looks interrupted.
private struct OpenedLink: Transport {
  let link: any PrinterLink

  func open() -> any PrinterLink { link }
}
