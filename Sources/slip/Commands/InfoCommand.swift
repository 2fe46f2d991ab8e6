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
    guard arguments.positionals.isEmpty else {
      throw UsageError(message: "info takes no arguments, got '\(arguments.positionals[0])'", command: "info")
    }
    guard let to = arguments.value("--to") else {
      throw UsageError(message: "missing '--to ble:ADDRESS' or '--to ble:NAME'", command: "info")
    }
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
    Console.out(json ? Self.json(info) : Self.listing(info))
    return .ok
  }

  private static func describe(_ characteristic: Characteristic) -> String {
    var text = "\(UUIDText.short(characteristic.uuid)) [\(characteristic.flags.joined(separator: " "))]"
    text += " in service \(UUIDText.short(characteristic.service))"
    if let mtu = characteristic.mtu { text += ", MTU \(mtu)" }
    return text
  }

  static func listing(_ info: PrinterInfo) -> String {
    var out = "\(info.device.name ?? "(no name)") \(info.device.address)\n"
    out += "  family:       \(info.device.family?.name ?? "not recognised")\n"
    for (label, value) in info.deviceInformation {
      out += "  \((label + ":").padding(toLength: 14, withPad: " ", startingAt: 0))\(value)\n"
    }
    if info.deviceInformation.isEmpty { out += "  (no Device Information service)\n" }
    let mtu =
      info.write.mtu.map { "\($0 - 3) bytes per write (MTU \($0))" }
      ?? "20 bytes per write (no MTU from BlueZ)"
    out += "  write:        \(describe(info.write))\n"
    out += "  chunks:       \(mtu)\n"
    out += "  notify:       \(info.notify.map(describe) ?? "none")\n"
    return out
  }

  static func json(_ info: PrinterInfo) -> String {
    func characteristic(_ c: Characteristic?) -> String {
      guard let c else { return "null" }
      return "{\"uuid\": \(ScanCommand.quoted(c.uuid)), \"service\": \(ScanCommand.quoted(c.service)), "
        + "\"flags\": [\(c.flags.map(ScanCommand.quoted).joined(separator: ", "))], "
        + "\"mtu\": \(c.mtu.map(String.init) ?? "null")}"
    }
    let information = info.deviceInformation.map {
      "\(ScanCommand.quoted($0.label)): \(ScanCommand.quoted($0.value))"
    }
    return "{\"address\": \(ScanCommand.quoted(info.device.address)), "
      + "\"name\": \(info.device.name.map(ScanCommand.quoted) ?? "null"), "
      + "\"family\": \(info.device.family.map { ScanCommand.quoted($0.id) } ?? "null"), "
      + "\"deviceInformation\": {\(information.joined(separator: ", "))}, "
      + "\"write\": \(characteristic(info.write)), \"notify\": \(characteristic(info.notify))}\n"
  }
}
