import Foundation
import SlipESCPOS
import SlipTransport

/// `slip send FILE|- --to ble:ADDRESS|ble:NAME [--printer PROFILE] [--write request|command] [--rate B/S] …`.
struct SendCommand {
  static let usage = """
    USAGE: slip send FILE|- --to ble:ADDRESS|ble:NAME [--printer ID|FILE]
                     [--write request|command] [--rate BYTES/S] [--fast] [--timeout S]
                     [--rssi-min N] [--rssi-max N] [--quiet]

    Sends the bytes of a rendered job ('slip render … -o job.bin') to a Bluetooth LE printer
    through BlueZ, and says exactly how many the printer confirmed.

    ARGUMENTS:
      FILE|-               the bytes to send; '-' reads standard input

    \(BLEJobOptions.help)
    EXIT CODES:
      0 every byte confirmed, 64 usage, 65 malformed profile, 66 missing file,
      69 printer or Bluetooth not found, 74 the link dropped or a write failed (with the
      counts of confirmed and queued bytes)

    """

  static let spec = Arguments.Spec(
    command: "send", valued: BLEJobOptions.valued, flags: BLEJobOptions.flags + [["-h", "--help"]])

  let input: String
  let job: BLEJobOptions

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: arguments.positionals.isEmpty
          ? "missing the file to send" : "send takes one file, got \(arguments.positionals.count)",
        command: "send")
    }
    input = arguments.positionals[0]
    job = try BLEJobOptions(arguments, command: "send")
  }

  /// Reads the file and sends it.
  func run() throws(CommandFailure) -> ExitCode {
    let profile = try job.printer.map { name throws(CommandFailure) in try PrinterChoice.load(name) }
    let bytes = try Console.read(input, what: "file")
    return try job.send(bytes, profile: profile)
  }
}

/// The options every command that talks to a BLE printer shares, and how a job is sent and
/// reported: a progress bar on a terminal, one summary line otherwise, nothing with `--quiet`.
struct BLEJobOptions {
  static let help = """
    OPTIONS:
      --to ble:ADDRESS|ble:NAME
                           the printer: its address (AA:BB:CC:DD:EE:FF) or its advertised
                           name ('slip scan' lists them)
      --printer ID|FILE    a printer profile: its BLE hints (service, write characteristic,
                           chunk size, pacing) apply
      --write request|command
                           'request': the printer acknowledges every write; 'command'
                           (default where the printer takes it): paced writes with an
                           acknowledged barrier every few kB and at the end
      --rate BYTES/S       pace the writes (default: the profile's pacing, else none)
      --fast               send 'command' writes through BlueZ's AcquireWrite socket
      --timeout S          the longest any wait lasts: discovery, connection, each
                           acknowledgement (default: 10)
      --rssi-min N, --rssi-max N
                           only a printer whose signal is within this window (dBm)
      --quiet              print nothing but errors
      -h, --help           show this help

    """

  static let valued = [
    ["--to"], ["--printer"], ["--write"], ["--rate"], ["--timeout"], ["--rssi-min"], ["--rssi-max"],
  ]
  static let flags = [["--fast"], ["--quiet"]]

  let target: BLETarget
  let printer: String?
  let options: BLESendOptions
  let quiet: Bool
  let writeChosen: Bool

  /// Reads `--to` and the sending options.
  init(_ arguments: Arguments, command: String) throws(UsageError) {
    guard let to = arguments.value("--to") else {
      throw UsageError(message: "missing '--to ble:ADDRESS' or '--to ble:NAME'", command: command)
    }
    target = try Self.target(to, command: command)
    printer = arguments.value("--printer")
    quiet = arguments.flag("--quiet")
    var options = BLESendOptions()
    if arguments.value("--write") != nil {
      let write = try arguments.choice(
        "--write", ["request", "command"], default: "command", command: command)
      options.writeType = WriteType(rawValue: write)
    }
    writeChosen = options.writeType != nil
    if let rate = arguments.value("--rate") {
      guard let value = Double(rate), value >= 1, value.isFinite else {
        throw UsageError(
          message: "'--rate' needs bytes per second (1 or more), not '\(rate)'", command: command)
      }
      options.rate = value
    }
    options.fast = arguments.flag("--fast")
    if options.fast, options.writeType == .request {
      throw UsageError(
        message: "'--fast' sends 'command' writes; it cannot go with '--write request'", command: command)
    }
    options.timeout = try Self.seconds(arguments.value("--timeout"), default: 10, command: command)
    options.rssi = try Self.rssiWindow(arguments, command: command)
    self.options = options
  }

  /// `ble:ADDRESS` or `ble:NAME`.
  static func target(_ text: String, command: String) throws(UsageError) -> BLETarget {
    guard text.hasPrefix("ble:"), let target = BLETarget(String(text.dropFirst(4))) else {
      throw UsageError(
        message: "'--to' needs 'ble:ADDRESS' or 'ble:NAME', not '\(text)' (BLE is the only transport so far)",
        command: command)
    }
    return target
  }

