/// A job over a byte stream (an RFCOMM socket, TCP, a device file, an ExternalAccessory
/// session's output stream) as a state machine without I/O: told how much the stream took, that
/// it has room again, what the other end acknowledged, and how it ended, it says what to write
/// next, when to give up, and the exact counts.
///
/// Bytes the stream took count as queued; they are confirmed by the step that settles them
/// after the last one (a sync, a drained serial port) or, where the other end acknowledges
/// bytes as they arrive (TCP), by those acknowledgements.
public struct StreamSchedule<Reason: Sendable & Equatable>: Sendable {
  /// What happened on the stream.
  public enum Event: Sendable, Equatable {
    /// The stream took this many bytes of the last write; 0 when it had no room.
    case wrote(Int)
    /// The stream may have room again (poll's `POLLOUT`, `hasSpaceAvailable`).
    case spaceAvailable
    /// Of the bytes written so far, this many are not yet acknowledged by the other end.
    case unacknowledged(Int)
    /// The settling step after the last byte is done; what it proved, if anything.
    case settled(Confirmation?)
    /// The stream failed or ended; `reset` when the other end reset it, which throws away
    /// what it acknowledged but had not read, so acknowledgements prove nothing.
    case ended(Reason, reset: Bool)
  }

  /// What to do next.
  public enum Action: Sendable, Equatable {
    /// Write what fits of `range` of the job, without waiting; report how much went.
    case write(Range<Int>)
    /// Wait for room in the stream, no later than this instant; then report `spaceAvailable`
    /// (or nothing) and ask again.
    case awaitSpace(until: Duration)
    /// Every byte is written: settle them (sync, drain) and report `settled`.
    case settle
    /// Wait for acknowledgements, no later than this instant; then report `unacknowledged`.
    case awaitAcknowledgements(until: Duration)
    /// Report these counts.
    case progress(Delivery)
    /// The job is whole (or handed over): report and return these counts.
    case finish(Delivery)
    /// The job stopped: fail with this and these counts.
    case fail(DeliveryFailure<Reason>, Delivery)
  }

  private enum Phase {
    case writing
    case settling
    case acknowledging
  }

  /// The counts so far.
  public private(set) var delivery: Delivery
  /// Bytes the stream has taken.
  public private(set) var written = 0
  private let acknowledges: Bool
  private let idle: Duration
  private let start: Duration
  private var phase = Phase.writing
  private var room = true
  /// When the stream last took bytes, or the other end last acknowledged some.
  private var moved: Duration
  private var throttle: ProgressThrottle
  private var report = false
  private var failure: DeliveryFailure<Reason>?
  private var outcome: Action?

  /// A job of `total` bytes to `printer` over `route`; `acknowledges` when the other end's
  /// acknowledgements confirm bytes (TCP). The job fails when the stream takes nothing (or,
  /// at the end, nothing more is acknowledged) for `idle`.
  public init(
    printer: String, total: Int, route: Route, acknowledges: Bool = false, idle: Duration, start: Duration
  ) {
    delivery = Delivery(printer: printer, total: total, route: route)
    self.acknowledges = acknowledges
    self.idle = idle
    self.start = start
    moved = start
    throttle = ProgressThrottle(start: start)
  }

  // MARK: Events

  /// Takes in what happened at `now`.
  public mutating func handle(_ event: Event, at now: Duration) {
    switch event {
    case .wrote(let count):
      guard count > 0 else {
        room = false
        return
      }
      written = min(delivery.total, written + count)
      delivery.queued = written - delivery.confirmed
      moved = now
      room = true
    case .spaceAvailable:
      room = true
    case .unacknowledged(let count):
      guard acknowledges else { return }
      let confirmed = max(delivery.confirmed, written - min(written, max(0, count)))
      if confirmed > delivery.confirmed, phase == .acknowledging {
        moved = now
        report = true
      }
      delivery.confirmed = confirmed
      delivery.queued = written - confirmed
    case .settled(let confirmation):
      guard phase == .settling else { return }
      if let confirmation {
        delivery.confirmed = delivery.total
        delivery.queued = 0
        delivery.confirmation = confirmation
      }
      phase = acknowledges ? .acknowledging : phase
      // Each acknowledgement that moves the count is reported, from the first look on.
      report = acknowledges
      moved = now
      if !acknowledges { outcome = finish(at: now) }
    case .ended(let reason, let reset):
      if reset, acknowledges {
        // What the other end acknowledged but had not read is gone, and nothing says how
        // much that was: the acknowledgements prove no byte.
        delivery.unanswered = delivery.confirmed
        delivery.confirmed = 0
      }
      failure = failure ?? .reported(reason)
    }
  }

  // MARK: Actions

  /// What to do at `now`. Carry out each action and ask again, until it finishes or fails.
  public mutating func next(at now: Duration) -> Action {
    if let outcome { return outcome }
    delivery.elapsed = now - start
    if let failure {
      let ended = Action.fail(failure, delivery)
      outcome = ended
      return ended
    }
    switch phase {
    case .writing:
      if throttle.report(at: now) { return .progress(delivery) }
      if written == delivery.total {
        phase = .settling
        return .settle
      }
      if room { return .write(written..<delivery.total) }
      if now - moved >= idle { return stop(.idle(idle)) }
      return .awaitSpace(until: moved + idle)
    case .settling:
      return .settle
    case .acknowledging:
      if delivery.confirmed == delivery.total {
        let ended = finish(at: now)
        outcome = ended
        return ended
      }
      if report {
        report = false
        return .progress(delivery)
      }
      if now - moved >= idle { return stop(.idle(idle)) }
      return .awaitAcknowledgements(until: moved + idle)
    }
  }

  private mutating func stop(_ failure: DeliveryFailure<Reason>) -> Action {
    self.failure = failure
    let ended = Action.fail(failure, delivery)
    outcome = ended
    return ended
  }

  private mutating func finish(at now: Duration) -> Action {
    delivery.elapsed = now - start
    if acknowledges, delivery.confirmed > 0 { delivery.confirmation = .tcpAcknowledgements }
    return .finish(delivery)
  }
}
