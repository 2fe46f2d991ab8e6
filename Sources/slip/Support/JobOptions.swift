import SlipESCPOS
import SlipTransport

/// The options every command that sends a job shares: where to, how, whether to ask the
/// printer how it is. Sending and reporting are in PrinterJob.swift.
struct JobOptions {
  static let help = """
    OPTIONS:
      --to PRINTER         where the job goes:
                             ble:ADDRESS|NAME   Bluetooth LE ('slip scan' lists printers)
                             spp:ADDRESS|NAME   classic Bluetooth, Serial Port Profile
                             tcp:HOST[:PORT]    a network printer's raw port (9100)
                             cups:QUEUE         a raw job in a CUPS queue
                             file:PATH          a device (/dev/usb/lp0) or a plain file,
                                                truncated to hold exactly this job
      --printer ID|FILE    a printer profile: its BLE hints (service, write characteristic,
                           chunk size, pacing) apply
      --check-status       ask the printer how it is before the job (nothing is sent if it
                           reports a problem) and after it (BLE, SPP and TCP only)
      --language escpos|zpl
                           the status questions' language (default: the job's own)
      --timeout S          the longest any wait lasts: discovery, connection, each
                           acknowledgement, a printer's pause, a CUPS job completing
                           (default: 10); a job cut short exits 74 with the counts
      --quiet              print nothing but errors
      -h, --help           show this help

    BLUETOOTH LE:
      --write request|command
                           'request': the printer acknowledges every write; 'command'
                           (default where the printer takes it): paced writes with an
                           acknowledged barrier every few kB and at the end
      --rate BYTES/S       pace the writes (default: the profile's pacing, else none)
      --fast               send 'command' writes through BlueZ's AcquireWrite socket
      --rssi-min N, --rssi-max N
                           only a printer whose signal is within this window (dBm)

    """

  static let valued = [
    ["--to"], ["--printer"], ["--write"], ["--rate"], ["--timeout"], ["--rssi-min"], ["--rssi-max"],
    ["--language"],
  ]
  static let flags = [["--fast"], ["--quiet"], ["--check-status"]]

  let destination: Destination
  let printer: String?
  let options: BLESendOptions
  let quiet: Bool
  let writeChosen: Bool
  let checkStatus: Bool
  let language: PrinterLanguage?

  /// Reads `--to` and the sending options; BLE's own options only go with `ble:`.
  init(_ arguments: Arguments, command: String) throws(UsageError) {
    let to = try arguments.required("--to", missing: "missing '--to PRINTER' (\(Destination.forms))")
    destination = try Self.destination(to, command: command)
    printer = arguments.value("--printer")
    quiet = arguments.flag("--quiet")
    checkStatus = arguments.flag("--check-status")
    if checkStatus, !destination.answers {
      throw UsageError(
        message: "'--check-status' needs a printer that can answer: ble:, spp: or tcp:, not '\(to)'",
        command: command)
    }
    language = try arguments.value("--language").map { text throws(UsageError) in
      try Self.language(text, command: command)
    }
    if case .ble = destination {
    } else if let option = ["--write", "--rate", "--fast", "--rssi-min", "--rssi-max"].first(where: {
      arguments.value($0) != nil || arguments.flag($0)
    }) {
      throw UsageError(
        message: "'\(option)' applies to Bluetooth LE printers ('--to ble:…') only", command: command)
    }
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
    // A printer that pauses and never resumes is one more wait: it ends like the others.
    options.pauseLimit = options.timeout
    options.rssi = try Self.rssiWindow(arguments, command: command)
    self.options = options
  }

  /// Any of the `--to` forms.
  static func destination(_ text: String, command: String) throws(UsageError) -> Destination {
    do throws(DestinationError) {
      return try Destination(text)
    } catch {
      throw UsageError(message: "'--to': \(error.message)", command: command)
    }
  }

  /// `escpos` or `zpl`.
  static func language(_ text: String, command: String) throws(UsageError) -> PrinterLanguage {
    guard let language = PrinterLanguage(rawValue: text) else {
      throw UsageError(
        message: "invalid value '\(text)' for '--language'; expected escpos, zpl", command: command)
    }
    return language
  }

  /// `ble:ADDRESS` or `ble:NAME`, for the commands that speak only BLE.
  static func target(_ text: String, command: String) throws(UsageError) -> BLETarget {
    guard text.hasPrefix("ble:"), let target = BLETarget(String(text.dropFirst(4))) else {
      throw UsageError(
        message: "'--to' needs 'ble:ADDRESS' or 'ble:NAME', not '\(text)'", command: command)
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
}