  /// A positive number of seconds.
  static func seconds(_ text: String?, default fallback: Double, command: String) throws(UsageError)
    -> Duration
  {
    guard let text else { return .seconds(fallback) }
    guard let value = Double(text), value > 0, value <= 3600 else {
      throw UsageError(
        message: "'--timeout' needs seconds between 0 and 3600, not '\(text)'", command: command)
    }
    return .seconds(value)
  }

  /// `--rssi-min` and `--rssi-max`, in dBm.
  static func rssiWindow(_ arguments: Arguments, command: String) throws(UsageError) -> ScanFilter {
    func dBm(_ name: String) throws(UsageError) -> Int? {
      guard let text = arguments.value(name) else { return nil }
      guard let value = Int(text), (-127...20).contains(value) else {
        throw UsageError(message: "'\(name)' needs dBm between -127 and 20, not '\(text)'", command: command)
      }
      return value
    }
    let window = ScanFilter(rssiMin: try dBm("--rssi-min"), rssiMax: try dBm("--rssi-max"))
    if let low = window.rssiMin, let high = window.rssiMax, low > high {
      throw UsageError(message: "'--rssi-min' \(low) is above '--rssi-max' \(high)", command: command)
    }
    return window
  }

  /// The options with the profile's hints: its characteristics, chunk size and pacing (a
  /// `--rate` wins over the profile's pacing).
  func options(for profile: PrinterProfile?) -> BLESendOptions {
    var options = self.options
    guard let hints = profile?.transport else { return options }
    options.characteristics = CharacteristicChoice(service: hints.bleService, write: hints.bleWrite)
    options.chunkLimit = hints.chunkBytes
    if options.rate == nil, let pacing = hints.pacingMilliseconds, pacing > 0 {
      options.pacing = .milliseconds(pacing)
    }
    return options
  }

  /// Sends `bytes`, reporting as the terminal allows; exit 69 when the printer cannot be
  /// found, 74 with exact counts when the job did not fully arrive.
  func send(_ bytes: [UInt8], profile: PrinterProfile?) throws(CommandFailure) -> ExitCode {
    let report = ProgressReport(quiet: quiet, terminal: isatty(2) == 1)
    let transport = BLETransport(target: target, options: options(for: profile)) { said in
      report.printerSaid(said)
    }
    do {
      let delivery = try transport.send(bytes) { report.update($0) }
      report.finish(delivery)
      return .ok
    } catch {
      report.clear()
      throw CommandFailure(message: error.description, code: error.isUnavailable ? .unavailable : .ioError)
    }
  }
}

/// What the user sees while a job goes out.
final class ProgressReport {
  private let quiet: Bool
  private let terminal: Bool
  private var drawn = false

  init(quiet: Bool, terminal: Bool) {
    self.quiet = quiet
    self.terminal = terminal
  }

  /// On a terminal: redraws the bar (bytes, chunks confirmed of total, rate, time left).
  func update(_ delivery: Delivery) {
    guard terminal, !quiet else { return }
    let fraction = delivery.total == 0 ? 1 : Double(delivery.confirmed) / Double(delivery.total)
    let width = 24
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let rate = delivery.bytesPerSecond
    let left =
      rate > 0 ? "\(Int((Double(delivery.total - delivery.confirmed) / rate).rounded(.up))) s left" : ""
    let state = delivery.paused ? "  paused by the printer" : ""
    Console.error(
      "\r[\(bar)] \(kB(delivery.confirmed))/\(kB(delivery.total)) kB  "
        + "\(delivery.chunksConfirmed)/\(delivery.chunks) chunks confirmed  \(kB(Int(rate))) kB/s  \(left)\(state)\u{1B}[K"
    )
    drawn = true
  }

  /// Removes the bar before an error message.
  func clear() {
    if drawn { Console.error("\r\u{1B}[K") }
    drawn = false
  }

  /// The summary: the bar's last state on a terminal, else one line.
  func finish(_ delivery: Delivery) {
    guard !quiet else { return }
    if terminal {
      update(delivery)
      Console.error("\n")
    }
    let how =
      delivery.writeType == .request
      ? "request writes"
      : "command writes"
        + (delivery.barrier == .none
          ? "" : " with a \(delivery.barrier.rawValue) barrier every \(delivery.barrierEvery)")
        + (delivery.fast ? " (AcquireWrite)" : "")
    let outcome =
      delivery.isConfirmed
      ? "all confirmed"
      : "none confirmed: the printer offers no acknowledged write or read, so the bytes were only handed to BlueZ"
    Console.error(
      "sent \(delivery.total) bytes to '\(delivery.printer)' in \(delivery.chunks) chunks of \(delivery.chunkSize) B, "
        + "\(how); \(outcome) in \(Self.time(delivery.elapsed)) "
        + "(\(String(format: "%.1f", delivery.bytesPerSecond / 1000)) kB/s)\n")
  }

  /// A notification from the printer, as text when it is text.
  func printerSaid(_ bytes: [UInt8]) {
    guard !quiet else { return }
    clear()
    let printable = bytes.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    let text =
      printable
      ? "\"" + String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) + "\""
      : bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    Console.error("printer: \(text)\n")
  }

  /// `850 ms` below a second, `2.35 s` above.
  static func time(_ duration: Duration) -> String {
    let seconds = duration.seconds
    return seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
  }

  private func kB(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1000)
  }
}
