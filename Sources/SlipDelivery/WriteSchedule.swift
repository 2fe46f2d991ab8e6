/// A GATT job as a state machine without I/O: told what happened (a call answered, refused or
/// busy; a notification; the link dropped; time passing), it says what to do next (write this
/// chunk with this type, read a barrier, wait until an instant, report progress, finish with
/// exact counts, or fail).
///
/// Up to `window` calls are in flight; a `request` write is a sequence point (nothing after it
/// goes out before its answer), so a busy retry can never reorder the bytes. A byte counts as
/// confirmed only once a Write Response or a barrier after it came back; as queued once the
/// stack took its `command` write; nothing else is claimed. Instants are durations since any
/// origin the caller keeps to (the job's start, say); the schedule never reads a clock.
public struct WriteSchedule<Reason: Sendable & Equatable>: Sendable {
  /// What happened on the link.
  public enum Event: Sendable, Equatable {
    /// The stack took the call's write (a `command` queued, a `request` answered), or answered
    /// its read.
    case accepted(call: Int)
    /// The stack is serving another request or read and refused this one for now (BlueZ's
    /// `InProgress`); ask `retriesWhenBusy` first, to tell the busy that is retried from the
    /// one that fails the job.
    case busy(call: Int)
    /// The call failed with `reason`; `refused` when it certainly never reached the printer
    /// (the stack refused it before sending), false when it may have.
    case failed(call: Int, refused: Bool, Reason)
    /// The call could not even be handed to the stack.
    case notSent(call: Int, Reason)
    /// The printer notified these bytes.
    case notified([UInt8])
    /// The link dropped, or the stack went away.
    case dropped(Reason)
    /// No call in flight will ever be answered (the bus itself is gone): stop waiting for them.
    case answersLost
  }

  /// What to do next.
  public enum Action: Sendable, Equatable {
    /// Write `range` of the job with `type`; report the answer as an event for `call`.
    case write(call: Int, range: Range<Int>, type: WriteType)
    /// Read the barrier characteristic; report the answer as an event for `call`.
    case read(call: Int)
    /// Pass on what the printer said (anything but its pause and resume).
    case pass([UInt8])
    /// Report these counts.
    case progress(Delivery)
    /// Nothing to do before an event or this instant; then ask again.
    case wait(until: Duration)
    /// The job is whole: report and return these counts.
    case finish(Delivery)
    /// The job stopped: fail with this and these counts.
    case fail(DeliveryFailure<Reason>, Delivery)
  }

  /// What became of one call, for the counts when a job stops part-way.
  enum Fate {
    /// Not sent (or to be sent again after a busy answer).
    case unsent
    /// Sent; no answer yet.
    case inFlight
    /// The stack took it (a `command` queued, a `request` answered).
    case accepted
    /// The stack refused it before it could reach the printer.
    case refused
    /// It failed in a way that leaves open whether the printer got it.
    case unknown
  }

  /// How far behind the pacing schedule the sender may catch up.
  public static var catchUp: Duration { .milliseconds(20) }
  /// How long a busy call waits before it goes again.
  public static var busyRetry: Duration { .milliseconds(5) }
  /// The longest wait between two looks at the link, so progress keeps being reported.
  public static var longestWait: Duration { .milliseconds(100) }

  /// The counts so far.
  public private(set) var delivery: Delivery
  /// The calls that carry the job, in order; an action's `call` indexes them.
  public let operations: [WriteOperation]
  private let options: WriteOptions
  private let start: Duration
  private var next = 0
  /// Calls in flight, and when each was sent.
  private var inFlight: [Int: Duration] = [:]
  private var fates: [Fate]
  /// Reads answered busy, to send again.
  private var retries: [Int] = []
  private var sequencePoint: Int?
  private var readInFlight = false
  /// The end of the bytes the stack has taken.
  private var accepted = 0
  private var firstAttempt: [Int: Duration] = [:]
  private var slot: Duration
  private var throttle: ProgressThrottle
  /// The printer's pause and resume, and what else it said.
  private var signals: PrinterSignals
  private var failure: DeliveryFailure<Reason>?
  /// Once failing: whether answers to calls in flight are still awaited, and until when.
  private var stopping: (awaitAnswers: Bool, deadline: Duration)?
  private var answersLost = false
  private var outcome: Action?

