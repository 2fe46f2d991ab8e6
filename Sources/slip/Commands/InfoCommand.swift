import SlipTransport

/// `slip info --to ble:… [--printer PROFILE] [--timeout S] [--json]`.
struct InfoCommand {
  static let usage = """
    USAGE: slip info --to ble:ADDRESS|ble:NAME [--printer ID|FILE] [--timeout S] [--json]

    Connects to a Bluetooth LE printer and shows its Device Information (manufacturer,
    model, serial, firmware) and the write and notify characteristics a job would use.

    OPTIONS:
      --to ble:ADDRESS|ble:NAME
                           the printer: its address or its advertised name
      --printer ID|FILE    a printer profile whose BLE hints choose the characteristics
      --timeout S          the longest any wait lasts (default: 10)
      --json               one JSON object instead of the listing
      -h, --help           show this help

    EXIT CODES:
      0 ok, 64 usage, 65 malformed profile, 69 printer or Bluetooth not found, or the
      printer cannot be connected, 74 reading from it failed

    """

  static let spec = Arguments.Spec(
    command: "info", valued: [["--to"], ["--printer"], ["--timeout"]], flags: [["--json"], ["-h", "--help"]])

  let target: BLETarget
  let printer: String?
  let timeout: Duration
  let json: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    try arguments.noPositionals()
    let to = try arguments.required("--to", missing: "missing '--to ble:ADDRESS' or '--to ble:NAME'")
    target = try JobOptions.target(to, command: "info")
    printer = arguments.value("--printer")
    timeout = try JobOptions.seconds(arguments.value("--timeout"), default: 10, command: "info")
    json = arguments.flag("--json")
  }

  /// Connects, reads and prints.
  func run() throws(CommandFailure) -> ExitCode {
    var options = BLESendOptions()
    options.timeout = timeout
    if let hints = try printer.map({ name throws(CommandFailure) in try RenderSetup.profile(name) })?
      .transport
    {
      options.characteristics = CharacteristicChoice(service: hints.bleService, write: hints.bleWrite)
    }
    let info: PrinterInfo
    do {
      info = try BLETransport(target: target, options: options).info()
    } catch {
      throw CommandFailure(message: error.description, code: error.isUnavailable ? .unavailable : .ioError)
    }
    Console.out(json ? info.json : info.listing)
    return .ok
  }
}
