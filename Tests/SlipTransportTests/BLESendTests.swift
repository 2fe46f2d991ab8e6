import Foundation
import SlipTestSupport
import SlipTransport
import Testing

/// `slip send`, `print`, `scan` and `info` against the stand-in BlueZ, each test on its own
/// private bus: the printers of shared/notes/ble.md, and every way a job can fail.
@Suite(.timeLimit(.minutes(5)))
struct BLESendTests {
  static let clone = "DC:0D:30:48:95:01"
  static let zebra = "AC:3F:A4:10:20:30"
  static let ble40 = "00:15:83:00:40:23"
  static let cat = "E4:7A:2C:00:AE:30"
  static let issc = "00:01:90:C4:00:01"

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the built `slip` with the stand-in's bus as the system bus.
  static func slip(_ arguments: [String], bus: String) throws -> Outcome {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = StandIn.root
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try Spawn.run(process)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// The `slip` built next to this test bundle.
  static var binary: URL { Repository.product("slip") }

  /// `count` bytes that differ everywhere, so any reordering or loss shows.
  static func job(_ count: Int) -> [UInt8] {
    var state: UInt32 = 0x2F6B_1A3C
    return (0..<count).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
  }

  /// The job in a temporary file.
  static func file(_ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-ble-\(UUID()).bin")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Sends `count` bytes to `device` and returns the outcome and what the printer recorded.
  static func send(
    _ count: Int, to device: String, printers: [[String: Any]], options: [String] = [],
    recorder: String? = nil
  ) throws -> (Outcome, [StandIn.Write], [UInt8]) {
    let standIn = try StandIn(printers)
    let bytes = job(count)
    let path = try file(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let timeout = options.contains("--timeout") ? [] : ["--timeout", "5"]
    let outcome = try slip(["send", path, "--to", "ble:\(device)"] + timeout + options, bus: standIn.address)
    return (outcome, try standIn.writes(recorder ?? device), bytes)
  }

  /// Every write fits the link, and together they are the job, in order.
  static func expectDelivered(_ writes: [StandIn.Write], _ bytes: [UInt8], chunk: Int) {
    #expect(writes.allSatisfy { !$0.oversize && $0.bytes.count <= chunk })
    #expect(writes.flatMap(\.bytes) == bytes)
  }

  // MARK: Printers

  @Test func zebraAdvertisingOnlyItsNameIsFoundByNameAndGets244ByteChunks() throws {
    let (outcome, writes, bytes) = try Self.send(
      5000, to: "XXZKJ221400123", printers: [["preset": "zebra"], ["preset": "clone18f0"]],
      recorder: Self.zebra)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 244)
    #expect(writes.count == 21)
    // Commands, with a request write as the barrier every 16 chunks and at the end.
    let requests = writes.indices.filter { writes[$0].type == "request" }
    #expect(requests == [15, 20])
    #expect(writes.allSatisfy { $0.uuid == "38eb4a82-c570-11e3-9507-0002a5d5c51b" })
    #expect(
      outcome.stderr.hasPrefix(
        "sent 5000 bytes to 'XXZKJ221400123 (AC:3F:A4:10:20:30)' in 21 chunks of 244 B, "
          + "command writes with a request barrier every 16; all confirmed in "),
      "\(outcome.stderr)")
  }

  @Test func clone18F0WithMTU185Gets182ByteChunks() throws {
    let (outcome, writes, bytes) = try Self.send(10_000, to: Self.clone, printers: [["preset": "clone18f0"]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 182)
    #expect(writes.count == 55)
    #expect(writes.indices.filter { writes[$0].type == "request" } == [21, 43, 54])
  }

  @Test func ble40PrinterWithMTU23Gets20ByteChunks() throws {
    let (outcome, writes, bytes) = try Self.send(1000, to: Self.ble40, printers: [["preset": "ble40"]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 20)
    #expect(writes.count == 50)
  }

  @Test func noMTUPropertyMeans20ByteChunks() throws {
    let (outcome, writes, bytes) = try Self.send(
      500, to: Self.clone, printers: [["preset": "clone18f0", "mtu": NSNull()]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 20)
  }

  @Test func writeOnlyCharacteristicGetsRequestWritesOneByOne() throws {
    let (outcome, writes, bytes) = try Self.send(300, to: Self.issc, printers: [["preset": "issc"]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 20)
    #expect(writes.allSatisfy { $0.type == "request" })
    #expect(outcome.stderr.contains("in 15 chunks of 20 B, request writes; all confirmed"))
  }

  @Test func writeWithoutResponseOnlyIsConfirmedByReadBarriers() throws {
    let (outcome, writes, bytes) = try Self.send(8000, to: Self.cat, printers: [["preset": "cat"]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 244)
    #expect(writes.allSatisfy { $0.type == "command" })
    #expect(outcome.stderr.contains("command writes with a read barrier every 16; all confirmed"))
  }

  @Test func writeWithoutResponseWithNothingReadableIsReportedUnconfirmed() throws {
    let services: [[String: Any]] = [
      [
        "uuid": "0000ae30-0000-1000-8000-00805f9b34fb",
        "characteristics": [
          ["uuid": "0000ae01-0000-1000-8000-00805f9b34fb", "flags": ["write-without-response"]]
        ],
      ]
    ]
    let (outcome, writes, bytes) = try Self.send(
      1000, to: Self.cat, printers: [["preset": "cat", "services": services]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 244)
    #expect(outcome.stderr.contains("none confirmed: the printer offers no acknowledged write or read"))
  }

  @Test func forcedCommandOnAWriteOnlyCharacteristicFailsPlainly() throws {
    let (outcome, writes, _) = try Self.send(
      100, to: Self.issc, printers: [["preset": "issc"]], options: ["--write", "command"])
    #expect(outcome.status == 74)
    #expect(outcome.stderr.contains("does not take 'command' writes (its flags: write)"), "\(outcome.stderr)")
    #expect(writes.isEmpty)
  }

  // MARK: Failures: exact counts, exit 74

  @Test func dropBeforeTheFirstChunk() throws {
    let (outcome, writes, _) = try Self.send(
      10_000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["drop_at_write": 1]]])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains("the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped"), "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains(
        "0 of 10000 bytes confirmed by the printer, 0 more queued but not confirmed, 10000 not sent"))
    #expect(writes.isEmpty)
  }

  @Test func dropInTheMiddle() throws {
    // Barriers after chunks 22 and 44 (of 55, 182 bytes each): write 30 never arrives.
    let (outcome, writes, bytes) = try Self.send(
      10_000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["drop_at_write": 30]]])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains(
        "4004 of 10000 bytes confirmed by the printer, 1274 more queued but not confirmed, 4722 not sent"),
      "\(outcome.stderr)")
    #expect(writes.flatMap(\.bytes) == Array(bytes[0..<29 * 182]))
  }

