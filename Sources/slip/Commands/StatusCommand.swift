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
    guard arguments.positionals.isEmpty else {
      throw UsageError(
        message: "status takes no arguments, got '\(arguments.positionals[0])'", command: "status")
    }
    guard let to = arguments.value("--to") else {
      throw UsageError(message: "missing '--to PRINTER'", command: "status")
    }
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
    let transport: any Transport
    switch destination {
    case .ble(let target): transport = BLETransport(target: target, options: bleOptions)
    case .spp(let target): transport = SPPTransport(target: target, timeout: timeout)
    case .tcp(let host, let port): transport = TCPTransport(host: host, port: port, timeout: timeout)
    case .cups, .file: return .usage  // refused by init: these carry no answers
    }
    let link: any PrinterLink
    do {
      link = try transport.open()
    } catch {
      throw JobOptions.failure(error)
    }
    defer { link.close() }
    let check = StatusCheck(
      language: language ?? link.language ?? .escpos, timeout: min(timeout, .seconds(2)))
    let status = try JobOptions.ask(check, link)
    Console.out(json ? Self.json(status, printer: link.printer) : Self.listing(status, printer: link.printer))
    switch status.verdict {
    case .ready: return .ok
    case .problem: return .unavailable
    case .unknown: return .ioError
    }
  }

  private var bleOptions: BLESendOptions {
    var options = BLESendOptions()
    options.timeout = timeout
    return options
  }

  static func name(_ language: PrinterLanguage) -> String {
    language == .escpos ? "ESC/POS" : "ZPL"
  }

  /// Each answer as hex (ESC/POS), or how many lines (`~HS`); `none` when nothing came.
  static func answer(_ exchange: PrinterStatus.Exchange) -> String {
    guard let answer = exchange.answer else { return "none" }
    if exchange.question == "~HS", exchange.understood {
      return "\(answer.filter { $0 == 0x03 }.count) lines"
    }
    return answer.prefix(16).map { byte in
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
    .joined(separator: " ") + (exchange.understood ? "" : " (not a status)")
  }

  static func listing(_ status: PrinterStatus, printer: String) -> String {
    var rows = [("printer", printer), ("language", name(status.language)), ("status", status.summary)]
    rows += status.details.map { ($0.label, $0.value) }
    if !status.exchanges.isEmpty {
      rows.append(
        ("answers", status.exchanges.map { "\($0.question): \(answer($0))" }.joined(separator: ", ")))
    }
    let width = rows.map(\.0.count).max()! + 3
    return rows.map { label, value in
      (label + ":").padding(toLength: width, withPad: " ", startingAt: 0) + value + "\n"
    }
    .joined()
  }

  static func json(_ status: PrinterStatus, printer: String) -> String {
    let quoted = ScanCommand.quoted
    let verdict =
      switch status.verdict {
      case .ready: "ready"
      case .problem: "problem"
      case .unknown: "unknown"
      }
    let conditions = status.conditions.map { condition in
      let severity =
        switch condition.severity {
        case .error: "error"
        case .warning: "warning"
        case .information: "information"
        }
      return "{\"id\": \(quoted(String(describing: condition))), \"text\": \(quoted(condition.rawValue)), "
        + "\"severity\": \(quoted(severity))}"
    }
    let details = status.details.map { "\(quoted($0.label)): \(quoted($0.value))" }
    let answers = status.exchanges.map { exchange in
      let hex = exchange.answer.map { bytes in
        quoted(bytes.map { byte in String(byte, radix: 16, uppercase: true).leftPadded(2) }.joined())
      }
      return "{\"question\": \(quoted(exchange.question)), \"answer\": \(hex ?? "null"), "
        + "\"understood\": \(exchange.understood)}"
    }
    return "{\"printer\": \(quoted(printer)), \"language\": \(quoted(status.language.rawValue)), "
      + "\"verdict\": \(quoted(verdict)), \"summary\": \(quoted(status.summary)), "
      + "\"conditions\": [\(conditions.joined(separator: ", "))], "
      + "\"details\": {\(details.joined(separator: ", "))}, \"answers\": [\(answers.joined(separator: ", "))], "
      + "\"silence\": \(status.silence.map(quoted) ?? "null")}\n"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
