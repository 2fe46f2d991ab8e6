import Foundation
import SlipTestSupport
import Testing

/// The fault matrix's drop-after-n for the stream routes: a TCP printer that resets the
/// connection after n bytes, and an SPP printer whose stream closes, whose link is lost or
/// whose BlueZ asks for the disconnection after n bytes. Every run exits 74 naming the code,
/// with counts that add up to the job and agree with what the printer recorded.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct StreamFaultMatrixTests {
  /// The job for every run, in a file written once.
  static let total = 150_000
  static let job = BLESendTests.job(total)
  static let path: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "slip-stream-faults-\(UUID()).bin")
    try? Data(job).write(to: url)
    return url.path
  }()
  /// From the first byte to the last but one.
  static let points = [1, 1000, 65_536, total - 1]

  /// The counts line, which must add up to the job, and the exit line.
  static func counts(_ outcome: CLIRun.Outcome, k n: Int) -> BLEFaultMatrixTests.Counts? {
    #expect(outcome.status == 74, "n \(n): \(outcome.stderr)")
    #expect(
      outcome.stderr.contains("\n  exit 74: the job did not arrive whole\n"), "n \(n): \(outcome.stderr)")
    let counts = BLEFaultMatrixTests.counts(outcome.stderr, total: total)
    #expect(
      counts.map { $0.confirmed + $0.queued + $0.unanswered + $0.unsent } == total,
      "n \(n): \(outcome.stderr)")
    return counts
  }

  @Test func aTCPPrinterResetsAfterNBytes() throws {
    for n in Self.points {
      let printer = try TCPPrinter(["close_after": n, "rcvbuf": 4096])
      let outcome = try CLIRun.slip(
        ["send", Self.path, "--to", printer.destination, "--timeout", "5"], seconds: 30)
      let connection = try #require(try printer.connections().first)
      #expect(connection.bytes == Array(Self.job.prefix(n)), "n \(n)")
      // At the last byte but one, every byte is acknowledged before the reset: the reset
      // comes as the job ends, and throws away the byte the printer never read.
      if n == Self.total - 1 {
        #expect(
          outcome.stderr.contains("reset the connection after the job instead of closing it"),
          "n \(n): \(outcome.stderr)")
      } else {
        #expect(outcome.stderr.contains("was lost: Connection reset by peer"), "n \(n): \(outcome.stderr)")
      }
      let counts = Self.counts(outcome, k: n)
      // A reset proves no byte: what the printer's kernel acknowledged (what it read and what
      // it held unread when it reset) is sent without an answer, none of it confirmed.
      #expect(counts?.confirmed == 0, "n \(n): \(outcome.stderr)")
      #expect(counts?.unanswered == n + connection.bufferedAtClose, "n \(n): \(outcome.stderr)")
    }
  }

  @Test(arguments: ["spp_close_after", "spp_drop_after", "spp_request_disconnection_after"])
  func anSPPLinkEndsAfterNBytes(fault: String) throws {
    let standIn = try StandIn([["preset": "spp"]])
    for n in Self.points {
      try standIn.script(SPPTests.address, [fault: n, "spp_sndbuf": 4096])
      let outcome = try CLIRun.slip(
        ["send", Self.path, "--to", "spp:\(SPPTests.address)", "--timeout", "5"],
        environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address], seconds: 30)
      let received = try standIn.writes(SPPTests.address).filter { $0.type == "spp" }.flatMap(\.bytes)
      #expect(received == Array(Self.job.prefix(n)), "\(fault) \(n)")
      #expect(
        outcome.stderr.contains("the link to '\(SPPTests.printer)' dropped"),
        "\(fault) \(n): \(outcome.stderr)")
      let counts = Self.counts(outcome, k: n)
      // SPP confirms nothing; every byte that arrived was handed to the stream.
      #expect(counts?.confirmed == 0, "\(fault) \(n)")
      #expect(counts.map { $0.queued >= n } == true, "\(fault) \(n): \(outcome.stderr)")
    }
  }
}
