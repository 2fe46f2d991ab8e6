import Foundation
import SlipESCPOS
import SlipTransport

/// Sending a job: SlipTransport's ``PrintJob`` over the transport for `--to`, and what the user
/// is told. Exit codes: 69 when the printer cannot be reached or reports a problem before the job
/// (nothing sent), 74 when the job did not fully arrive or the printer reports a problem (or
/// nothing) after it.
extension JobOptions {
  /// Sends `bytes`, reporting as the terminal allows; with `--check-status`, asks the printer
  /// (in `language`) before the job, sending nothing if it reports a problem, and after it.
  func send(_ bytes: [UInt8], profile: PrinterProfile?, language: PrinterLanguage) throws(CommandFailure)
    -> ExitCode
  {
    let report = ProgressReport(quiet: quiet, terminal: isatty(2) == 1)
    let job = PrintJob(
      transport: destination.transport(options: options(for: profile)) { said in report.printerSaid(said) },
      checkStatus: checkStatus,
      language: language, statusTimeout: min(options.timeout, .seconds(2)))
    do throws(PrintJob.Failure) {
      let outcome = try job.run(bytes, before: { report.status("before the job", $0) }) { report.update($0) }
      report.finish(outcome.delivery)
      if let after = outcome.after { report.status("after the job", after) }
      return .ok
    } catch {
      switch error {
      case .transport(let failure):
        report.clear()
        throw Self.failure(failure)
      case .notReady(let printer, let status) where status.verdict == .problem:
        throw CommandFailure(
          message: "'\(printer)' reports \(status.summary); nothing was sent", code: .unavailable)
      case .notReady(_, let status):
        throw CommandFailure(
          message: "\(status.summary); nothing was sent (without '--check-status' the job goes unasked)",
          code: .ioError)
      case .afterTheJob(let outcome):
        report.finish(outcome.delivery)
        guard let after = outcome.after else { return .ok }
        report.status("after the job", after)
        throw CommandFailure(
          message: after.verdict == .problem
            ? "the job arrived, but '\(outcome.printer)' reports \(after.summary) after it: it may not have "
              + "printed in full"
            : "\(after.summary) after the job",
          code: .ioError)
      }
    }
  }

  /// A transport error as the command's failure: 69 when nothing could be reached, else 74.
  /// The message ends with the exit code and what it means for the job, so a log line alone
  /// says whether to send it again.
  static func failure(_ error: TransportError) -> CommandFailure {
    let code: ExitCode = error.isUnavailable ? .unavailable : .ioError
    return CommandFailure(
      message: error.description + "\n  exit \(code.rawValue): \(error.outcome)", code: code)
  }
}

extension ProgressReport {
  /// `printer status before the job: ready`.
  func status(_ when: String, _ status: PrinterStatus) {
    printLine("printer status \(when): \(status.summary)")
  }
}
