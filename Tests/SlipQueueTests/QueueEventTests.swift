import Foundation
import SlipQueue
import Testing

/// The log lines `slip serve` prints for the queue's events.
@Suite struct QueueEventTests {
  @Test func eachEventIsOneLineWithTheCounts() {
    var job = JobRecord(
      id: 17, state: .interrupted, printer: "bar", label: "receipt 42", idempotencyKey: nil, total: 1234,
      confirmed: 1000, queued: 0, unanswered: 234, attempts: 1, message: nil, created: Date())
    #expect(
      QueueEvent.job(job).description
        == "job 17 (receipt 42) on 'bar': interrupted, 1000 of 1234 bytes confirmed, 234 unanswered")
    job.state = .done
    job.confirmed = 1234
    job.unanswered = 0
    #expect(
      QueueEvent.job(job).description == "job 17 (receipt 42) on 'bar': done, 1234 of 1234 bytes confirmed")
    job.state = .queued
    job.attempts = 0
    job.label = ""
    #expect(QueueEvent.job(job).description == "job 17 on 'bar': queued, 1234 bytes")
    let report = PrinterReport(
      id: "bar", destination: "tcp:127.0.0.1:9", state: .unreachable, message: "refused", waiting: 2)
    #expect(QueueEvent.printer(report).description == "printer 'bar' (tcp:127.0.0.1:9): unreachable: refused")
  }
}
