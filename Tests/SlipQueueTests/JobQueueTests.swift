import Foundation
import SlipQueue
import SlipTestSupport
import SlipTransport
import Testing

/// The queue against stand-in TCP printers (scripts/printer-standin/tcp_printer.py): order,
/// exactly once, idempotency, cancel, retry, interrupted jobs, and a printer that is off.
@Suite(.timeLimit(.minutes(5)))
struct JobQueueTests {
  /// Whether every job in `ids` reached a final state.
  static func final(_ queue: JobQueue, _ ids: [Int]) throws -> Bool {
    try ids.allSatisfy { try queue.job($0)?.state.isFinal == true }
  }

  @Test func jobsFromConcurrentClientsPrintInOrderOncePerPrinter() async throws {
    let printers = try (0..<3).map { _ in try StandInPrinter() }
    var configured: [String: QueuePrinter] = [:]
    for (index, printer) in printers.enumerated() {
      configured["p\(index)"] = try QueueFixture.printer(printer.destination)
    }
    let queue = try JobQueue(
      directory: QueueFixture.directory(), printers: configured, options: QueueFixture.options)
    try queue.start()
    defer { queue.shutdown() }
    let submitted = SubmittedJobs()
    DispatchQueue.concurrentPerform(iterations: 8) { client in
      for number in 0..<15 {
        let seed = UInt64(client * 100 + number)
        let request = JobRequest(
          printer: "p\((client + number) % 3)",
          bytes: QueueFixture.bytes(200 + Int(seed % 7) * 900, seed: seed),
          idempotencyKey: "c\(client)-\(number)", label: "client \(client) job \(number)")
        if let (job, created) = try? queue.submit(request), created { submitted.add(job.id) }
      }
    }
    let ids = submitted.ids
    #expect(ids.count == 120)
    #expect(try await QueueFixture.wait(60) { try Self.final(queue, ids) })
    for (index, printer) in printers.enumerated() {
      let jobs = try queue.jobs(printer: "p\(index)")
      #expect(jobs.allSatisfy { $0.state == .done && $0.confirmed == $0.total && $0.attempts == 1 })
      let expected = try jobs.map { try queue.bytes(of: $0.id) }
      let received = try printer.jobs()
      // Each job on its own connection, in the order the jobs were accepted, none twice.
      #expect(received.count == expected.count)
      #expect(received == expected, "printer p\(index)")
    }
  }

