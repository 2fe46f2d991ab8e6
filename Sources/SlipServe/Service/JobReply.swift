import Foundation
import SlipQueue

extension JSONReply {
  /// A job as the API shows it: `{"id", "state", "printer", "label", "bytes": TOTAL, "confirmed",
  /// "queued", "unanswered", "notSent", "attempts", "message", "created", "started", "finished"}`,
  /// the counts exactly as the transport reported them, times in ISO 8601 UTC.
  static func job(_ job: JobRecord) -> JSONReply {
    .object([
      ("id", .int(job.id)), ("state", .string(job.state.rawValue)), ("printer", .string(job.printer)),
      ("label", .string(job.label)), ("bytes", .int(job.total)), ("confirmed", .int(job.confirmed)),
      ("queued", .int(job.queued)), ("unanswered", .int(job.unanswered)), ("notSent", .int(job.notSent)),
      ("attempts", .int(job.attempts)), ("message", .string(job.message)), ("created", .time(job.created)),
      ("started", .time(job.started)), ("finished", .time(job.finished)),
    ])
  }

  /// A printer's last known state: `{"state", "message", "checked", "waiting", "conditions"}`.
  static func report(_ report: PrinterReport) -> JSONReply {
    var members: [(String, JSONReply)] = [
      ("state", .string(report.state.rawValue)), ("message", .string(report.message)),
      ("checked", .time(report.checked)), ("waiting", .int(report.waiting)),
    ]
    if let status = report.status {
      members.append(("summary", .string(status.summary)))
      members.append(("conditions", .array(status.conditions.map { .string($0.rawValue) })))
    }
    return .object(members)
  }

  /// A time as `2026-12-02T00:40:01.123Z`, or `null`.
  static func time(_ date: Date?) -> JSONReply {
    guard let date else { return .null }
    return .string(
      date.formatted(
        .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)))
  }
}

extension HTTPResponse {
  /// The status and JSON error for a queue's refusal: 404 no such job, 409 a job in the wrong
  /// state, 400 a bad request, 503 a queue shutting down, 500 a store that failed.
  static func queueError(_ error: QueueError) -> HTTPResponse {
    let status =
      switch error {
      case .notFound: 404
      case .notCancellable, .notRetriable: 409
      case .unknownPrinter, .badKey, .labelTooLong: 400
      case .emptyJob: 422
      case .stopped: 503
      case .store: 500
      }
    return .error(status, error.description)
  }
}
