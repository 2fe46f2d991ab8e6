import Foundation
import SlipTestSupport
import Testing

/// `slip send`, `print` and `status` to a network printer: the stand-in on 127.0.0.1
/// (scripts/printer-standin/tcp_printer.py) records every byte, answers like a real printer,
/// and misbehaves on purpose. Nothing here touches any address but the loopback.
@Suite(.timeLimit(.minutes(5)))
struct TCPTests {
  /// Sends `count` bytes to a printer configured with `config`.
  static func send(
    _ count: Int, config: [String: Any] = [:], options: [String] = []
  ) throws -> (CLIRun.Outcome, [TCPPrinter.Connection], [UInt8]) {
    let printer = try TCPPrinter(config)
    let bytes = BLESendTests.job(count)
    let path = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let timeout = options.contains("--timeout") ? [] : ["--timeout", "5"]
    let outcome = try CLIRun.slip(["send", path, "--to", printer.destination] + timeout + options)
    return (outcome, try printer.connections(), bytes)
  }

  /// `confirmed`, `queued` and `not sent` from a failure's counts line.
  static func counts(_ stderr: String) -> (confirmed: Int, queued: Int, unsent: Int)? {
    let pattern =
      /(\d+) of (\d+) bytes confirmed by the printer, (\d+) more queued but not confirmed, (\d+) not sent/
    guard let match = stderr.firstMatch(of: pattern) else { return nil }
    return (Int(match.1)!, Int(match.3)!, Int(match.4)!)
  }

  // MARK: Jobs

