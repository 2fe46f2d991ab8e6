import Foundation
import Testing

/// Issue 11's transport fault matrix: one 64-chunk job against the stand-in BlueZ while the
/// link drops after each chunk, writes fail, answers never come, the printer pauses for good
/// and BlueZ crashes. Every run must exit with its documented code within its timeout and
/// report counts the stand-in's record bears out: nothing counted confirmed that did not
/// arrive, nothing counted "not sent" that did.
@Suite(.serialized, .timeLimit(.minutes(6)))
struct BLEFaultMatrixTests {
  static let clone = BLESendTests.clone
  /// The 18F0 clone's MTU is 185: 182 bytes a write.
  static let chunk = 182
  /// 64 chunks, the last one partial.
  static let total = 63 * chunk + 100
  static let job = BLESendTests.job(total)
  /// Command writes have a request barrier every 4096 / 182 = 22 chunks, and at the end.
  static let barriers = [22, 44, 64]

  /// The counts a failed job reported.
  struct Counts: Equatable {
    var confirmed: Int
    var queued: Int
    var unanswered: Int
    var unsent: Int
  }

  /// One job: how it ended, the counts it reported, what the printer recorded.
  struct Run {
    var outcome: CLIRun.Outcome
    var counts: Counts?
    var writes: [StandIn.Write]
    var received: [UInt8] { writes.flatMap(\.bytes) }
  }

