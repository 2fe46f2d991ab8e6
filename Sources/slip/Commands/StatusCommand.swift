import Foundation
import SlipTransport

/// `slip status --to PRINTER [--language escpos|zpl] [--timeout S] [--json]`.
struct StatusCommand {
  static let usage = """
    USAGE: slip status --to PRINTER [--language escpos|zpl] [--timeout S] [--json]

    Asks a printer how it is: paper out or nearly out, cover open, cutter jammed, head up,
    paused, errors. ESC/POS printers are asked with DLE EOT 1-4 and GS r 1, Zebra printers
    with ~HS. A printer that does not answer is reported as 'status unknown', never as fine.

    OPTIONS:
      --to PRINTER         ble:ADDRESS|NAME, spp:ADDRESS|NAME or tcp:HOST[:PORT]: the ways
                           on which a printer can answer
      --language escpos|zpl
                           the questions' language (default: zpl for a Zebra over BLE,
                           else escpos)
      --timeout S          the longest the connection takes, and each answer (at most 2 s
                           per question) (default: 10)
      --json               one JSON object: {"printer", "language", "verdict", "conditions":
                           [{"id", "text", "severity"}], "details", "answers", "silence"}
      -h, --help           show this help

    EXIT CODES:
      0 ready (warnings such as 'paper near end' allowed), 64 usage, 69 printer not found or
      not reachable, or it reports a problem, 74 the link failed or the printer did not answer
      (status unknown)

    """

  static let spec = Arguments.Spec(
    command: "status", valued: [["--to"], ["--language"], ["--timeout"]],
    flags: [["--json"], ["-h", "--help"]])

  let destination: Destination
  let language: PrinterLanguage?
  let timeout: Duration
  let json: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    try arguments.noPositionals()
    let to = try arguments.required("--to", missing: "missing '--to PRINTER'")
    destination = try JobOptions.destination(to, command: "status")
    guard destination.answers else {
      throw UsageError(
        message: "'\(to)' carries no answers from the printer; ask over ble:, spp: or tcp:", command: "status"
      )
    }
    language = try arguments.value("--language").map { text throws(UsageError) in
      try JobOptions.language(text, command: "status")
    }
    timeout = try JobOptions.seconds(arguments.value("--timeout"), default: 10, command: "status")
    json = arguments.flag("--json")
  }

  /// Connects, asks, prints; the exit code is the verdict.
  func run() throws(CommandFailure) -> ExitCode {
    var options = BLESendOptions()
    options.timeout = timeout
    let transport = destination.transport(options: options)
    let link: any PrinterLink
    do {
      link = try transport.open()
    } catch {
      throw JobOptions.failure(error)
    }
    defer { link.close() }
    let check = StatusCheck(
      language: language ?? link.language ?? .escpos, timeout: min(timeout, .seconds(2)))
    let status: PrinterStatus
    do {
      status = try check.run(on: link)
    } catch {
      throw JobOptions.failure(error)
    }
    Console.out(json ? status.json(printer: link.printer) : status.listing(printer: link.printer))
    switch status.verdict {
    case .ready: return .ok
    case .problem: return .unavailable
    case .unknown: return .ioError
    }
  }

}