  @Test func aJobArrivesWholeAndIsAcknowledgedByTheTCPStack() throws {
    let (outcome, connections, bytes) = try Self.send(200_000)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(connections.count == 1)
    #expect(SPPTests.difference(connections.first?.bytes ?? [], bytes) == nil)
    #expect(connections.first?.closedBy == "client")
    #expect(
      outcome.stderr.contains("sent 200000 bytes to '127.0.0.1:")
        && outcome.stderr.contains(
          "' over TCP; all acknowledged by the printer's TCP stack in "),
      "\(outcome.stderr)")
  }

  @Test func aSlowPrinterWithASmallWindowStillGetsEveryByteInOrder() throws {
    // A 4 kB receive window and a pause after every read: the sender waits in poll and
    // resumes partial writes many times.
    let (outcome, connections, bytes) = try Self.send(
      100_000, config: ["rcvbuf": 4096, "read_delay_ms": 1])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(SPPTests.difference(connections.first?.bytes ?? [], bytes) == nil)
  }

  @Test func aPrinterThatResetsMidJobExits74WithTheExactCounts() throws {
    let (outcome, connections, bytes) = try Self.send(
      300_000, config: ["close_after": 50_000, "rcvbuf": 4096])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("was lost: Connection reset by peer"), "\(outcome.stderr)")
    let connection = try #require(connections.first)
    #expect(connection.closedBy == "printer")
    #expect(SPPTests.difference(connection.bytes, Array(bytes[0..<50_000])) == nil)
    // The reset threw away what the printer's kernel had acknowledged but the printer not
    // read: none of it counts as confirmed, all of it (what it read, and what it held unread
    // when it reset the connection) as sent without an answer. Not a byte more or less.
    let counts = try #require(
      BLEFaultMatrixTests.counts(outcome.stderr, total: 300_000), "\(outcome.stderr)")
    #expect(counts.confirmed == 0)
    #expect(counts.unanswered == 50_000 + connection.bufferedAtClose, "\(outcome.stderr)")
    #expect(counts.confirmed + counts.queued + counts.unanswered + counts.unsent == 300_000)
  }

  @Test func aPrinterThatStopsReadingTimesOutWithTheExactCounts() throws {
    let start = Date()
    let (outcome, connections, _) = try Self.send(
      200_000, config: ["never_read": true, "rcvbuf": 4096], options: ["--timeout", "0.5"])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("did not happen within 0.5 s"), "\(outcome.stderr)")
    let counts = try #require(Self.counts(outcome.stderr))
    #expect(counts.confirmed == connections.first?.bufferedAtClose)
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test func aRefusedConnectionExits69() throws {
    let (outcome, connections, _) = try Self.send(1000, config: ["refuse": true])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("refused the connection: nothing listens on that port"), "\(outcome.stderr)")
    #expect(connections.isEmpty)
  }

  @Test func aPrinterThatNeverAcceptsExits69WithinTheTimeout() throws {
    let start = Date()
    let (outcome, _, _) = try Self.send(1000, config: ["no_accept": true], options: ["--timeout", "0.5"])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("did not accept a connection within 0.5 s"), "\(outcome.stderr)")
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test func whatThePrinterSendsBackIsShown() throws {
    let (outcome, _, _) = try Self.send(
      20_000,
      config: ["say": [1000, Array("PRINTER READY\r\n".utf8).map { String(format: "%02x", $0) }.joined()]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("printer: \"PRINTER READY\"\n"), "\(outcome.stderr)")
  }

  @Test func printRendersAndSendsExactlyWhatRenderWrites() throws {
    let printer = try TCPPrinter()
    let arguments = ["templates/kopi-senja.slip", "--data", "templates/kopi-senja.json"]
    let outcome = try CLIRun.slip(["print"] + arguments + ["--to", printer.destination, "--quiet"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.isEmpty)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-tcp-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: output) }
    _ = try CLIRun.slip(["render"] + arguments + ["-o", output.path])
    #expect(try printer.connections().first?.bytes == Array(try Data(contentsOf: output)))
  }

  // MARK: Status

  static func status(_ config: [String: Any], _ options: [String] = []) throws -> CLIRun.Outcome {
    let printer = try TCPPrinter(config)
    return try CLIRun.slip(["status", "--to", printer.destination, "--timeout", "1"] + options)
  }

  @Test func aReadyPrinter() throws {
    let outcome = try Self.status(["status": [:]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stdout.hasSuffix(
        """
        language:  ESC/POS
        status:    ready
        answers:   DLE EOT 1: 12, DLE EOT 2: 12, DLE EOT 3: 12, DLE EOT 4: 12, GS r 1: 00

        """), "\(outcome.stdout)")
  }

  @Test func paperOutAndCoverOpenAreProblems() throws {
    let outcome = try Self.status(["status": ["state": ["paper_out": true, "cover_open": true]]])
    #expect(outcome.status == 69)
    // A real printer holds GS r while offline: it goes unanswered, and that is fine here.
    #expect(outcome.stdout.contains("status:    paper out, cover open\n"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("DLE EOT 4: 7E, GS r 1: none"))
  }

  @Test func aJammedCutterAsJSON() throws {
    let outcome = try Self.status(["status": ["state": ["cutter_error": true]]], ["--json"])
    #expect(outcome.status == 69)
    #expect(
      outcome.stdout.contains(
        "\"verdict\": \"problem\", \"summary\": \"cutter jammed\", \"conditions\": [{\"id\": \"cutterError\", "
          + "\"text\": \"cutter jammed\", \"severity\": \"error\"}]"), "\(outcome.stdout)")
  }

  @Test func paperNearEndIsAWarningNotAProblem() throws {
    let outcome = try Self.status(["status": ["state": ["paper_near_end": true]]])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("status:    ready; paper near end\n"))
  }

  @Test func aPrinterThatNeverAnswersIsUnknownNeverFine() throws {
    let start = Date()
    let outcome = try Self.status([:])
    #expect(outcome.status == 74)
    #expect(
      outcome.stdout.contains("status:    status unknown: no answer to 'DLE EOT 1'\n"), "\(outcome.stdout)")
    // Only the first question waits: a printer silent to it is not asked the rest.
    #expect(Date().timeIntervalSince(start) < 4)
  }

  @Test func anAnswerThatIsNotAStatusIsUnknown() throws {
    let outcome = try Self.status(["status": ["garbage": "0000"]])
    #expect(outcome.status == 74)
    #expect(
      outcome.stdout.contains("an answer to 'DLE EOT 1' that is not a status (00 00)"), "\(outcome.stdout)")
  }

  @Test func aZebraAnswersHostStatus() throws {
    let outcome = try Self.status(
      ["status": ["language": "zpl", "state": ["head_up": true, "labels_remaining": 3, "formats": 1]]],
      ["--language", "zpl"])
    #expect(outcome.status == 69)
    #expect(
      outcome.stdout.hasSuffix(
        """
        language:               ZPL
        status:                 head up
        print mode:             tear-off
        label length:           1245 dots
        formats in the buffer:  1
        labels remaining:       3
        answers:                ~HS: 3 lines

        """), "\(outcome.stdout)")
  }

  // MARK: --check-status

  @Test func aPrinterWithAProblemGetsNothing() throws {
    let (outcome, connections, _) = try Self.send(
      5000, config: ["status": ["state": ["paper_out": true]]], options: ["--check-status"])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("slip: error: '127.0.0.1:")
        && outcome.stderr.contains(
          "' reports paper out; nothing was sent"),
      "\(outcome.stderr)")
    // Only the questions went out.
    #expect(connections.first?.bytes.count == 15)
  }

  @Test func theStatusAfterTheJobConfirmsItAndIsReported() throws {
    let (outcome, connections, bytes) = try Self.send(
      30_000, config: ["status": [:]], options: ["--check-status"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("printer status before the job: ready\n"))
    #expect(outcome.stderr.contains("printer status after the job: ready\n"))
    let questions: [UInt8] = [16, 4, 1, 16, 4, 2, 16, 4, 3, 16, 4, 4, 29, 114, 1]
    #expect(SPPTests.difference(connections.first?.bytes ?? [], questions + bytes + questions) == nil)
    #expect(connections.first?.questions.count == 10)
  }

  @Test func paperRunningOutDuringTheJobFailsIt() throws {
    let (outcome, _, _) = try Self.send(
      30_000, config: ["status": ["after_job": ["paper_out": true], "job_bytes": 20_000]],
      options: ["--check-status"])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("printer status after the job: paper out\n"), "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("reports paper out after it: it may not have printed in full"),
      "\(outcome.stderr)")
  }

  @Test func aSilentPrinterWithCheckStatusGetsNothing() throws {
    let (outcome, connections, _) = try Self.send(5000, options: ["--check-status", "--timeout", "0.5"])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("status unknown: no answer to 'DLE EOT 1'; nothing was sent"),
      "\(outcome.stderr)")
    #expect(connections.first?.bytes == [16, 4, 1])
  }
}
