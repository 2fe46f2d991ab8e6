/// Something that happened in the queue, for a log line.
public enum QueueEvent: Sendable {
  /// A job changed state (progress while sending is not an event).
  case job(JobRecord)
  /// A printer's report changed.
  case printer(PrinterReport)
  /// The store failed while a sender was recording a change; it tries again.
  case storeFailed(StoreError)
}

extension QueueEvent: CustomStringConvertible {
  /// One log line: `job 17 (receipt 42) on 'bar': done, 1234 of 1234 bytes confirmed`.
  public var description: String {
    switch self {
    case .job(let job):
      let label = job.label.isEmpty ? "" : " (\(job.label))"
      var line = "job \(job.id)\(label) on '\(job.printer)': \(job.state.rawValue)"
      switch job.state {
      case .queued where job.attempts == 0: line += ", \(job.total) bytes"
      case .sending: line += ", attempt \(job.attempts)"
      case .done, .failed, .interrupted:
        line += ", \(job.confirmed) of \(job.total) bytes confirmed"
        if job.queued > 0 { line += ", \(job.queued) queued" }
        if job.unanswered > 0 { line += ", \(job.unanswered) unanswered" }
        if job.notSent > 0 && job.state != .done { line += ", \(job.notSent) not sent" }
      default: break
      }
      if let message = job.message { line += ": \(message)" }
      return line
    case .printer(let report):
      return "printer '\(report.id)' (\(report.destination)): \(report.state.rawValue)"
        + (report.message.map { ": \($0)" } ?? "")
    case .storeFailed(let error):
      return "error: \(error.description); trying again"
    }
  }
}
