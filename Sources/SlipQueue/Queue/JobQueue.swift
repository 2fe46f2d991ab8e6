import Foundation
import SlipTransport

/// The durable print queue behind `slip serve`: jobs stored in a `JobStore`, one sender per
/// printer sending its jobs in order through SlipTransport, and the exact counts each
/// transport reports kept with every job.
///
/// Each state change is committed before it is acknowledged or acted on: `submit` returns once
/// the job and its bytes are on disk, and a job is marked `sending` before its first byte goes
/// out. A job found `sending` by `start` (the process died mid-job) becomes `interrupted` and is
/// never re-sent by itself, since a receipt printed twice is worse than one to retry by hand.
public final class JobQueue: @unchecked Sendable {
  /// The longest idempotency key accepted.
  public static let maximumKeyLength = 255
  /// The longest job description accepted.
  public static let maximumLabelLength = 200

  /// The printers, by id.
  public let printers: [String: QueuePrinter]
  /// Retries and backoff.
  public let options: QueueOptions
  /// The state directory.
  public var directory: String { store.directory }

  // Everything below is guarded by `lock`; the store is one SQLite connection used by one
  // thread at a time. Recursive, because finishing a stream may call back into `remove`.
  private let lock = NSRecursiveLock()
  private let store: JobStore
  private var phase = Phase.idle
  private var senders: [String: PrinterSender] = [:]
  private var reports: [String: PrinterReport] = [:]
  private var observers: [Int: [UUID: AsyncStream<JobRecord>.Continuation]] = [:]
  private let events: @Sendable (QueueEvent) -> Void
  private var pruned = Date.distantPast

  private enum Phase {
    case idle, running, stopping
  }

  /// Opens the store in `directory` for `printers`; nothing is sent before `start`. A corrupt,
  /// locked or unwritable state directory throws `.store`, so the service refuses to start.
  /// `events` hears each job state change and printer report change, on the queue's threads.
  public init(
    directory: String, printers: [String: QueuePrinter], options: QueueOptions = QueueOptions(),
    events: @escaping @Sendable (QueueEvent) -> Void = { _ in }
  ) throws(QueueError) {
    do {
      store = try JobStore(directory: directory, busyTimeout: options.busyTimeout)
    } catch {
      throw .store(error)
    }
    self.printers = printers
    self.options = options
    self.events = events
    for (id, printer) in printers {
      reports[id] = PrinterReport(
        id: id, destination: printer.destination.description, state: .unknown, waiting: 0)
    }
  }

  // MARK: Life

  /// Marks every job left `sending` by a process that died as `interrupted` (committed, not
  /// re-sent), then starts one sender per printer. Returns the jobs it interrupted.
  @discardableResult
  public func start() throws(QueueError) -> [JobRecord] {
    let interrupted = try locked { () throws(QueueError) -> [JobRecord] in
      guard phase == .idle else { return [] }
      var changed: [JobRecord] = []
      for var job in try storing({ () throws(StoreError) in try store.jobs(state: .sending) }) {
        // What the dead process last committed as confirmed stands; every other byte may have
        // left after that commit (or sat in the kernel's queue, which outlives the process),
        // so none is claimed as not sent.
        job.state = .interrupted
        job.unanswered = job.total - job.confirmed
        job.queued = 0
        job.message = QueueMessages.interrupted
        job.finished = Date()
        let saved = job
        if try storing({ () throws(StoreError) in try store.save(saved, from: .sending) }) {
          changed.append(job)
        }
      }
      prune()
      phase = .running
      for (id, printer) in printers {
        let sender = PrinterSender(id: id, printer: printer, queue: self)
        senders[id] = sender
        sender.start()
      }
      return changed
    }
    for job in interrupted { events(.job(job)) }
    return interrupted
  }

  /// Stops taking jobs, lets each sender finish the job it is sending and commit its outcome
  /// (waiting at most `timeout`), and ends every update stream. A job still going out when the
  /// time is up stays `sending` in the store, and the next `start` marks it `interrupted`.
  public func shutdown(timeout: Duration = .seconds(30)) {
    let all = locked { () -> [PrinterSender] in
      guard phase != .stopping else { return [] }
      phase = .stopping
      return Array(senders.values)
    }
    for sender in all { sender.stop() }
    let deadline = ContinuousClock.now + timeout
    let ended = all.filter { $0.join(until: deadline) }
    locked {
      // A sender holds the queue; once its thread ended, dropping it lets the queue (and the
      // store's lock on the state directory) go when its owner lets go.
      for sender in ended { senders[sender.id] = nil }
      for (_, streams) in observers { for (_, stream) in streams { stream.finish() } }
      observers = [:]
    }
  }

