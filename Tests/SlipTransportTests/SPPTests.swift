import Foundation
import Testing

/// `slip send` and `status` over classic Bluetooth's Serial Port Profile, and the status of
/// BLE printers, against the stand-in BlueZ: ProfileManager1, ConnectProfile, and a
/// socketpair handed over in Profile1.NewConnection, each test on its own private bus.
@Suite(.timeLimit(.minutes(5)))
struct SPPTests {
  static let address = "66:22:B3:AA:01:02"
  static let printer = "BlueTooth Printer (66:22:B3:AA:01:02)"

  /// Runs `slip arguments` against a stand-in with `devices`.
  static func slip(_ arguments: [String], devices: [[String: Any]]) throws -> (CLIRun.Outcome, StandIn) {
    let standIn = try StandIn(devices)
    let outcome = try CLIRun.slip(arguments, environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address])
    return (outcome, standIn)
  }

  /// Sends `count` bytes to the SPP printer scripted with `script`; returns what it received.
  static func send(
    _ count: Int, script: [String: Any] = [:], status: [String: Any]? = nil, options: [String] = [],
    to target: String = "spp:\(address)"
  ) throws -> (CLIRun.Outcome, [UInt8], [UInt8]) {
    var device: [String: Any] = ["preset": "spp", "script": script]
    device["status"] = status
    let bytes = BLESendTests.job(count)
    let path = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let timeout = options.contains("--timeout") ? [] : ["--timeout", "5"]
    let (outcome, standIn) = try slip(["send", path, "--to", target] + timeout + options, devices: [device])
    let received = try standIn.writes(address).filter { $0.type == "spp" }.flatMap(\.bytes)
    return (outcome, received, bytes)
  }

  /// Nil when `received` is `sent`, else a short account of how it differs (a failed
  /// comparison of two 100 kB arrays would print both).
  static func difference(_ received: [UInt8], _ sent: [UInt8]) -> String? {
    guard received != sent else { return nil }
    let first =
      zip(received, sent).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(received.count, sent.count)
    return "\(received.count) bytes received of \(sent.count), first difference at \(first)"
  }

  // MARK: Jobs

  @Test func everyByteArrivesThroughTheStreamInOrder() throws {
    // A 4 kB send buffer and a reader that pauses: writes come back partial and wait in poll.
    let (outcome, received, bytes) = try Self.send(
      100_000, script: ["spp_sndbuf": 4096, "spp_read_delay_ms": 1, "spp_read_size": 1000])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(Self.difference(received, bytes) == nil)
    #expect(
      outcome.stderr.hasPrefix(
        "sent 100000 bytes to '\(Self.printer)' over the Serial Port Profile; none confirmed: the Serial Port "
          + "Profile acknowledges nothing ('--check-status' has the printer confirm) in "),
      "\(outcome.stderr)")
  }

  @Test func aPrinterIsFoundByItsName() throws {
    let (outcome, received, bytes) = try Self.send(2000, to: "spp:BlueTooth Printer")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(received == bytes)
  }

  @Test func aStatusAnswerAfterTheJobConfirmsIt() throws {
    let (outcome, received, bytes) = try Self.send(20_000, status: [:], options: ["--check-status"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let questions: [UInt8] = [16, 4, 1, 16, 4, 2, 16, 4, 3, 16, 4, 4, 29, 114, 1]
    #expect(Self.difference(received, questions + bytes + questions) == nil)
    #expect(
      outcome.stderr.contains("over the Serial Port Profile; all confirmed by the printer's status answer"))
    #expect(outcome.stderr.contains("printer status after the job: ready\n"))
  }

  /// `confirmed`, `queued` and `not sent` from a failure's counts line.
  static func counts(_ stderr: String) throws -> (confirmed: Int, queued: Int, unsent: Int) {
    try #require(TCPTests.counts(stderr), "\(stderr)")
  }

  @Test func theStreamClosingMidJobIsADroppedLink() throws {
    let (outcome, received, bytes) = try Self.send(
      100_000, script: ["spp_close_after": 30_000, "spp_sndbuf": 4096])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(
      outcome.stderr.hasPrefix("slip: error: the link to '\(Self.printer)' dropped\n"), "\(outcome.stderr)")
    #expect(Self.difference(received, Array(bytes[0..<30_000])) == nil)
    // Nothing over SPP is confirmed; what the socket took is queued, the rest not sent.
    let counts = try Self.counts(outcome.stderr)
    #expect(counts.confirmed == 0)
    #expect(counts.queued >= 30_000 && counts.queued + counts.unsent == 100_000)
  }

  @Test func losingTheLinkMidJob() throws {
    let (outcome, received, bytes) = try Self.send(
      100_000, script: ["spp_drop_after": 10_000, "spp_sndbuf": 4096])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("the link to '\(Self.printer)' dropped"), "\(outcome.stderr)")
    #expect(Self.difference(received, Array(bytes[0..<10_000])) == nil)
  }

  @Test func blueZAskingToDisconnectMidJobIsADroppedLink() throws {
    let start = Date()
    let (outcome, received, bytes) = try Self.send(
      100_000, script: ["spp_request_disconnection_after": 20_000, "spp_sndbuf": 4096])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("the link to '\(Self.printer)' dropped"), "\(outcome.stderr)")
    #expect(Self.difference(received, Array(bytes[0..<20_000])) == nil)
    // RequestDisconnection was answered at once (the stand-in waits up to 5 s for that).
    #expect(Date().timeIntervalSince(start) < 4)
  }

  @Test func aFailedConnectProfileExits69() throws {
    let (outcome, received, _) = try Self.send(1000, script: ["spp_refuse": "Host is down"])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains(
        "cannot connect the Serial Port Profile of '\(Self.printer)': org.bluez.Error.Failed: Host is down"),
      "\(outcome.stderr)")
    #expect(received.isEmpty)
  }

  @Test func noConnectionFromBlueZTimesOut() throws {
    let (outcome, _, _) = try Self.send(
      1000, script: ["spp_silent_connect": true], options: ["--timeout", "0.5"])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("BlueZ handed over no connection within 0.5 s"), "\(outcome.stderr)")
  }

  @Test func aBLEOnlyPrinterOffersNoSerialPort() throws {
    let (outcome, _) = try Self.slip(
      ["send", "-", "--to", "spp:\(BLESendTests.clone)", "--timeout", "2"], devices: [["preset": "clone18f0"]]
    )
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("it offers no Serial Port Profile (its services: 18F0)"), "\(outcome.stderr)")
  }

  @Test func anUnknownPrinterExits69() throws {
    let (outcome, _) = try Self.slip(
      ["send", "-", "--to", "spp:Nonexistent", "--timeout", "0.5"], devices: [["preset": "spp"]])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains("no printer matching 'spp:Nonexistent' found in 0.5 s"), "\(outcome.stderr)")
  }

  // MARK: Status over SPP and BLE

  @Test func paperOutOverSPP() throws {
    let (outcome, _) = try Self.slip(
      ["status", "--to", "spp:\(Self.address)"],
      devices: [["preset": "spp", "status": ["state": ["paper_out": true]]]])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("status:    paper out\n"), "\(outcome.stdout)")
  }

  @Test func aSilentSPPPrinterIsUnknown() throws {
    let (outcome, _) = try Self.slip(
      ["status", "--to", "spp:\(Self.address)", "--timeout", "0.5"], devices: [["preset": "spp"]])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(
      outcome.stdout.contains("status:    status unknown: no answer to 'DLE EOT 1'\n"), "\(outcome.stdout)")
  }

  @Test func aZebraOverBLEIsAskedInZPL() throws {
    let (outcome, standIn) = try Self.slip(
      ["status", "--to", "ble:\(BLESendTests.zebra)"],
      devices: [["preset": "zebra", "status": ["language": "zpl", "state": ["ribbon_out": true]]]])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("language:               ZPL\nstatus:                 ribbon out\n"))
    #expect(try standIn.writes(BLESendTests.zebra).map(\.bytes) == [Array("~HS".utf8)])
  }

  @Test func aCloneOverBLEAnswersOnItsNotifyCharacteristic() throws {
    let (outcome, _) = try Self.slip(
      ["status", "--to", "ble:\(BLESendTests.clone)"],
      devices: [["preset": "clone18f0", "status": ["state": ["cover_open": true]]]])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("status:    cover open\n"), "\(outcome.stdout)")
  }

  @Test func checkStatusOverBLE() throws {
    let device: [String: Any] = ["preset": "clone18f0", "status": [:]]
    let standIn = try StandIn([device])
    let bytes = BLESendTests.job(3000)
    let path = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let outcome = try CLIRun.slip(
      ["send", path, "--to", "ble:\(BLESendTests.clone)", "--check-status", "--timeout", "5"],
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": standIn.address])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("printer status before the job: ready\n"))
    #expect(outcome.stderr.contains("printer status after the job: ready\n"))
    let questions: [UInt8] = [16, 4, 1, 16, 4, 2, 16, 4, 3, 16, 4, 4, 29, 114, 1]
    let writes = try standIn.writes(BLESendTests.clone).map(\.bytes)
    #expect(writes.prefix(5).flatMap { $0 } == questions)
    #expect(writes.dropFirst(5).dropLast(5).flatMap { $0 } == bytes)
  }

  @Test func aBLEPrinterThatCannotNotifyIsUnknown() throws {
    let (outcome, _) = try Self.slip(
      ["status", "--to", "ble:\(BLESendTests.cat)"],
      devices: [
        [
          "preset": "cat",
          "services": [
            [
              "uuid": "0000ae30-0000-1000-8000-00805f9b34fb",
              "characteristics": [
                ["uuid": "0000ae01-0000-1000-8000-00805f9b34fb", "flags": ["write-without-response"]]
              ],
            ]
          ],
        ]
      ])
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(
      outcome.stdout.contains(
        "status unknown: 'GB03 (E4:7A:2C:00:AE:30)' has no characteristic that notifies, so it cannot answer"),
      "\(outcome.stdout)")
  }
}