  /// The schedule of `plan`, starting at `start`.
  public init(plan: WritePlan, options: WriteOptions, flow: FlowControl = FlowControl(), start: Duration) {
    delivery = plan.delivery
    operations = plan.operations
    self.options = options
    signals = PrinterSignals(flow: flow)
    self.start = start
    fates = Array(repeating: .unsent, count: plan.operations.count)
    slot = start
    throttle = ProgressThrottle(start: start)
  }

  /// Whether the job has already failed; a failure reported now would not be the one it ends with.
  public var hasFailed: Bool { failure != nil }

  /// Whether a busy answer to `call` at `now` is retried: only for calls whose answer
  /// confirms, within the timeout of their first attempt, while nothing has failed.
  public func retriesWhenBusy(_ call: Int, at now: Duration) -> Bool {
    guard operations.indices.contains(call), operations[call].confirms, failure == nil else { return false }
    return now - (firstAttempt[call] ?? now) < options.timeout
  }

  // MARK: Events

  /// Takes in what happened at `now`.
  public mutating func handle(_ event: Event, at now: Duration) {
    switch event {
    case .accepted(let call):
      guard answered(call) else { return }
      fates[call] = .accepted
      // After a failure, a later call's success proves nothing about the bytes before it.
      guard failure == nil else { return }
      let operation = operations[call]
      if !operation.range.isEmpty { accepted = max(accepted, operation.range.upperBound) }
      if operation.confirms {
        delivery.confirmed = max(delivery.confirmed, operation.range.upperBound)
        delivery.chunksConfirmed = max(delivery.chunksConfirmed, operation.chunk + 1)
        if sequencePoint == call { sequencePoint = nil }
      }
      delivery.queued = max(0, accepted - delivery.confirmed)
    case .busy(let call):
      let retried = retriesWhenBusy(call, at: now)
      guard answered(call) else { return }
      guard retried else {
        fates[call] = .refused
        failure = failure ?? .busyTooLong(options.timeout)
        return
      }
      // The stack serves one request (and one read) at a time: try again shortly.
      fates[call] = .unsent
      if operations[call].kind == .read {
        retries.append(call)
      } else {
        next = call
        sequencePoint = nil
      }
      slot = max(slot, now + Self.busyRetry)
    case .failed(let call, let refused, let reason):
      guard answered(call) else { return }
      fates[call] = refused ? .refused : .unknown
      failure = failure ?? .reported(reason)
    case .notSent(let call, let reason):
      guard operations.indices.contains(call), inFlight.removeValue(forKey: call) != nil else { return }
      fates[call] = .unsent
      failure = failure ?? .reported(reason)
    case .notified(let value):
      signals.notified(value, at: now)
    case .dropped(let reason):
      failure = failure ?? .reported(reason)
    case .answersLost:
      answersLost = true
    }
  }

  /// Takes `call` out of flight; false when it was not in flight (a stray or repeated answer).
  private mutating func answered(_ call: Int) -> Bool {
    guard operations.indices.contains(call), inFlight.removeValue(forKey: call) != nil else { return false }
    if operations[call].kind == .read { readInFlight = false }
    return true
  }

  // MARK: Actions

