/// One job to a printer, as `slip send` and `slip print` send it and a print service would: the
/// link opened, with `checkStatus` the printer asked how it is before the job (nothing is sent if
/// it reports a problem) and after it, the bytes sent with progress, and the link's own ending
/// checked. The outcome, or what went wrong with the counts reached, comes back as a value.
public struct PrintJob {
  /// How the job goes.
  public var transport: any Transport
  /// Whether to ask the printer's status before and after the job.
  public var checkStatus: Bool
  /// The language of the status questions.
  public var language: PrinterLanguage
  /// The longest a status question waits for its answer.
  public var statusTimeout: Duration

  /// A job over `transport`, asking in `language` when `checkStatus`.
  public init(
    transport: any Transport, checkStatus: Bool = false, language: PrinterLanguage = .escpos,
    statusTimeout: Duration = .seconds(2)
  ) {
    self.transport = transport
    self.checkStatus = checkStatus
    self.language = language
    self.statusTimeout = statusTimeout
  }

  /// A job that went out: what arrived, and what the printer said before and after it.
  public struct Outcome: Sendable {
    /// The printer, as the link names it.
    public var printer: String
    /// What arrived, with the counts the transport can vouch for.
    public var delivery: Delivery
    /// The status before the job, when asked.
    public var before: PrinterStatus?
    /// The status after the job, when asked.
    public var after: PrinterStatus?
  }

  /// Why a job did not go out whole, or why the printer may not have printed it.
  public enum Failure: Error {
    /// The link could not be opened, or failed while sending (with the counts reached).
    case transport(TransportError)
    /// Asked before the job, the printer reports a problem (or no answer): nothing was sent.
    case notReady(printer: String, status: PrinterStatus)
    /// The job arrived, but asked after it the printer reports a problem or does not answer.
    case afterTheJob(Outcome)
  }

  /// Sends `bytes`, telling `progress` as they go and `before` the status asked before them.
  public func run(
    _ bytes: [UInt8], before: (PrinterStatus) -> Void = { _ in }, progress: (Delivery) -> Void = { _ in }
  ) throws(Failure) -> Outcome {
    let link: any PrinterLink
    do {
      link = try transport.open()
    } catch {
      throw .transport(error)
    }
    defer { link.close() }
    let check = StatusCheck(language: language, timeout: statusTimeout)
    var outcome = Outcome(
      printer: link.printer, delivery: Delivery(printer: link.printer, total: 0, route: .ble))
    if checkStatus {
      let status = try ask(check, link)
      outcome.before = status
      before(status)
      guard status.verdict == .ready else { throw .notReady(printer: link.printer, status: status) }
    }
    do {
      outcome.delivery = try link.send(bytes, progress: progress)
    } catch {
      throw .transport(error)
    }
    if checkStatus {
      let status = try ask(check, link)
      outcome.after = status
      if status.exchanges.contains(where: \.understood), outcome.delivery.confirmed < outcome.delivery.total {
        // An answer to a question sent after the job, over one ordered stream, means every byte
        // before it arrived.
        outcome.delivery.confirmed = outcome.delivery.total
        outcome.delivery.queued = 0
        outcome.delivery.confirmation = .statusAnswer
      }
    }
    do {
      try link.finish(outcome.delivery)
    } catch {
      throw .transport(error)
    }
    if let after = outcome.after, after.verdict != .ready { throw .afterTheJob(outcome) }
    return outcome
  }

  /// A status check, a link failure becoming the job's.
  private func ask(_ check: StatusCheck, _ link: any PrinterLink) throws(Failure) -> PrinterStatus {
    do {
      return try check.run(on: link)
    } catch {
      throw .transport(error)
    }
  }
}

extension TransportError {
  /// What the failure means for the job, so a log line alone says whether to send it again.
  public var outcome: String {
    switch delivery {
    case nil: "nothing was sent"
    case let delivery? where delivery.isConfirmed:
      "every byte was confirmed, but the link failed after them: check the printout"
    case let delivery? where delivery.confirmed + delivery.queued + delivery.unanswered == 0:
      "nothing was sent"
    case _?: "the job did not arrive whole"
    }
  }
}