  @Test func dropAtTheLastChunk() throws {
    let (outcome, writes, bytes) = try Self.send(
      10_000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["drop_at_write": 55]]])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains(
        "8008 of 10000 bytes confirmed by the printer, 1820 more queued but not confirmed, 172 not sent"),
      "\(outcome.stderr)")
    #expect(writes.flatMap(\.bytes) == Array(bytes[0..<54 * 182]))
  }

  @Test func dropWithRequestWritesConfirmsEveryWriteBefore() throws {
    let (outcome, _, _) = try Self.send(
      300, to: Self.issc, printers: [["preset": "issc", "script": ["drop_at_write": 10]]])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains(
        "180 of 300 bytes confirmed by the printer, 0 more queued but not confirmed, 120 not sent"),
      "\(outcome.stderr)")
  }

  @Test func aFailedWriteStopsTheJob() throws {
    let (outcome, writes, bytes) = try Self.send(
      10_000, to: Self.clone,
      printers: [
        ["preset": "clone18f0", "script": ["fail_write": 30, "fail_error": "org.bluez.Error.Failed"]]
      ])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains("a write failed: org.bluez.Error.Failed: Operation failed"), "\(outcome.stderr)"
    )
    // The writes in flight behind write 30 arrive (as many as were sent before its error came
    // back): counted as queued, and the hole is named.
    #expect(outcome.stderr.contains("4004 of 10000 bytes confirmed by the printer, "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("so it may print with a piece missing"), "\(outcome.stderr)")
    #expect(writes.flatMap(\.bytes).prefix(29 * 182) == bytes.prefix(29 * 182))
    #expect(writes.count > 29)
    let queued = BLEFaultMatrixTests.counts(outcome.stderr, total: 10_000)?.queued
    #expect(queued == (writes.count - 22) * 182, "\(outcome.stderr)")
  }

  @Test func inProgressIsRetriedWithoutReordering() throws {
    let (outcome, writes, bytes) = try Self.send(
      400, to: Self.clone, printers: [["preset": "clone18f0", "mtu": 23, "script": ["in_progress": 3]]],
      options: ["--write", "request"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 20)
    #expect(writes.allSatisfy { $0.type == "request" })
  }

  @Test func slowResponsesAreWaitedFor() throws {
    let (outcome, writes, bytes) = try Self.send(
      3000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["delay_ms": 40]]])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 182)
  }

  @Test func aPrinterThatNeverAnswersTimesOut() throws {
    let (outcome, _, _) = try Self.send(
      1000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["delay_ms": 20_000]]],
      options: ["--timeout", "0.5"])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains("the printer's answer to a write did not happen within 0.5 s"),
      "\(outcome.stderr)")
    #expect(outcome.stderr.contains("0 of 1000 bytes confirmed"))
  }

  @Test func servicesThatNeverResolveTimeOut() throws {
    let (outcome, _, _) = try Self.send(
      100, to: Self.clone, printers: [["preset": "clone18f0", "script": ["never_resolve": true]]],
      options: ["--timeout", "0.5"])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains(
        "BlueZ resolving the services of 'POS-5805DD (DC:0D:30:48:95:01)' did not happen"))
  }

  @Test func pauseAndResumeNotificationsHoldTheSender() throws {
    let start = Date()
    let (outcome, writes, bytes) = try Self.send(
      8000, to: Self.cat, printers: [["preset": "cat", "script": ["pause_at_write": 3, "pause_ms": 400]]],
      options: ["--rate", "50000"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 244)
    #expect(Date().timeIntervalSince(start) >= 0.4)
    // At 50 kB/s a chunk leaves every 5 ms: only what was already on its way (one chunk, two on a
    // loaded machine) lands in the 400 ms pause, not the ~80 that would without it.
    #expect(writes.filter(\.paused).count <= 2)
  }

  @Test func xoffAndXonPauseAnUnknownPrinter() throws {
    let (outcome, writes, bytes) = try Self.send(
      4000, to: Self.clone,
      printers: [
        ["preset": "clone18f0", "script": ["pause_at_write": 2, "pause_ms": 300, "pause_style": "xoff"]]
      ],
      options: ["--rate", "40000"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 182)
    #expect(writes.filter(\.paused).count <= 2)
  }

  @Test func whatThePrinterSaysIsShown() throws {
    let (outcome, _, _) = try Self.send(
      1000, to: Self.zebra,
      printers: [["preset": "zebra", "script": ["notify_at_write": 2, "notify_value": "7265616479"]]])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.contains("printer: \"ready\"\n"), "\(outcome.stderr)")
  }

  @Test func fastModeUsesAcquireWriteAndStillConfirms() throws {
    let (outcome, writes, bytes) = try Self.send(
      10_000, to: Self.clone, printers: [["preset": "clone18f0"]], options: ["--fast"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    Self.expectDelivered(writes, bytes, chunk: 182)
    #expect(writes.filter { $0.type == "acquired" }.count == 52)
    #expect(writes.indices.filter { writes[$0].type == "request" } == [21, 43, 54])
    #expect(outcome.stderr.contains("(AcquireWrite); all confirmed"), "\(outcome.stderr)")
  }

  @Test func aDropInFastModeKeepsTheLastBarriersCount() throws {
    let (outcome, writes, bytes) = try Self.send(
      10_000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["drop_at_write": 30]]],
      options: ["--fast"])
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr.contains("the link to 'POS-5805DD (DC:0D:30:48:95:01)' dropped"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("4004 of 10000 bytes confirmed by the printer"))
    #expect(writes.flatMap(\.bytes) == Array(bytes[0..<29 * 182]))
  }

  @Test func pacingFollowsTheRate() throws {
    let start = Date()
    let (outcome, writes, bytes) = try Self.send(
      4000, to: Self.clone, printers: [["preset": "clone18f0"]], options: ["--rate", "10000"])
    let elapsed = Date().timeIntervalSince(start)
    #expect(outcome.status == 0)
    Self.expectDelivered(writes, bytes, chunk: 182)
    #expect(elapsed >= 0.35)
  }

  @Test func quietPrintsNothing() throws {
    let (outcome, _, _) = try Self.send(
      500, to: Self.clone, printers: [["preset": "clone18f0"]], options: ["--quiet"])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty && outcome.stdout.isEmpty)
  }

  // MARK: Finding printers

  @Test func anUnknownPrinterExits69NamingWhatWasSeen() throws {
    let standIn = try StandIn([["preset": "clone18f0"], ["preset": "zebra"]])
    let outcome = try Self.slip(
      ["send", "-", "--to", "ble:Nonexistent", "--timeout", "0.5"], bus: standIn.address)
    #expect(outcome.status == 69)
    #expect(
      outcome.stderr.contains("no printer matching 'ble:Nonexistent' found in 0.5 s; seen: "),
      "\(outcome.stderr)")
    #expect(outcome.stderr.contains("'XXZKJ221400123' AC:3F:A4:10:20:30 -55 dBm"))
    #expect(outcome.stderr.contains("'POS-5805DD' DC:0D:30:48:95:01 -62 dBm"))
  }

  @Test func aPrinterThatCannotBeConnectedExits69WithNothingSent() throws {
    let (outcome, writes, _) = try Self.send(
      1000, to: Self.clone, printers: [["preset": "clone18f0", "script": ["connect_error": "Page Timeout"]]])
    #expect(outcome.status == 69, "\(outcome.stderr)")
    #expect(
      outcome.stderr.contains(
        "cannot connect to 'POS-5805DD (DC:0D:30:48:95:01)': org.bluez.Error.Failed: Page Timeout"),
      "\(outcome.stderr)")
    #expect(writes.isEmpty)
  }

  @Test func theRSSIWindowLeavesOutTooStrongSignals() throws {
    let standIn = try StandIn([["preset": "zebra", "rssi": -10]])
    let outcome = try Self.slip(
      [
        "send", "-", "--to", "ble:\(Self.zebra)", "--timeout", "0.5", "--rssi-min", "-80", "--rssi-max",
        "-15",
      ],
      bus: standIn.address)
    #expect(outcome.status == 69, "\(outcome.stderr)")
  }

  @Test func scanListsPrintersWithTheirFamilies() throws {
    let standIn = try StandIn([["preset": "clone18f0"], ["preset": "zebra"], ["preset": "cat"]])
    let outcome = try Self.slip(["scan", "--timeout", "0.5"], bus: standIn.address)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stdout == """
        ADDRESS            RSSI  FAMILY                 NAME
        AC:3F:A4:10:20:30  -55   -                      XXZKJ221400123
        E4:7A:2C:00:AE:30  -58   cat printer            GB03
        DC:0D:30:48:95:01  -62   generic 18F0 clone     POS-5805DD

        """)
  }

  @Test func scanFiltersByServiceNameAndSignal() throws {
    let standIn = try StandIn([["preset": "clone18f0"], ["preset": "zebra"], ["preset": "cat"]])
    let service = try Self.slip(
      ["scan", "--timeout", "0.5", "--service", "18F0", "--json"], bus: standIn.address)
    #expect(
      service.stdout
        == "{\"devices\": [{\"address\": \"DC:0D:30:48:95:01\", \"name\": \"POS-5805DD\", \"rssi\": -62, "
        + "\"family\": \"clone-18f0\", \"services\": [\"000018F0-0000-1000-8000-00805F9B34FB\"]}]}\n")
    let name = try Self.slip(["scan", "--timeout", "0.5", "--name", "gb0"], bus: standIn.address)
    #expect(name.stdout.contains("GB03") && !name.stdout.contains("POS-5805DD"))
    let window = try Self.slip(["scan", "--timeout", "0.5", "--rssi-max", "-57"], bus: standIn.address)
    #expect(window.stdout.contains("GB03") && !window.stdout.contains("XXZKJ221400123"))
  }

  @Test func infoShowsDeviceInformationAndCharacteristics() throws {
    let standIn = try StandIn([["preset": "zebra"]])
    let outcome = try Self.slip(
      ["info", "--to", "ble:\(Self.zebra)", "--timeout", "5"], bus: standIn.address)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stdout == """
        XXZKJ221400123 AC:3F:A4:10:20:30
          family:       Zebra
          manufacturer: Zebra Technologies
          model:        ZQ520
          serial:       XXZKJ221400123
          firmware:     V85.20.19Z
          write:        38EB4A82-C570-11E3-9507-0002A5D5C51B [write write-without-response] in service 38EB4A80-C570-11E3-9507-0002A5D5C51B, MTU 247
          chunks:       244 bytes per write (MTU 247)
          notify:       38EB4A81-C570-11E3-9507-0002A5D5C51B [notify read] in service 38EB4A80-C570-11E3-9507-0002A5D5C51B, MTU 247

        """)
  }

  @Test func infoAsJSON() throws {
    let standIn = try StandIn([["preset": "issc"]])
    let outcome = try Self.slip(["info", "--to", "ble:TM-P20_000123", "--json"], bus: standIn.address)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.stdout
        == "{\"address\": \"00:01:90:C4:00:01\", \"name\": \"TM-P20_000123\", \"family\": \"issc\", "
        + "\"deviceInformation\": {}, \"write\": {\"uuid\": \"49535343-8841-43F4-A8D4-ECBE34729BB3\", "
        + "\"service\": \"49535343-FE7D-4AE5-8FA9-9FAFD205E455\", \"flags\": [\"write\"], \"mtu\": null}, "
        + "\"notify\": {\"uuid\": \"49535343-1E4D-4BD9-BA61-23C647249616\", "
        + "\"service\": \"49535343-FE7D-4AE5-8FA9-9FAFD205E455\", \"flags\": [\"notify\"], \"mtu\": null}}\n")
  }

  // MARK: print

  @Test func printRendersAndSendsWithTheProfilesHints() throws {
    let standIn = try StandIn([["preset": "clone18f0"]])
    let arguments = ["templates/kopi-senja.slip", "--data", "templates/kopi-senja.json"]
    let outcome = try Self.slip(["print"] + arguments + ["--to", "ble:POS-5805DD"], bus: standIn.address)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-ble-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: output) }
    _ = try Self.slip(["render"] + arguments + ["-o", output.path], bus: standIn.address)
    let writes = try standIn.writes(Self.clone)
    // generic-58 asks for 20-byte chunks 10 ms apart.
    #expect(writes.flatMap(\.bytes) == Array(try Data(contentsOf: output)))
    #expect(writes.allSatisfy { $0.bytes.count <= 20 })
  }
}