  /// The job in a file, written once for every run.
  static let path: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-faults-\(UUID()).bin")
    try? Data(job).write(to: url)
    return url.path
  }()

  /// Sends the job through `standIn` to the clone. A run that outlives 30 s is killed, which
  /// fails it: no fault may hang the sender.
  static func send(
    _ standIn: StandIn, _ options: [String] = [], timeout: String = "5", to address: String = clone
  ) throws -> Run {
    let outcome = try CLIRun.slip(
      ["send", path, "--to", "ble:\(address)", "--timeout", timeout] + options,
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address], seconds: 30)
    return Run(outcome: outcome, counts: counts(outcome.stderr), writes: try standIn.writes(address))
  }

  /// `C of T bytes confirmed by the printer, Q more queued but not confirmed, [A sent without
  /// an answer (they may have arrived), ]U not sent`.
  static func counts(_ stderr: String, total: Int = total) -> Counts? {
    let pattern = try! Regex(
      #"(\d+) of (\d+) bytes confirmed by the printer, (\d+) more queued but not confirmed, "#
        + #"(?:(\d+) sent without an answer \(they may have arrived\), )?(\d+) not sent"#)
    guard let match = stderr.firstMatch(of: pattern) else { return nil }
    let number = { (index: Int) in match.output[index].substring.flatMap { Int($0) } ?? 0 }
    guard number(2) == total else { return nil }
    return Counts(confirmed: number(1), queued: number(3), unanswered: number(4), unsent: number(5))
  }

  /// The offset in the job of each write the printer recorded (every write is one whole chunk).
  static func offsets(_ writes: [StandIn.Write]) -> [Int?] {
    writes.map { write in
      let bytes = write.bytes
      return stride(from: 0, to: total, by: chunk).first { start in
        Array(job[start..<min(total, start + chunk)]) == bytes
      }
    }
  }

  /// The matrix's rule for a job cut short: exit 74 naming the code and what happened; the
  /// counts add up to the job; every confirmed byte arrived, in order; every byte that
  /// arrived was counted as confirmed, queued or unanswered, never as not sent.
  static func expectHonest(
    _ run: Run, _ reason: String, k: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // Failure messages start with k, so a sweep's failing run is easy to find.
    let stderr = (k.map { "k \($0): " } ?? "") + run.outcome.stderr
    #expect(run.outcome.status == 74, "\(stderr)", sourceLocation: sourceLocation)
    #expect(stderr.contains(reason), "\(stderr)", sourceLocation: sourceLocation)
    #expect(stderr.contains("\n  exit 74: "), "\(stderr)", sourceLocation: sourceLocation)
    guard let counts = run.counts else {
      Issue.record("no counts in '\(stderr)'", sourceLocation: sourceLocation)
      return
    }
    #expect(
      counts.confirmed + counts.queued + counts.unanswered + counts.unsent == total,
      sourceLocation: sourceLocation)
    let received = run.received
    #expect(received.count >= counts.confirmed, "\(stderr)", sourceLocation: sourceLocation)
    #expect(
      Array(received.prefix(counts.confirmed)) == Array(job.prefix(counts.confirmed)),
      sourceLocation: sourceLocation)
    #expect(
      !offsets(run.writes).contains(nil), "a write that is no chunk of the job",
      sourceLocation: sourceLocation)
    #expect(
      received.count <= counts.confirmed + counts.queued + counts.unanswered, "\(stderr)",
      sourceLocation: sourceLocation)
    // A job that reached the printer with a hole in it says so; the warning without a hole
    // only where writes of open fate (which may have arrived) follow one that did not go.
    let hole = received != Array(job.prefix(received.count))
    let warned = stderr.contains("so it may print with a piece missing")
    #expect(!hole || warned, "\(stderr)", sourceLocation: sourceLocation)
    #expect(!warned || hole || counts.unanswered > 0, "\(stderr)", sourceLocation: sourceLocation)
  }

  /// Sends the job once for each k through one stand-in, its script set by `script(k)`.
  static func sweep(
    _ ks: [Int], options: [String] = [], timeout: String = "5",
    printer: [String: Any] = ["preset": "clone18f0"],
    script: (Int) -> [String: Any], check: (Int, Run) -> Void
  ) throws {
    let standIn = try StandIn([printer])
    let address = printer["preset"] as? String == "cat" ? catAddress : clone
    for k in ks {
      try standIn.script(address, script(k))
      check(k, try send(standIn, options, timeout: timeout, to: address))
    }
  }

  /// The cat printer at the clone's MTU: the same 64 chunks, read barriers instead of requests.
  static var cat: [String: Any] { ["preset": "cat", "mtu": 185] }
  static let catAddress = BLESendTests.cat

  /// Bytes in chunks `1...n`.
  static func bytes(throughChunk n: Int) -> Int { min(total, n * chunk) }

  // MARK: The link drops after chunk k, every k

  /// `--write request`: each chunk is answered before the link drops, so the count is exact.
  @Test func linkDropsAfterEachChunkWithRequestWrites() throws {
    let standIn = try StandIn([["preset": "clone18f0"]])
    for k in 1...64 {
      try standIn.script(Self.clone, ["drop_after_write": k])
      let run = try Self.send(standIn, ["--write", "request"])
      #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: k))), "k \(k)")
      if k == 64 {
        // The last answer came back before the link went: the job is whole, and says so.
        #expect(run.outcome.status == 0, "k 64: \(run.outcome.stderr)")
        #expect(run.outcome.stderr.contains("in 64 chunks of 182 B, request writes; all confirmed"))
        continue
      }
      Self.expectHonest(run, "the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped", k: k)
      #expect(
        run.counts
          == Counts(
            confirmed: k * Self.chunk, queued: 0, unanswered: 0, unsent: Self.total - k * Self.chunk),
        "k \(k): \(run.outcome.stderr)")
    }
  }

  /// Command writes with request barriers; the chunk-k write arrives but, when it is a
  /// barrier, its answer is lost with the link.
  @Test func linkDropsAfterEachChunkWithCommandWrites() throws {
    let standIn = try StandIn([["preset": "clone18f0"]])
    for k in 1...64 {
      try standIn.script(Self.clone, ["drop_after_write": k, "drop_ack": false])
      let run = try Self.send(standIn)
      let arrived = Self.bytes(throughChunk: k)
      #expect(run.received == Array(Self.job.prefix(arrived)), "k \(k)")
      Self.expectHonest(run, "the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped", k: k)
      let barrier = Self.barriers.last { $0 < k } ?? 0
      let lost = Self.barriers.contains(k) ? arrived - Self.bytes(throughChunk: k - 1) : 0
      let confirmed = Self.bytes(throughChunk: barrier)
      #expect(
        run.counts
          == Counts(
            confirmed: confirmed, queued: arrived - confirmed - lost, unanswered: lost,
            unsent: Self.total - arrived),
        "k \(k): \(run.outcome.stderr)")
    }
  }

  @Test func linkDropsAfterChunkInFastMode() throws {
    try Self.sweep([1, 22, 40, 64], options: ["--fast"]) { k in
      ["drop_after_write": k, "drop_ack": false]
    } check: { k, run in
      #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: k))), "k \(k)")
      Self.expectHonest(run, "the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped", k: k)
    }
  }

  // MARK: Writes fail

  @Test(arguments: ["org.bluez.Error.Failed", "org.bluez.Error.NotPermitted", "org.bluez.Error.InProgress"])
  func everyWriteFailsFromChunk(error: String) throws {
    // Chunk 64 is a barrier: a request answered InProgress is retried until the timeout.
    try Self.sweep([1, 32, 64], timeout: "1") { k in
      ["fail_from_write": k, "fail_error": error]
    } check: { k, run in
      let arrived = Self.bytes(throughChunk: k - 1)
      #expect(run.received == Array(Self.job.prefix(arrived)), "k \(k)")
      Self.expectHonest(run, "a write failed: \(error): Operation failed", k: k)
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < k } ?? 0)
      #expect(run.counts?.confirmed == confirmed, "k \(k): \(run.outcome.stderr)")
      #expect(run.counts?.queued == arrived - confirmed, "k \(k): \(run.outcome.stderr)")
    }
  }

  @Test func everyRequestWriteFailsFromChunk() throws {
    try Self.sweep([1, 32, 64], options: ["--write", "request"]) { k in
      ["fail_from_write": k]
    } check: { k, run in
      #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: k - 1))), "k \(k)")
      Self.expectHonest(run, "a write failed: org.bluez.Error.Failed: Operation failed", k: k)
      #expect(run.counts?.confirmed == Self.bytes(throughChunk: k - 1), "k \(k): \(run.outcome.stderr)")
    }
  }

  /// One write fails and those already in flight behind it arrive: a hole, which the report
  /// must name.
  @Test func oneWriteFailsWithOthersInFlight() throws {
    try Self.sweep([2, 32, 50]) { k in
      ["fail_write": k]
    } check: { k, run in
      Self.expectHonest(run, "a write failed: org.bluez.Error.Failed: Operation failed", k: k)
      #expect(!Self.offsets(run.writes).contains((k - 1) * Self.chunk), "k \(k)")
      #expect(run.counts.map { $0.confirmed <= (k - 1) * Self.chunk } == true, "k \(k)")
      // How many writes were in flight behind k depends on timing; expectHonest holds the
      // report to naming the hole whenever one of them arrived.
    }
  }

  // MARK: Answers never come

  @Test func requestWritesAreNeverAnsweredFromChunk() throws {
    try Self.sweep([1, 32, 64], options: ["--write", "request"], timeout: "1") { k in
      ["silent_from_write": k]
    } check: { k, run in
      #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: k))), "k \(k)")
      Self.expectHonest(run, "the printer's answer to a write did not happen within 1 s", k: k)
      let confirmed = Self.bytes(throughChunk: k - 1)
      #expect(
        run.counts
          == Counts(
            confirmed: confirmed, queued: 0, unanswered: Self.bytes(throughChunk: k) - confirmed,
            unsent: Self.total - Self.bytes(throughChunk: k)), "k \(k): \(run.outcome.stderr)")
    }
  }

  @Test func barriersAreNeverAnsweredFromChunk() throws {
    try Self.sweep([1, 32, 64], timeout: "1") { k in
      ["silent_from_write": k]
    } check: { k, run in
      // The first barrier at or after k is the first request write, and the last that goes out.
      let barrier = Self.barriers.first { $0 >= k }!
      #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: barrier))), "k \(k)")
      Self.expectHonest(run, "the printer's answer to a write did not happen within 1 s", k: k)
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < barrier } ?? 0)
      let queued = Self.bytes(throughChunk: barrier - 1) - confirmed
      #expect(
        run.counts
          == Counts(
            confirmed: confirmed, queued: queued,
            unanswered: Self.bytes(throughChunk: barrier) - confirmed - queued,
            unsent: Self.total - Self.bytes(throughChunk: barrier)), "k \(k): \(run.outcome.stderr)")
    }
  }

  @Test func barriersAreNeverAnsweredInFastMode() throws {
    try Self.sweep([1, 40], options: ["--fast"], timeout: "1") { k in
      ["silent_from_write": k]
    } check: { k, run in
      Self.expectHonest(run, "the printer's answer to a write did not happen within 1 s", k: k)
    }
  }

  // MARK: The printer pauses and never resumes

  /// The last k is 43: a pause after chunk 44 can come while the last chunks and the final
  /// barrier are in flight, whose answer then ends the job, whole and confirmed.
  @Test func pauseWithoutResume() throws {
    try Self.sweep([1, 32, 43], timeout: "1") { k in
      ["pause_at_write": k, "pause_ms": NSNull(), "pause_style": "xoff"]
    } check: { k, run in
      Self.expectHonest(run, "the printer asked to pause and did not resume within 1 s", k: k)
      #expect(run.received.count >= Self.bytes(throughChunk: k), "k \(k)")
    }
  }

  @Test func pauseWithoutResumeInFastMode() throws {
    try Self.sweep([1, 32], options: ["--fast"], timeout: "1") { k in
      ["pause_at_write": k, "pause_ms": NSNull(), "pause_style": "xoff"]
    } check: { k, run in
      Self.expectHonest(run, "the printer asked to pause and did not resume within 1 s", k: k)
    }
  }

  // MARK: Read barriers

  /// A write-without-response-only printer (the cat preset, at MTU 185 for the same chunks):
  /// its barriers are ReadValue calls on AE03 after chunks 22, 44 and 64.
  @Test func readBarrierPrinterLinkDropsAfterChunk() throws {
    try Self.sweep([1, 21, 22, 23, 44, 63, 64], printer: Self.cat) { k in
      ["drop_after_write": k]
    } check: { k, run in
      let arrived = Self.bytes(throughChunk: k)
      #expect(run.received == Array(Self.job.prefix(arrived)), "k \(k)")
      Self.expectHonest(run, "the link to 'GB03 (E4:7A:2C:00:AE:30)' dropped", k: k)
      // The read after chunk k comes after the drop: only a barrier before k confirms.
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < k } ?? 0)
      #expect(
        run.counts
          == Counts(
            confirmed: confirmed, queued: arrived - confirmed, unanswered: 0, unsent: Self.total - arrived),
        "k \(k): \(run.outcome.stderr)")
    }
  }

  @Test func readBarriersAreNeverAnsweredFromChunk() throws {
    try Self.sweep([1, 32, 64], timeout: "1", printer: Self.cat) { k in
      ["silent_from_write": k]
    } check: { k, run in
      Self.expectHonest(run, "the printer's answer to a write did not happen within 1 s", k: k)
      let barrier = Self.barriers.first { $0 >= k }!
      #expect(
        run.counts?.confirmed == Self.bytes(throughChunk: Self.barriers.last { $0 < barrier } ?? 0),
        "k \(k): \(run.outcome.stderr)")
    }
  }

  // MARK: BlueZ crashes

  @Test(arguments: [1, 22, 32, 64])
  func bluezCrashesAtChunk(k: Int) throws {
    let standIn = try StandIn([["preset": "clone18f0", "script": ["crash_at_write": k]]], crashable: true)
    let run = try Self.send(standIn)
    #expect(run.received == Array(Self.job.prefix(Self.bytes(throughChunk: k))))
    Self.expectHonest(run, "BlueZ left the system bus mid-job (bluetoothd stopped or crashed)")
  }

  @Test(arguments: [1, 32])
  func bluezCrashesAtChunkInFastMode(k: Int) throws {
    let standIn = try StandIn([["preset": "clone18f0", "script": ["crash_at_write": k]]], crashable: true)
    let run = try Self.send(standIn, ["--fast"])
    Self.expectHonest(run, "BlueZ left the system bus mid-job (bluetoothd stopped or crashed)")
  }

  /// Without the keeper, the bus itself goes down with the stand-in.
  @Test func theBusGoesAwayMidJob() throws {
    let standIn = try StandIn([["preset": "clone18f0", "script": ["crash_at_write": 32]]])
    let outcome = try CLIRun.slip(
      ["send", Self.path, "--to", "ble:\(Self.clone)", "--timeout", "5"],
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address], seconds: 30)
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("BlueZ left the system bus mid-job"), "\(outcome.stderr)")
    #expect(Self.counts(outcome.stderr).map { $0.confirmed <= Self.bytes(throughChunk: 31) } == true)
  }

  // MARK: print

  @Test func printReportsADropLikeSend() throws {
    let standIn = try StandIn([["preset": "clone18f0", "script": ["drop_after_write": 3]]])
    let outcome = try CLIRun.slip(
      [
        "print", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--to", "ble:POS-5805DD",
        "--timeout", "5",
      ],
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address], seconds: 30)
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped"), "\(outcome.stderr)")
    // generic-58 asks for 20-byte chunks.
    let received = try standIn.writes(Self.clone).flatMap(\.bytes).count
    #expect(received == 60)
    #expect(outcome.stderr.contains(" bytes confirmed by the printer, "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("\n  exit 74: the job did not arrive whole\n"), "\(outcome.stderr)")
  }
}
