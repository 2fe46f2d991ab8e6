/// A GATT job through a write socket of its own (BlueZ's `AcquireWrite`): bursts of `command`
/// packets, one per Write Command, each burst followed by its barrier once the socket is
/// released (the stack refuses other writes while it is held). A state machine without I/O,
/// like `WriteSchedule`: told events, it answers with actions.
///
/// Without a barrier the bytes are only handed over, and the delivery says so.
public struct BurstSchedule<Reason: Sendable & Equatable>: Sendable {
  /// What happened on the link.
  public enum Event: Sendable, Equatable {
    /// A socket was acquired; its packets carry at most `mtu` − 3 bytes.
    case acquired(mtu: Int)
    /// The packet went into the socket whole.
    case sent
    /// The barrier (a `request` write or a read) was answered.
    case answered
    /// The stack refused the barrier for now (it has not yet noticed the release, or serves
    /// another call); ask `retriesWhenBusy` first.
    case busy
    /// Acquiring, the packet or the barrier failed with `reason`; `refused` when it certainly
    /// never reached the printer.
    case failed(refused: Bool, Reason)
    /// The barrier's answer did not come within the timeout.
    case unanswered
    /// The printer notified these bytes.
    case notified([UInt8])
    /// The link dropped, or the stack went away.
    case dropped(Reason)
  }

  /// What to do next.
  public enum Action: Sendable, Equatable {
    /// Acquire a write socket.
    case acquire
    /// Send `range` of the job as one packet into the socket.
    case send(range: Range<Int>)
    /// Close the socket.
    case release
    /// Write `range` as a `request` through the stack: the barrier, carrying the next chunk.
    case write(range: Range<Int>)
    /// Read the barrier characteristic.
    case read
    /// Pass on what the printer said (anything but its pause and resume).
    case pass([UInt8])
    /// Report these counts.
    case progress(Delivery)
    /// Nothing to do before an event or this instant; then ask again.
    case wait(until: Duration)
    /// The job is whole (or, without a barrier, handed over): report and return these counts.
    case finish(Delivery)
    /// The job stopped: fail with this and these counts.
    case fail(DeliveryFailure<Reason>, Delivery)
  }

  private enum Phase: Equatable {
    case acquiring
    /// Acquire asked for; its answer awaited.
    case awaitingSocket
    case bursting(packets: Int)
    /// A packet sent; whether it went in whole awaited.
    case awaitingPacket(end: Int, packets: Int)
    /// The socket closed (or none held after a barrier): finish, fail or send the barrier.
    case released
    /// The barrier sent; its answer awaited (`end`: where the bytes it would confirm end).
    case awaitingBarrier(end: Int)
    /// A refused barrier, to go again after `retryGap` or the next event, whichever is first.
    case barrierRetry(after: Duration)
    /// The barrier's wait is over: it goes again.
    case barrierAgain
  }

  /// The longest a refused barrier waits before it goes again (an event ends the wait sooner:
  /// the stack noticing the release is one).
  public static var retryGap: Duration { .milliseconds(2) }

  /// The counts so far.
  public private(set) var delivery: Delivery
  private let options: WriteOptions
  private let start: Duration
  private var phase = Phase.acquiring
  private var sent = 0
  private var chunkIndex = 0
  private var slot: Duration
  private var barrierDeadline: Duration = .zero
  private var throttle: ProgressThrottle
  /// The printer's pause and resume, and what else it said.
  private var signals: PrinterSignals
  private var failure: DeliveryFailure<Reason>?
  /// A barrier was just answered: its counts are reported at once, as the proof they are.
  private var proven = false
  private var outcome: Action?

  /// The schedule of `plan` (whose delivery is `fast`), starting at `start`.
  public init(plan: WritePlan, options: WriteOptions, flow: FlowControl = FlowControl(), start: Duration) {
    delivery = plan.delivery
    self.options = options
    signals = PrinterSignals(flow: flow)
    self.start = start
    slot = start
    throttle = ProgressThrottle(start: start)
  }

  /// Whether the job has already failed; a failure reported now would not be the one it ends with.
  public var hasFailed: Bool { failure != nil }

  /// Whether a busy answer to the barrier at `now` is retried: within the timeout of the
  /// socket's release, while nothing has failed.
  public func retriesWhenBusy(at now: Duration) -> Bool {
    now < barrierDeadline && failure == nil
  }

  // MARK: Events

