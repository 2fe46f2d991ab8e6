import Foundation
import SlipSupport
import SlipTransport

/// `slip scan [--timeout S] [--name TEXT] [--service UUID] [--rssi-min N] [--rssi-max N] [--json]`.
struct ScanCommand {
  static let usage = """
    USAGE: slip scan [--timeout S] [--name TEXT] [--service UUID] [--rssi-min N]
                     [--rssi-max N] [--json]

    Lists nearby Bluetooth LE devices through BlueZ, strongest first, with the printer
    family recognised from their services or name (Zebra, generic 18F0 clone, ISSC, E7810A71
    clone, Phomemo, cat printer, HM-10 module).

    OPTIONS:
      --timeout S          how long to listen (default: 5)
      --name TEXT          only names containing TEXT (ignoring case)
      --service UUID       only devices advertising this service (18F0 or a full UUID)
      --rssi-min N, --rssi-max N
                           only signals within this window, in dBm (the Zebra check-in app
                           keeps -80 to -15)
      --json               one JSON object: {"devices": [{"address", "name", "rssi",
                           "family", "services"}]}
      -h, --help           show this help

    EXIT CODES:
      0 ok (also when nothing was found), 64 usage, 69 no Bluetooth

    """

  static let spec = Arguments.Spec(
    command: "scan", valued: [["--timeout"], ["--name"], ["--service"], ["--rssi-min"], ["--rssi-max"]],
    flags: [["--json"], ["-h", "--help"]])

  let duration: Duration
  let filter: ScanFilter
  let json: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    try arguments.noPositionals()
    duration = try JobOptions.seconds(arguments.value("--timeout"), default: 5, command: "scan")
    var filter = try JobOptions.rssiWindow(arguments, command: "scan")
    filter.name = arguments.value("--name")
    if let service = arguments.value("--service") {
      guard UUIDText.isValid(service) else {
        throw UsageError(
          message:
            "'--service' needs a UUID such as 18F0 or 38EB4A80-C570-11E3-9507-0002A5D5C51B, not '\(service)'",
          command: "scan")
      }
      filter.service = service
    }
    self.filter = filter
    json = arguments.flag("--json")
  }

  /// Scans and lists.
  func run() throws(CommandFailure) -> ExitCode {
    let devices: [BLEDevice]
    do {
      devices = try BLEScanner().scan(filter, duration: duration)
    } catch {
      throw CommandFailure(message: error.description, code: error.isUnavailable ? .unavailable : .ioError)
    }
    Console.out(json ? BLEDevice.json(devices) : BLEDevice.table(devices))
    return .ok
  }
}
