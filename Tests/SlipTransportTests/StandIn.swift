import Foundation
import SlipTestSupport
import SlipTransport

/// The stand-in BlueZ (scripts/bluez-standin/standin.py) on its own private bus, one per test:
/// `dbus-run-session` starts a bus daemon for it and takes it down when the stand-in exits,
/// which it does when this object closes its standard input. Nothing touches the machine's
/// own buses or any network address.
final class StandIn {
  static let root = Repository.root
  /// Debian's python3, which has python3-dbus-fast (scripts/debian-test-packages.txt).
  static let python = ProcessInfo.processInfo.environment["SLIP_STANDIN_PYTHON"] ?? "/usr/bin/python3"

  /// A printer's recorded write.
  struct Write: Decodable, Equatable {
    /// `request`, `command`, `acquired` (a packet on an AcquireWrite socket) or `dropped`.
    var type: String
    var hex: String
    var uuid: String
    /// Whether it arrived while the printer had asked for a pause.
    var paused: Bool
    /// Whether it was longer than MTU − 3.
    var oversize: Bool

    var bytes: [UInt8] { Hex.bytes(hex) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// The private bus's address: DBUS_SYSTEM_BUS_ADDRESS for the code under test.
  let address: String
  /// Where a crashing stand-in leaves its record of writes (`crash_at_write`).
  private let record: URL?

  /// Starts the stand-in with `devices` (presets and overrides, see standin.py); waits at
  /// most 15 s for it to own `org.bluez`. With `crashable`, a keeper process holds the bus
  /// open so that a scripted crash takes only `org.bluez` away, and leaves a record.
  init(_ devices: [[String: Any]], crashable: Bool = false) throws {
    let config = try JSONSerialization.data(withJSONObject: ["devices": devices])
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
    process.arguments = [
      "--", Self.python, Self.root.appendingPathComponent("scripts/bluez-standin/standin.py").path,
      "--config",
      String(decoding: config, as: UTF8.self),
    ]
    if crashable {
      let record = FileManager.default.temporaryDirectory.appendingPathComponent(
        "slip-standin-\(UUID()).json")
      process.arguments! += ["--keep-bus", "--record", record.path]
      self.record = record
    } else {
      record = nil
    }
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = nil  // the stand-in must use the private bus
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try Spawn.run(process)
    let line = try Self.readLine(output.fileHandleForReading.fileDescriptor, timeoutMilliseconds: 15_000)
    guard line.hasPrefix("ready ") else {
      process.terminate()
      throw Failure(description: "the stand-in did not start: '\(line)'")
    }
    address = String(line.dropFirst("ready ".count))
  }

  deinit {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
    if let record { try? FileManager.default.removeItem(at: record) }
  }

  private static func readLine(_ fd: Int32, timeoutMilliseconds: Int32) throws -> String {
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
    while true {
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, left) > 0 else {
        throw Failure(description: "the stand-in did not answer in time")
      }
      var byte: UInt8 = 0
      guard read(fd, &byte, 1) == 1 else { throw Failure(description: "the stand-in exited") }
      if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
  }

  /// Calls the test-control object.
  private func control(_ member: String, _ arguments: [BusValue]) throws -> [BusValue] {
    let bus = try BusConnection(address: address)
    let message = BusMessage(
      call: "org.slip.StandIn", path: "/slip/test", interface: "org.slip.StandIn1", member: member,
      arguments: arguments)
    return try bus.call(message, milliseconds: 5000).arguments
  }

  /// Every write the printer at `device` received, in order; after a scripted crash, what
  /// the stand-in recorded as it went down.
  func writes(_ device: String) throws -> [Write] {
    if let record, let data = try? Data(contentsOf: record) {
      return try JSONDecoder().decode([String: [Write]].self, from: data)[device] ?? []
    }
    let json = try control("Writes", [.string(device)]).first?.string ?? "[]"
    return try JSONDecoder().decode([Write].self, from: Data(json.utf8))
  }

  /// Gives `device` a new script (standin.py's `Script`) and forgets its writes, so one
  /// stand-in serves job after job.
  func script(_ device: String, _ script: [String: Any]) throws {
    let json = try JSONSerialization.data(withJSONObject: script)
    _ = try control("Script", [.string(device), .string(String(decoding: json, as: UTF8.self))])
    _ = try control("ClearWrites", [.string(device)])
  }

  /// Sends a notification from the printer.
  func notify(_ device: String, uuid: String, _ value: [UInt8]) throws {
    _ = try control("Notify", [.string(device), .string(uuid), .bytes(value)])
  }

  /// Drops the link to `device` now.
  func dropLink(_ device: String) throws {
    _ = try control("DropLink", [.string(device)])
  }
}