  // MARK: Requests

  /// Stores `request` as a queued job (committed before this returns) and wakes its printer's
  /// sender; or, when its idempotency key was used in the last 24 hours, returns the first job
  /// with `created` false and stores nothing.
  public func submit(_ request: JobRequest) throws(QueueError) -> (job: JobRecord, created: Bool) {
    guard printers[request.printer] != nil else {
      throw .unknownPrinter(request.printer, known: Array(printers.keys))
    }
    guard !request.bytes.isEmpty else { throw .emptyJob }
    if let key = request.idempotencyKey, !(1...Self.maximumKeyLength).contains(key.count) {
      throw .badKey(key)
    }
    guard request.label.count <= Self.maximumLabelLength else { throw .labelTooLong(request.label.count) }
    let result = try locked { () throws(QueueError) -> (job: JobRecord, created: Bool) in
      guard phase != .stopping else { throw .stopped }
      if pruned.timeIntervalSinceNow < -3600 { prune() }
      return try storing { () throws(StoreError) in try store.insert(request) }
    }
    if result.created {
      senders(request.printer)?.wake()
      events(.job(result.job))
    }
    return result
  }

  /// The job numbered `id`, or nil.
  public func job(_ id: Int) throws(QueueError) -> JobRecord? {
    try locked { () throws(QueueError) in try storing { () throws(StoreError) in try store.job(id) } }
  }

  /// Jobs, oldest first, on `printer` and in `state` when given.
  public func jobs(printer: String? = nil, state: JobState? = nil) throws(QueueError) -> [JobRecord] {
    try locked { () throws(QueueError) in
      try storing { () throws(StoreError) in try store.jobs(printer: printer, state: state) }
    }
  }

  /// The bytes job `id` sends.
  public func bytes(of id: Int) throws(QueueError) -> [UInt8] {
    let bytes = try locked { () throws(QueueError) in
      try storing { () throws(StoreError) in try store.bytes(of: id) }
    }
    guard let bytes else { throw .notFound(id) }
    return bytes
  }

  /// Cancels job `id` if it has not begun to go out; a job sending or finished throws
  /// `notCancellable` with its state.
  @discardableResult
  public func cancel(_ id: Int) throws(QueueError) -> JobRecord {
    let job = try locked { () throws(QueueError) -> JobRecord in
      guard var job = try storing({ () throws(StoreError) in try store.job(id) }) else { throw .notFound(id) }
      guard job.state == .queued else { throw .notCancellable(id, job.state) }
      job.state = .cancelled
      job.finished = Date()
      let cancelled = job
      guard try storing({ () throws(StoreError) in try store.save(cancelled, from: .queued) }) else {
        throw .notCancellable(id, .sending)
      }
      publish(job)
      return job
    }
    events(.job(job))
    return job
  }

  /// Sends an `interrupted` or `failed` job again, whole, as a new attempt: back in its
  /// printer's queue, in its original place. Any other state throws `notRetriable`.
  @discardableResult
  public func retry(_ id: Int) throws(QueueError) -> JobRecord {
    let job = try locked { () throws(QueueError) -> JobRecord in
      guard var job = try storing({ () throws(StoreError) in try store.job(id) }) else { throw .notFound(id) }
      let previous = job.state
      guard previous == .interrupted || previous == .failed else { throw .notRetriable(id, previous) }
      job.state = .queued
      job.count(nil)
      job.message = nil
      job.finished = nil
      let queued = job
      guard try storing({ () throws(StoreError) in try store.save(queued, from: previous) }) else {
        throw .notRetriable(id, previous)
      }
      publish(job)
      return job
    }
    senders(job.printer)?.wake()
    events(.job(job))
    return job
  }

  /// The job's record now and at each change (progress while sending included), ending once
  /// the job is final (or the queue shuts down); ends at once for a job that does not exist.
  /// For Server-Sent Events: a slow reader loses intermediate progress, never the last record.
  public func updates(of id: Int) -> AsyncStream<JobRecord> {
    AsyncStream(bufferingPolicy: .bufferingNewest(32)) { continuation in
      locked {
        guard phase != .stopping, let job = try? store.job(id) else {
          continuation.finish()
          return
        }
        continuation.yield(job)
        guard !job.state.isFinal else {
          continuation.finish()
          return
        }
        let token = UUID()
        observers[id, default: [:]][token] = continuation
        continuation.onTermination = { [weak self] _ in self?.remove(id, token) }
      }
    }
  }