  /// What to do at `now`. Carry out each action and ask again, until it says to wait (then
  /// ask again after the next event or at the instant it gives), finish or fail.
  public mutating func next(at now: Duration) -> Action {
    if let outcome { return outcome }
    if let said = signals.nextHeard() { return .pass(said) }
    if let stopping {
      if stopping.awaitAnswers, !inFlight.isEmpty, !answersLost, now < stopping.deadline {
        return .wait(until: stopping.deadline)
      }
      settle()
      delivery.elapsed = now - start
      let ended = Action.fail(failure ?? .answerTimeout(options.timeout), delivery)
      outcome = ended
      return ended
    }
    delivery.elapsed = now - start
    delivery.paused = signals.paused != nil
    if throttle.report(at: now) { return .progress(delivery) }
    let done = next == operations.count && retries.isEmpty && inFlight.isEmpty
    // A link that drops once every byte is confirmed has lost nothing: the job is whole.
    if done, failure == nil || delivery.isConfirmed {
      if delivery.confirmed > 0 { delivery.confirmation = .writeResponses }
      let ended = Action.finish(delivery)
      outcome = ended
      return ended
    }
    if failure != nil { return stop(awaitAnswers: true, at: now) }
    if let oldest = inFlight.values.min(), now - oldest >= options.timeout {
      failure = .answerTimeout(options.timeout)
      // The printer has stopped answering: waiting longer for the rest proves nothing.
      return stop(awaitAnswers: false, at: now)
    }
    if let paused = signals.paused, now - paused >= options.pauseLimit {
      failure = .pausedTooLong(options.pauseLimit)
      return stop(awaitAnswers: true, at: now)
    }
    if let action = send(at: now) { return action }
    var until = now + Self.longestWait
    if slot > now { until = min(until, slot) }
    if let oldest = inFlight.values.min() { until = min(until, oldest + options.timeout) }
    if let paused = signals.paused { until = min(until, paused + options.pauseLimit) }
    return .wait(until: until)
  }

  /// The next call, if nothing holds it back: a pause, a sequence point, the pacing slot, a
  /// full window, a read already in flight.
  private mutating func send(at now: Duration) -> Action? {
    let candidate = !retries.isEmpty && !readInFlight ? retries.first : (next < operations.count ? next : nil)
    guard let call = candidate, signals.paused == nil, sequencePoint == nil, now >= slot,
      inFlight.count < options.window
    else { return nil }
    let operation = operations[call]
    if operation.kind == .read, readInFlight { return nil }
    inFlight[call] = now
    fates[call] = .inFlight
    firstAttempt[call] = firstAttempt[call] ?? now
    if retries.first == call {
      retries.removeFirst()
    } else {
      next += 1
    }
    if let rate = delivery.rate, !operation.range.isEmpty {
      // Keep to the schedule through the few milliseconds a wake-up can be late, but never
      // burst to catch up after a real stall (a pause, a slow barrier).
      slot = max(slot, now - Self.catchUp) + .seconds(Double(operation.range.count) / rate)
    }
    switch operation.kind {
    case .read:
      readInFlight = true
      return .read(call: call)
    case .write(let type):
      if type == .request { sequencePoint = call }
      return .write(call: call, range: operation.range, type: type)
    }
  }

  /// Ends the job with the failure already recorded: the answers to calls in flight are
  /// awaited (they come at once when the link is gone; at most `timeout` otherwise) unless
  /// `awaitAnswers` is false, then each call's fate sets the counts.
  private mutating func stop(awaitAnswers: Bool, at now: Duration) -> Action {
    stopping = (awaitAnswers, now + options.timeout)
    return next(at: now)
  }

  /// Sets `queued` and `unanswered` from each call's fate once a job stops part-way: bytes
  /// past `confirmed` that the stack took are queued, those whose fate is open unanswered, and
  /// the rest were not sent.
  private mutating func settle() {
    var queued = 0
    var unanswered = 0
    var missing = false
    for (operation, fate) in zip(operations, fates)
    where operation.range.lowerBound >= delivery.confirmed && !operation.range.isEmpty {
      switch fate {
      case .accepted: queued += operation.range.count
      case .inFlight, .unknown: unanswered += operation.range.count
      case .unsent, .refused: missing = true
      }
      if missing, fate != .unsent, fate != .refused { delivery.gap = true }
    }
    delivery.queued = queued
    delivery.unanswered = unanswered
  }
}
