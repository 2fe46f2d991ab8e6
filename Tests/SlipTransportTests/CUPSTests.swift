import Foundation
import SlipTestSupport
import Testing

/// `slip send` and `print` to CUPS queues on a real cupsd that each test starts on its own
/// socket, with its own configuration (scripts/cups-standin/cupsd.py); every queue's device
/// copies the job to a file, read back here byte for byte.
@Suite(.timeLimit(.minutes(5)))
struct CUPSTests {
  /// The queues every test's scheduler has.
  static var queues: [[String: Any]] {
    [
      ["name": "receipts"],
      ["name": "paused", "state": "stopped", "reason": "paused", "message": "out for lunch"],
      ["name": "closed", "accepting": false],
      ["name": "jammed", "device": "fail"],
      ["name": "slow", "device": "slow"],
    ]
  }

  static func send(_ count: Int, to queue: String, _ options: [String] = []) throws
    -> (CLIRun.Outcome, [UInt8]?, [UInt8])
  {
    let scheduler = try CUPSScheduler(queues: queues)
    let bytes = BLESendTests.job(count)
    let path = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let timeout = options.contains("--timeout") ? [] : ["--timeout", "10"]
    let outcome = try CLIRun.slip(
      ["send", path, "--to", "cups:\(queue)"] + timeout + options, environment: scheduler.environment)
    return (outcome, scheduler.output(queue), bytes)
  }

  @Test func aRawJobArrivesByteForByteAndIsReportedCompleted() throws {
    let (outcome, output, bytes) = try Self.send(200_000, to: "receipts")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(SPPTests.difference(output ?? [], bytes) == nil)
    #expect(
      outcome.stderr.hasPrefix(
        "sent 200000 bytes to CUPS queue 'receipts' as job 1; CUPS reports it completed in "),
      "\(outcome.stderr)")
  }

  @Test func theSchedulerIsReachedOverTCPOnTheLoopbackToo() throws {
    let scheduler = try CUPSScheduler(queues: Self.queues)
    let bytes = BLESendTests.job(50_000)
    let path = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let outcome = try CLIRun.slip(
      ["send", path, "--to", "cups:receipts", "--timeout", "10"],
      environment: ["CUPS_SERVER": "127.0.0.1:\(scheduler.port)"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(SPPTests.difference(scheduler.output("receipts") ?? [], bytes) == nil)
  }

  @Test func printSendsExactlyWhatRenderWrites() throws {
    let scheduler = try CUPSScheduler(queues: Self.queues)
    let arguments = ["templates/kopi-senja.slip", "--data", "templates/kopi-senja.json"]
    let outcome = try CLIRun.slip(
      ["print"] + arguments + ["--to", "cups:receipts", "--quiet"], environment: scheduler.environment)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let rendered = FileManager.default.temporaryDirectory.appendingPathComponent("slip-cups-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: rendered) }
    _ = try CLIRun.slip(["render"] + arguments + ["-o", rendered.path])
    #expect(scheduler.output("receipts") == Array(try Data(contentsOf: rendered)))
  }

  @Test func aStoppedQueueGetsNothingAndExits69() throws {
    let (outcome, output, _) = try Self.send(1000, to: "paused")
    #expect(outcome.status == 69)
    #expect(
      outcome.stderr
        == "slip: error: the CUPS queue 'paused' is stopped: out for lunch (reasons: paused); a job "
        + "would wait instead of printing ('cupsenable paused' starts it)\n  exit 69: nothing was sent\n",
      "\(outcome.stderr)")
    #expect(output == nil)
  }

  @Test func aQueueThatRejectsJobsExits69() throws {
    let (outcome, output, _) = try Self.send(1000, to: "closed")
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("the CUPS queue 'closed' is not accepting jobs"), "\(outcome.stderr)")
    #expect(output == nil)
  }

  @Test func anUnknownQueueExits69NamingTheQueues() throws {
    let (outcome, _, _) = try Self.send(1000, to: "receipt")
    #expect(outcome.status == 69)
    #expect(
      outcome.stderr
        == "slip: error: no CUPS queue 'receipt'; its queues: closed, jammed, paused, receipts, slow\n"
        + "  exit 69: nothing was sent\n",
      "\(outcome.stderr)")
  }

  @Test func aJobCUPSAbortsExits74NamingTheJob() throws {
    let (outcome, output, _) = try Self.send(5000, to: "jammed")
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr == """
        slip: error: CUPS job 1 on 'jammed' ended 'aborted' instead of completing: the printer reports a paper jam
          0 of 5000 bytes confirmed by the printer, 5000 more queued but not confirmed, 0 not sent
          exit 74: the job did not arrive whole

        """, "\(outcome.stderr)")
    #expect(output == nil)
  }

  @Test func aJobStillPrintingWhenTimeRunsOutIsNotSuccess() throws {
    let start = Date()
    let (outcome, _, _) = try Self.send(5000, to: "slow", ["--timeout", "1"])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.hasPrefix(
        "slip: error: CUPS job 1 on 'slow' was still 'processing' after 1 s; it stays queued and may print later "
          + "('cancel slow-1' removes it)\n"), "\(outcome.stderr)")
    #expect(Date().timeIntervalSince(start) < 8)
  }

  @Test func noSchedulerExits69() throws {
    let outcome = try CLIRun.slip(
      ["send", "-", "--to", "cups:receipts", "--timeout", "1"],
      environment: ["CUPS_SERVER": "/tmp/slip-no-such-cupsd.sock"])
    #expect(outcome.status == 69)
    #expect(
      outcome.stderr.contains(
        "cannot reach the CUPS scheduler at '/tmp/slip-no-such-cupsd.sock': there is no socket there: is cupsd running?"
      ), "\(outcome.stderr)")
  }

  @Test func childrenCanBeStopped() throws {
    // cupsd (and dbus-run-session's bus daemon) must see SIGTERM: see Spawn.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/grep")
    process.arguments = ["SigBlk", "/proc/self/status"]
    let out = Pipe()
    process.standardOutput = out
    try Spawn.run(process)
    process.waitUntilExit()
    let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(line == "SigBlk:\t0000000000000000\n")
  }

  @Test func statusNeedsAPrinterThatAnswers() throws {
    let outcome = try CLIRun.slip(["status", "--to", "cups:receipts"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.contains(
        "'cups:receipts' carries no answers from the printer; ask over ble:, spp: or tcp:"),
      "\(outcome.stderr)")
  }
}