  /// Each configured printer's last known state, by id.
  public func printerReports() -> [PrinterReport] {
    locked {
      reports.values.sorted { $0.id < $1.id }.map { report in
        var report = report
        report.waiting = (try? store.waiting(printer: report.id)) ?? report.waiting
        return report
      }
    }
  }

  // MARK: For the senders

  /// The oldest queued job on `printer`.
  func next(_ printer: String) throws(StoreError) -> JobRecord? {
    try locked { () throws(StoreError) in try store.next(printer: printer) }
  }

  /// Marks `job` sending (a new attempt), committed, and returns it with its bytes; nil if it is
  /// no longer queued (cancelled meanwhile) or the queue is stopping.
  func begin(_ job: JobRecord) throws(StoreError) -> (JobRecord, [UInt8])? {
    let begun = try locked { () throws(StoreError) -> (JobRecord, [UInt8])? in
      guard phase == .running, let bytes = try store.bytes(of: job.id) else { return nil }
      var sending = job
      sending.state = .sending
      sending.attempts += 1
      sending.count(nil)
      sending.message = nil
      sending.started = Date()
      sending.finished = nil
      guard try store.save(sending, from: .queued) else { return nil }
      publish(sending)
      return (sending, bytes)
    }
    if let begun { events(.job(begun.0)) }
    return begun
  }

  /// Commits the counts of a job being sent and tells its observers.
  func progress(_ job: JobRecord) throws(StoreError) {
    try locked { () throws(StoreError) in
      if try store.save(job, from: .sending) { publish(job) }
    }
  }

  /// Commits the outcome of a job's attempt (final, or queued again for a retry).
  func finish(_ job: JobRecord) throws(StoreError) {
    let saved = try locked { () throws(StoreError) -> Bool in
      let saved = try store.save(job, from: .sending)
      if saved { publish(job) }
      return saved
    }
    if saved { events(.job(job)) }
  }

  /// Records a queued job's wait for its printer, when the reason changed.
  func waiting(_ job: JobRecord, _ message: String) throws(StoreError) {
    guard job.message != message else { return }
    var waiting = job
    waiting.message = message
    let saved = waiting
    try locked { () throws(StoreError) in
      if try store.save(saved, from: .queued) { publish(saved) }
    }
  }

  /// Updates a printer's report, telling `events` when it changed.
  func report(_ id: String, _ state: PrinterReport.State, message: String?, status: PrinterStatus?) {
    let changed = locked { () -> PrinterReport? in
      guard var report = reports[id] else { return nil }
      let before = report
      report.state = state
      report.message = message
      if let status { report.status = status }
      report.checked = Date()
      reports[id] = report
      return before.state != state || before.message != message || before.status != report.status
        ? report : nil
    }
    if let changed { events(.printer(changed)) }
  }

  /// Tells `events` that the store failed under a sender.
  func storeFailed(_ error: StoreError) {
    events(.storeFailed(error))
  }

  /// Whether the queue is stopping.
  var isStopping: Bool { locked { phase == .stopping } }

  // MARK: Inside

  private func senders(_ printer: String) -> PrinterSender? {
    locked { senders[printer] }
  }

  /// Tells `job`'s observers; ends their streams once it is final. Called with the lock held.
  private func publish(_ job: JobRecord) {
    guard let streams = observers[job.id] else { return }
    for (_, stream) in streams { stream.yield(job) }
    if job.state.isFinal {
      observers[job.id] = nil
      for (_, stream) in streams { stream.finish() }
    }
  }

  private func remove(_ id: Int, _ token: UUID) {
    locked {
      observers[id]?[token] = nil
      if observers[id]?.isEmpty == true { observers[id] = nil }
    }
  }

  /// Forgets expired idempotency keys and old finished jobs. Called with the lock held; a
  /// failure is only told, since nothing depends on pruning now.
  private func prune() {
    pruned = Date()
    do throws(StoreError) {
      try store.pruneKeys()
      try store.prune(finishedBefore: Date(timeIntervalSinceNow: -options.keepFinished.seconds))
    } catch {
      events(.storeFailed(error))
    }
  }

  private func locked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  private func storing<Result>(_ body: () throws(StoreError) -> Result) throws(QueueError) -> Result {
    do {
      return try body()
    } catch {
      throw .store(error)
    }
  }
}