  /// Takes in what happened at `now`.
  public mutating func handle(_ event: Event, at now: Duration) {
    switch event {
    case .notified(let value):
      signals.notified(value, at: now)
    case .dropped(let reason):
      failure = failure ?? .reported(reason)
    case .acquired(let mtu):
      guard phase == .awaitingSocket else { return }
      let chunk = max(1, min(mtu - 3, delivery.chunkSize))
      delivery.chunkSize = chunk
      delivery.chunks = chunkIndex + (delivery.total - sent + chunk - 1) / chunk
      phase = .bursting(packets: 0)
    case .sent:
      guard case .awaitingPacket(let end, let packets) = phase else { return }
      if let rate = delivery.rate {
        slot = max(slot, now - WriteSchedule<Reason>.catchUp) + .seconds(Double(end - sent) / rate)
      }
      sent = end
      chunkIndex += 1
      delivery.queued = sent - delivery.confirmed
      phase = .bursting(packets: packets + 1)
    case .answered:
      guard case .awaitingBarrier(let end) = phase else { return }
      if delivery.barrier == .request {
        sent = end
        chunkIndex += 1
      }
      delivery.confirmed = sent
      delivery.chunksConfirmed = chunkIndex
      delivery.queued = 0
      phase = sent < delivery.total ? .acquiring : .released
      proven = true
    case .busy:
      guard case .awaitingBarrier = phase else { return }
      if retriesWhenBusy(at: now) {
        phase = .barrierRetry(after: now + Self.retryGap)
      } else {
        failure = failure ?? .busyTooLong(options.timeout)
      }
    case .failed(let refused, let reason):
      if case .awaitingBarrier(let end) = phase, delivery.barrier == .request, !refused {
        // The barrier's own chunk went out; whether it arrived is open.
        delivery.unanswered = end - sent
      }
      failure = failure ?? .reported(reason)
    case .unanswered:
      guard case .awaitingBarrier(let end) = phase else { return }
      if delivery.barrier == .request { delivery.unanswered = end - sent }
      failure = failure ?? .answerTimeout(options.timeout)
    }
  }

  // MARK: Actions

  /// What to do at `now`. Carry out each action and ask again, until it says to wait (then
  /// ask again after the next event or at the instant it gives), finish or fail.
  public mutating func next(at now: Duration) -> Action {
    if let outcome { return outcome }
    if let said = signals.nextHeard() { return .pass(said) }
    delivery.elapsed = now - start
    delivery.paused = signals.paused != nil
    if proven, sent < delivery.total {
      proven = false
      return .progress(delivery)
    }
    switch phase {
    case .acquiring:
      if let failure { return end(failure) }
      if sent >= delivery.total { return finish() }
      phase = .awaitingSocket
      return .acquire
    case .awaitingSocket, .awaitingPacket:
      // A failure reported for the call in progress ends the job; the socket, if any, first.
      guard let failure else { return .wait(until: now + WriteSchedule<Reason>.longestWait) }
      if case .awaitingPacket = phase {
        phase = .released
        return .release
      }
      return end(failure)
    case .bursting(let packets):
      return burst(packets: packets, at: now)
    case .released:
      // Every byte sent and proven (or, without a barrier, handed over): a failure noticed now
      // has cost nothing.
      if sent >= delivery.total, delivery.barrier == .none || delivery.confirmed == delivery.total {
        return finish()
      }
      if let failure { return end(failure) }
      barrierDeadline = now + options.timeout
      return barrier()
    case .barrierRetry(let after):
      if let failure { return end(failure) }
      phase = .barrierAgain
      return .wait(until: after)
    case .barrierAgain:
      if let failure { return end(failure) }
      return barrier()
    case .awaitingBarrier:
      guard let failure else {
        if throttle.report(at: now) { return .progress(delivery) }
        return .wait(until: now + WriteSchedule<Reason>.longestWait)
      }
      return end(failure)
    }
  }

  /// The next packet of the burst, unless the burst is over (its barrier's chunk reached, the
  /// job sent, a failure) or held back (a pause, the pacing slot).
  private mutating func burst(packets: Int, at now: Duration) -> Action {
    if throttle.report(at: now) { return .progress(delivery) }
    let chunk = delivery.chunkSize
    let request = delivery.barrier == .request
    // The burst runs up to the barrier's chunk, which goes as a request once the socket is closed.
    let length = delivery.barrier == .none ? Int.max : delivery.barrierEvery - (request ? 1 : 0)
    if sent >= delivery.total || packets >= length || (request && sent + chunk >= delivery.total)
      || failure != nil
    {
      phase = .released
      return .release
    }
    if signals.paused != nil || now < slot {
      if let paused = signals.paused, now - paused >= options.pauseLimit {
        failure = .pausedTooLong(options.pauseLimit)
        phase = .released
        return .release
      }
      let until = signals.paused.map { $0 + options.pauseLimit } ?? slot
      return .wait(until: max(until, now + .milliseconds(1)))
    }
    let end = min(delivery.total, sent + chunk)
    phase = .awaitingPacket(end: end, packets: packets)
    return .send(range: sent..<end)
  }

  /// The barrier call: the next chunk as a `request`, or a read.
  private mutating func barrier() -> Action {
    let end = min(delivery.total, sent + delivery.chunkSize)
    switch delivery.barrier {
    case .request:
      phase = .awaitingBarrier(end: end)
      return .write(range: sent..<end)
    case .read:
      phase = .awaitingBarrier(end: sent)
      return .read
    case .none:
      phase = .acquiring
      return .acquire
    }
  }

  private mutating func finish() -> Action {
    if delivery.confirmed > 0 { delivery.confirmation = .writeResponses }
    let ended = Action.finish(delivery)
    outcome = ended
    return ended
  }

  private mutating func end(_ failure: DeliveryFailure<Reason>) -> Action {
    let ended = Action.fail(failure, delivery)
    outcome = ended
    return ended
  }
}