  @Test func fiftyConcurrentSubmitsOfOneKeyGiveOneJob() async throws {
    let printer = try StandInPrinter()
    let queue = try JobQueue(
      directory: QueueFixture.directory(), printers: ["bar": try QueueFixture.printer(printer.destination)],
      options: QueueFixture.options)
    try queue.start()
    defer { queue.shutdown() }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 50) { attempt in
      let request = JobRequest(
        printer: "bar", bytes: QueueFixture.bytes(1000, seed: 7), idempotencyKey: "order-4711",
        label: "try \(attempt)")
      results.add(Result { try queue.submit(request) })
    }
    let outcomes = try results.all.map { try $0.get() }
    #expect(outcomes.count == 50)
    #expect(outcomes.filter(\.created).count == 1)
    #expect(Set(outcomes.map(\.job.id)).count == 1)
    let id = outcomes[0].job.id
    #expect(try await QueueFixture.wait { try queue.job(id)?.state == .done })
    #expect(try queue.jobs().count == 1)
    #expect(try printer.jobs() == [QueueFixture.bytes(1000, seed: 7)])
  }

  @Test func aPrinterThatIsOffHoldsItsJobsAndNotTheOthers() async throws {
    let port = StandInPrinter.freePort()
    let up = try StandInPrinter()
    let queue = try JobQueue(
      directory: QueueFixture.directory(),
      printers: [
        "off": try QueueFixture.printer("tcp:127.0.0.1:\(port)"),
        "up": try QueueFixture.printer(up.destination),
      ], options: QueueFixture.options)
    try queue.start()
    defer { queue.shutdown() }
    var offIDs: [Int] = []
    var upIDs: [Int] = []
    for number in 0..<10 {
      offIDs.append(
        try queue.submit(JobRequest(printer: "off", bytes: QueueFixture.bytes(500, seed: UInt64(number)))).job
          .id)
      upIDs.append(
        try queue.submit(JobRequest(printer: "up", bytes: QueueFixture.bytes(500, seed: UInt64(50 + number))))
          .job.id)
    }
    #expect(try await QueueFixture.wait(30) { try Self.final(queue, upIDs) })
    #expect(try queue.jobs(printer: "up", state: .done).count == 10)
    let waiting = try queue.jobs(printer: "off")
    #expect(waiting.allSatisfy { $0.state == .queued && $0.attempts == 0 })
    #expect(
      waiting.first?.message?.hasPrefix("waiting for the printer: ") == true,
      "\(waiting.first?.message ?? "")")
    let report = try #require(queue.printerReports().first { $0.id == "off" })
    #expect(report.state == .unreachable && report.waiting == 10)
    #expect(report.message?.contains("refused the connection") == true)
    // The printer comes on where the queue keeps trying: its jobs go, in order.
    let off = try StandInPrinter(["port": port])
    #expect(try await QueueFixture.wait(30) { try Self.final(queue, offIDs) })
    #expect(
      try queue.jobs(printer: "off").allSatisfy { $0.state == .done && $0.attempts == 1 && $0.message == nil }
    )
    #expect(try off.jobs() == (0..<10).map { QueueFixture.bytes(500, seed: UInt64($0)) })
    #expect(queue.printerReports().first { $0.id == "off" }?.state == .ready)
  }

  @Test func aQueuedJobCanBeCancelledAndASendingOrFinishedOneCannot() async throws {
    let port = StandInPrinter.freePort()
    let queue = try JobQueue(
      directory: QueueFixture.directory(),
      printers: ["off": try QueueFixture.printer("tcp:127.0.0.1:\(port)")],
      options: QueueFixture.options)
    try queue.start()
    defer { queue.shutdown() }
    let job = try queue.submit(JobRequest(printer: "off", bytes: [0x1B, 0x40])).job
    let cancelled = try queue.cancel(job.id)
    #expect(cancelled.state == .cancelled && cancelled.finished != nil)
    #expect(throws: QueueError.notCancellable(job.id, .cancelled)) { try queue.cancel(job.id) }
    #expect(throws: QueueError.notFound(job.id + 100)) { try queue.cancel(job.id + 100) }
    // A cancelled job never goes out, even once the printer is there.
    let printer = try StandInPrinter(["port": port])
    let next = try queue.submit(JobRequest(printer: "off", bytes: [0x0A])).job
    #expect(try await QueueFixture.wait(30) { try queue.job(next.id)?.state == .done })
    #expect(try printer.jobs() == [[0x0A]])
    #expect(throws: QueueError.notCancellable(next.id, .done)) { try queue.cancel(next.id) }
  }

  @Test func aJobBeingSentCannotBeCancelled() async throws {
    // A printer that takes a little and then stops reading: the job fails at the transport's
    // timeout. The cancel is asked on the sender's thread the moment the job is marked sending.
    let printer = try StandInPrinter(["never_read": true, "rcvbuf": 4096])
    let hook = Hook()
    let queue = try JobQueue(
      directory: QueueFixture.directory(),
      printers: ["stuck": try QueueFixture.printer(printer.destination, timeout: .seconds(3))],
      options: QueueFixture.options, events: { hook($0) })
    let refusal = Once<QueueError>()
    hook.set { [weak queue] event in
      guard case .job(let record) = event, record.state == .sending else { return }
      do throws(QueueError) {
        try queue?.cancel(record.id)
      } catch {
        refusal.set(error)
      }
    }
    defer { hook.set(nil) }
    try queue.start()
    defer { queue.shutdown() }
    let job = try queue.submit(JobRequest(printer: "stuck", bytes: QueueFixture.bytes(2_000_000, seed: 3)))
      .job
    // It fails with bytes handed on, so it is not retried by itself.
    #expect(try await QueueFixture.wait(30) { try queue.job(job.id)?.state == .failed })
    #expect(refusal.value == .notCancellable(job.id, .sending))
    let failed = try #require(try queue.job(job.id))
    #expect(failed.attempts == 1)
    #expect(failed.confirmed + failed.queued + failed.unanswered > 0)
    #expect(failed.confirmed + failed.queued + failed.unanswered + failed.notSent == failed.total)
    #expect(failed.message?.contains("did not happen within 3 s") == true, "\(failed.message ?? "")")
  }

  @Test func aFailedJobWithBytesSentWaitsForRetryAndIsThenSentWhole() async throws {
    let port = StandInPrinter.freePort()
    var resetting: StandInPrinter? = try StandInPrinter(["port": port, "close_after": 3000, "rcvbuf": 4096])
    let queue = try JobQueue(
      directory: QueueFixture.directory(),
      printers: ["bar": try QueueFixture.printer("tcp:127.0.0.1:\(port)")],
      options: QueueFixture.options)
    try queue.start()
    defer { queue.shutdown() }
    let bytes = QueueFixture.bytes(200_000, seed: 11)
    let job = try queue.submit(JobRequest(printer: "bar", bytes: bytes)).job
    #expect(try await QueueFixture.wait(30) { try queue.job(job.id)?.state == .failed })
    let failed = try #require(try queue.job(job.id))
    #expect(failed.attempts == 1 && failed.unanswered >= 3000)
    #expect(failed.message?.contains("the job did not arrive whole") == true, "\(failed.message ?? "")")
    #expect(try resetting?.connections().count == 1)
    resetting?.stop()
    resetting = nil
    let other = try queue.submit(JobRequest(printer: "bar", bytes: [1])).job
    #expect(throws: QueueError.notRetriable(other.id, .queued)) { try queue.retry(other.id) }
    try queue.cancel(other.id)
    #expect(throws: QueueError.notRetriable(other.id, .cancelled)) { try queue.retry(other.id) }
    let printer = try StandInPrinter(["port": port])
    let retried = try queue.retry(job.id)
    #expect(retried.state == .queued && retried.confirmed == 0 && retried.message == nil)
    #expect(try await QueueFixture.wait(30) { try queue.job(job.id)?.state == .done })
    let done = try #require(try queue.job(job.id))
    #expect(done.attempts == 2 && done.confirmed == done.total)
    #expect(try printer.jobs() == [bytes])
    #expect(throws: QueueError.notRetriable(job.id, .done)) { try queue.retry(job.id) }
  }

  @Test func aJobSendingWhenTheProcessDiedIsInterruptedAndNotResent() async throws {
    let directory = QueueFixture.directory()
    let bytes = QueueFixture.bytes(4000, seed: 5)
    let id: Int
    do {
      // What a process killed mid-job leaves: the job committed as sending, 1000 confirmed.
      let store = try JobStore(directory: directory)
      var job = try store.insert(JobRequest(printer: "bar", bytes: bytes)).job
      job.state = .sending
      job.attempts = 1
      job.confirmed = 1000
      job.queued = 500
      job.started = Date()
      #expect(try store.save(job, from: .queued))
      id = job.id
    }
    let printer = try StandInPrinter()
    let events = Events()
    let queue = try JobQueue(
      directory: directory, printers: ["bar": try QueueFixture.printer(printer.destination)],
      options: QueueFixture.options, events: { events.add($0) })
    let interrupted = try queue.start()
    defer { queue.shutdown() }
    #expect(interrupted.map(\.id) == [id])
    let job = try #require(try queue.job(id))
    #expect(job.state == .interrupted && job.attempts == 1 && job.finished != nil)
    // What was confirmed stands; the rest may have left before the process died.
    #expect(job.confirmed == 1000 && job.queued == 0 && job.unanswered == 3000 && job.notSent == 0)
    #expect(job.message?.contains("may have printed") == true)
    #expect(events.jobs.contains { $0.id == id && $0.state == .interrupted })
    try await Task.sleep(for: .milliseconds(500))
    #expect(try printer.jobs().isEmpty)
    #expect(try queue.job(id)?.state == .interrupted)
    #expect(try queue.start().isEmpty)
    try queue.retry(id)
    #expect(try await QueueFixture.wait { try queue.job(id)?.state == .done })
    #expect(try queue.job(id)?.attempts == 2)
    #expect(try printer.jobs() == [bytes])
  }

  @Test func aJobThatSentNothingIsRetriedUpToRetriesThenFails() async throws {
    // Paper out: asked before each job the printer reports it, so nothing is sent.
    let printer = try StandInPrinter(["status": ["state": ["paper_out": true]]])
    var options = QueueFixture.options
    options.retries = 2
    let queue = try JobQueue(
      directory: QueueFixture.directory(),
      printers: ["bar": try QueueFixture.printer(printer.destination, checkStatus: true)], options: options)
    try queue.start()
    defer { queue.shutdown() }
    let job = try queue.submit(JobRequest(printer: "bar", bytes: QueueFixture.bytes(300, seed: 9))).job
    #expect(try await QueueFixture.wait(20) { try queue.job(job.id)?.state == .failed })
    let failed = try #require(try queue.job(job.id))
    #expect(failed.attempts == 3)
    #expect(failed.confirmed == 0 && failed.queued == 0 && failed.unanswered == 0 && failed.notSent == 300)
    #expect(failed.message?.contains("paper") == true, "\(failed.message ?? "")")
    // Three connections, each only status questions: no byte of the job.
    let connections = try printer.connections()
    #expect(connections.count == 3)
    #expect(connections.allSatisfy { !$0.questions.isEmpty })
    let report = try #require(queue.printerReports().first)
    #expect(report.state == .problem && report.status?.conditions.contains(.paperOut) == true)
  }

  @Test func updatesFollowAJobToItsEnd() async throws {
    let printer = try StandInPrinter()
    let queue = try JobQueue(
      directory: QueueFixture.directory(), printers: ["bar": try QueueFixture.printer(printer.destination)],
      options: QueueFixture.options)
    let job = try queue.submit(JobRequest(printer: "bar", bytes: QueueFixture.bytes(100_000, seed: 2))).job
    let updates = queue.updates(of: job.id)
    try queue.start()
    defer { queue.shutdown() }
    var states: [JobState] = []
    for await record in updates where states.last != record.state { states.append(record.state) }
    #expect(states == [.queued, .sending, .done])
    var none = queue.updates(of: 9999).makeAsyncIterator()
    #expect(await none.next() == nil)
  }

  @Test func shutdownLetsTheJobBeingSentFinishAndReleasesTheStateDirectory() async throws {
    // A slow printer: a 4 kB window and a pause after every read, so the job takes a while. The
    // moment the first job is marked sending, a thread of its own watches its counts grow and
    // shuts the queue down.
    let printer = try StandInPrinter(["rcvbuf": 4096, "read_delay_ms": 10])
    let directory = QueueFixture.directory()
    let hook = Hook()
    var queue: JobQueue? = try JobQueue(
      directory: directory, printers: ["bar": try QueueFixture.printer(printer.destination)],
      options: QueueFixture.options, events: { hook($0) })
    let midway = Once<JobRecord>()
    let stopped = Once<Bool>()
    let first = Once<Int>()
    hook.set { [weak queue] event in
      guard case .job(let record) = event, record.state == .sending, first.set(record.id) else { return }
      Thread.detachNewThread { [weak queue] in
        do {
          guard let queue else { return }
          let deadline = Date().addingTimeInterval(30)
          while let now = try? queue.job(record.id), now.state == .sending, now.confirmed == 0,
            Date() < deadline
          {
            usleep(2000)
          }
          if let now = try? queue.job(record.id) { midway.set(now) }
          queue.shutdown()
        }
        stopped.set(true)
      }
    }
    try queue?.start()
    let bytes = QueueFixture.bytes(500_000, seed: 21)
    let job = try #require(try queue?.submit(JobRequest(printer: "bar", bytes: bytes)).job)
    let waiting = try #require(try queue?.submit(JobRequest(printer: "bar", bytes: [1, 2, 3])).job)
    #expect(try await QueueFixture.wait(60) { stopped.value == true })
    hook.set(nil)
    // The counts are committed as they grow, so a process that dies mid-job leaves them behind.
    let seen = try #require(midway.value)
    #expect(seen.id == job.id && seen.state == .sending && seen.confirmed > 0 && seen.confirmed < seen.total)
    // The job being sent went out whole and its outcome was committed; the next one waits.
    #expect(try queue?.job(job.id)?.state == .done)
    #expect(try queue?.job(waiting.id)?.state == .queued)
    #expect(try printer.jobs() == [bytes])
    queue = nil
    let reopened = try JobQueue(directory: directory, printers: [:], options: QueueFixture.options)
    #expect(try reopened.start().isEmpty)
    #expect(try reopened.jobs(state: .queued).map(\.id) == [waiting.id])
  }

  @Test func badRequestsAreRefusedWithTypedErrors() async throws {
    let queue = try JobQueue(
      directory: QueueFixture.directory(), printers: ["bar": try QueueFixture.printer("tcp:127.0.0.1:9")],
      options: QueueFixture.options)
    #expect(throws: QueueError.unknownPrinter("kitchen", known: ["bar"])) {
      try queue.submit(JobRequest(printer: "kitchen", bytes: [1]))
    }
    #expect(throws: QueueError.emptyJob) { try queue.submit(JobRequest(printer: "bar", bytes: [])) }
    #expect(throws: QueueError.badKey("")) {
      try queue.submit(JobRequest(printer: "bar", bytes: [1], idempotencyKey: ""))
    }
    let long = String(repeating: "x", count: 300)
    #expect(throws: QueueError.labelTooLong(300)) {
      try queue.submit(JobRequest(printer: "bar", bytes: [1], label: long))
    }
    #expect(
      QueueError.unknownPrinter("kitchen", known: ["bar"]).description
        == "no printer 'kitchen'; the printers: bar")
    queue.shutdown()
    #expect(throws: QueueError.stopped) { try queue.submit(JobRequest(printer: "bar", bytes: [1])) }
  }

  @Test func aCorruptStateDirectoryRefusesToStartTheQueue() async throws {
    let directory = QueueFixture.directory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(repeating: 0x00, count: 100).write(to: URL(fileURLWithPath: directory + "/jobs.sqlite"))
    #expect {
      try JobQueue(directory: directory, printers: [:])
    } throws: { error in
      guard case .store(let store) = error as? QueueError, case .corrupt = store.reason else { return false }
      return true
    }
  }
}