/// A private cupsd (scripts/cups-standin/cupsd.py): its socket for `CUPS_SERVER`, and the file
/// each queue's device writes. Stops (and removes its directory) when this object goes.
final class CUPSScheduler {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// The scheduler's socket.
  private(set) var socket = ""
  /// Its temporary directory.
  private(set) var directory = ""
  /// The port it listens on at 127.0.0.1 as well.
  private(set) var port = 0

  /// Starts cupsd with `queues` (see cupsd.py); waits at most 20 s for it to answer.
  init(queues: [[String: Any]]) throws {
    let config = try JSONSerialization.data(withJSONObject: ["queues": queues])
    process.executableURL = URL(fileURLWithPath: StandIn.python)
    process.arguments = [
      StandIn.root.appendingPathComponent("scripts/cups-standin/cupsd.py").path, "--config",
      String(decoding: config, as: UTF8.self),
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try Spawn.run(process)
    let fd = output.fileHandleForReading.fileDescriptor
    var line: [UInt8] = []
    let deadline = Date().addingTimeInterval(20)
    while line.last != 0x0A {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(max(0, deadline.timeIntervalSinceNow * 1000))) > 0 else {
        throw StandIn.Failure(description: "cupsd did not start in time")
      }
      var byte: UInt8 = 0
      guard read(fd, &byte, 1) == 1 else { throw StandIn.Failure(description: "cupsd.py exited") }
      line.append(byte)
    }
    let words = String(decoding: line.dropLast(), as: UTF8.self).split(separator: " ").map(String.init)
    guard words.count == 4, words[0] == "ready", let port = Int(words[3]) else {
      throw StandIn.Failure(description: "cupsd did not start: \(String(decoding: line, as: UTF8.self))")
    }
    socket = words[1]
    directory = words[2]
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
  }

  /// `CUPS_SERVER` for `slip`.
  var environment: [String: String] { ["CUPS_SERVER": socket] }

  /// The last job the queue's device received, or nil if none.
  func output(_ queue: String) -> [UInt8]? {
    FileManager.default.contents(atPath: "\(directory)/out/\(queue).bin").map(Array.init)
  }
}
