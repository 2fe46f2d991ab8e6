import Foundation
import SlipESCPOS
import SlipTransport

/// Sending a job: the transport for `--to`, the status questions around the job when asked
/// for, and what the user is told. Exit codes: 69 when the printer cannot be reached or
/// reports a problem before the job (nothing sent), 74 when the job did not fully arrive or
/// the printer reports a problem (or nothing) after it.
extension JobOptions {
  /// The transport for `--to`, with the profile's BLE hints.
  func transport(for profile: PrinterProfile?, notifications: @escaping ([UInt8]) -> Void) -> any Transport {
    switch destination {
    case .ble(let target):
      BLETransport(target: target, options: options(for: profile), notifications: notifications)
    case .spp(let target):
      SPPTransport(target: target, timeout: options.timeout, notifications: notifications)
    case .tcp(let host, let port):
      TCPTransport(host: host, port: port, timeout: options.timeout, notifications: notifications)
    case .cups(let queue):
      CUPSTransport(queue: queue, timeout: options.timeout)
    case .file(let path):
      FileTransport(path: path, timeout: options.timeout)
    }
  }

  /// Sends `bytes`, reporting as the terminal allows; with `--check-status`, asks the printer
  /// (in `language`) before the job, sending nothing if it reports a problem, and after it.
  func send(_ bytes: [UInt8], profile: PrinterProfile?, language: PrinterLanguage) throws(CommandFailure)
    -> ExitCode
  {
    let report = ProgressReport(quiet: quiet, terminal: isatty(2) == 1)
    let transport = transport(for: profile) { said in report.printerSaid(said) }
    let link: any PrinterLink
    do {
      link = try transport.open()
    } catch {
      throw Self.failure(error)
    }
    defer { link.close() }
    let check = StatusCheck(language: language, timeout: min(options.timeout, .seconds(2)))
    if checkStatus {
      let before = try Self.ask(check, link)
      report.status("before the job", before)
      switch before.verdict {
      case .ready: break
      case .problem:
        throw CommandFailure(
          message: "'\(link.printer)' reports \(before.summary); nothing was sent", code: .unavailable)
      case .unknown:
        throw CommandFailure(
          message: "\(before.summary); nothing was sent (without '--check-status' the job goes unasked)",
          code: .ioError)
      }
    }
    var delivery: Delivery
    do {
      delivery = try link.send(bytes) { report.update($0) }
    } catch {
      report.clear()
      throw Self.failure(error)
    }
    guard checkStatus else {
      try Self.finish(link, delivery, report)
      report.finish(delivery)
      return .ok
    }
    let after = try Self.ask(check, link)
    if after.exchanges.contains(where: \.understood), delivery.confirmed < delivery.total {
      // An answer to a question sent after the job, over one ordered stream, means every byte
      // before it arrived.
      delivery.confirmed = delivery.total
      delivery.queued = 0
      delivery.confirmation = .statusAnswer
    }
    try Self.finish(link, delivery, report)
    report.finish(delivery)
    report.status("after the job", after)
    switch after.verdict {
    case .ready:
      return .ok
    case .problem:
      throw CommandFailure(
        message: "the job arrived, but '\(link.printer)' reports \(after.summary) after it: it may not have "
          + "printed in full",
        code: .ioError)
    case .unknown:
      throw CommandFailure(message: "\(after.summary) after the job", code: .ioError)
    }
  }

  /// The link's own ending (a TCP printer closing, not resetting), a failure the command's.
  static func finish(_ link: any PrinterLink, _ delivery: Delivery, _ report: ProgressReport)
    throws(CommandFailure)
  {
    do {
      try link.finish(delivery)
    } catch {
      report.clear()
      throw failure(error)
    }
  }

  /// Runs a status check, a link failure becoming the command's.
  static func ask(_ check: StatusCheck, _ link: any PrinterLink) throws(CommandFailure) -> PrinterStatus {
    do {
      return try check.run(on: link)
    } catch {
      throw failure(error)
    }
  }

  /// A transport error as the command's failure: 69 when nothing could be reached, else 74.
  /// The message ends with the exit code and what it means for the job, so a log line alone
  /// says whether to send it again.
  static func failure(_ error: TransportError) -> CommandFailure {
    let code: ExitCode = error.isUnavailable ? .unavailable : .ioError
    let outcome =
      switch error.delivery {
      case nil: "nothing was sent"
      case let delivery? where delivery.isConfirmed:
        "every byte was confirmed, but the link failed after them: check the printout"
      case let delivery? where delivery.confirmed + delivery.queued + delivery.unanswered == 0:
        "nothing was sent"
      case _?: "the job did not arrive whole"
      }
    return CommandFailure(message: error.description + "\n  exit \(code.rawValue): \(outcome)", code: code)
  }
}

extension ProgressReport {
  /// `printer status before the job: ready`.
  func status(_ when: String, _ status: PrinterStatus) {
    printLine("printer status \(when): \(status.summary)")
  }

  /// The summary of a job that did not go over BLE: how much went, and what confirmed it.
  static func summary(_ delivery: Delivery) -> String {
    let speed =
      "in \(time(delivery.elapsed)) (\(String(format: "%.1f", delivery.bytesPerSecond / 1000)) kB/s)"
    let all = delivery.isConfirmed
    switch delivery.route {
    case .ble:
      return "sent \(delivery.total) bytes to '\(delivery.printer)'"
    case .spp:
      let outcome =
        all
        ? "all confirmed by the printer's status answer after them"
        : "none confirmed: the Serial Port Profile acknowledges nothing ('--check-status' has the printer "
          + "confirm)"
      return
        "sent \(delivery.total) bytes to '\(delivery.printer)' over the Serial Port Profile; \(outcome) \(speed)"
    case .tcp:
      let outcome =
        delivery.confirmation == .statusAnswer
        ? "all confirmed by the printer's status answer after them"
        : "all acknowledged by the printer's TCP stack"
      return "sent \(delivery.total) bytes to '\(delivery.printer)' over TCP; \(outcome) \(speed)"
    case .cups(let job):
      return "sent \(delivery.total) bytes to \(delivery.printer) as job \(job.map(String.init) ?? "?"); "
        + "CUPS reports it completed \(speed)"
    case .file(let kind):
      let outcome =
        switch kind {
        case .plain: "all synced to storage"
        case .serial: "all drained from the serial port"
        case .device: "handed to the device driver, which confirms nothing"
        }
      return "wrote \(delivery.total) bytes to '\(delivery.printer)'; \(outcome) \(speed)"
    }
  }
}
