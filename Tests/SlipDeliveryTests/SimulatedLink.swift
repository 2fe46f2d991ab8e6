import SlipDelivery

/// The failures a simulated link reports, as an adapter's own reasons.
enum Fault: Sendable, Equatable {
  /// The link dropped.
  case dropped
  /// The stack failed a write.
  case writeFailed
  /// The stack answered busy for too long (the adapter's account of a busy it gave up on).
  case busy
}

/// A simulated Bluetooth stack and printer, in simulated time: it carries out a schedule's
/// actions as BlueZ would (commands queued at once, requests and reads answered after
/// `latency`) and injects the fault matrix's faults, counting writes from 1 as the stand-in
/// BlueZ does. It records what reached the printer, so the counts can be held against it.
struct SimulatedLink {
  /// The link drops after this write has arrived.
  var dropAfterWrite: Int?
  /// Whether the dropping write's own answer comes back before the link goes.
  var dropAck = true
  /// Every write from this one on fails (and never reaches the printer).
  var failFromWrite: Int?
  /// Only this write fails.
  var failWrite: Int?
  /// Every write from this one on answers busy (BlueZ's InProgress) instead.
  var busyFromWrite: Int?
  /// From this write on, requests and reads are never answered (commands still queue).
  var silentFromWrite: Int?
  /// The printer sends its pause notification once this write has arrived, and never resumes.
  var pauseAtWrite: Int?
  /// How long an answer takes.
  var latency = Duration.milliseconds(2)

  /// What reached the printer, write by write.
  private(set) var received: [Range<Int>] = []
  /// When each write was sent, and what it carried.
  private(set) var sent: [(at: Duration, type: WriteType, range: Range<Int>)] = []
  /// How many reads were sent.
  private(set) var reads = 0
  /// How many progress reports the schedule made.
  private(set) var reports = 0
  private var writes = 0
  private var down = false

  /// A link with these faults (none by default).
  init(
    dropAfterWrite: Int? = nil, dropAck: Bool = true, failFromWrite: Int? = nil, failWrite: Int? = nil,
    busyFromWrite: Int? = nil, silentFromWrite: Int? = nil, pauseAtWrite: Int? = nil
  ) {
    self.dropAfterWrite = dropAfterWrite
    self.dropAck = dropAck
    self.failFromWrite = failFromWrite
    self.failWrite = failWrite
    self.busyFromWrite = busyFromWrite
    self.silentFromWrite = silentFromWrite
    self.pauseAtWrite = pauseAtWrite
  }

  /// Whether the bytes that arrived are one piece from the job's start.
  var arrivedWhole: Bool {
    var end = 0
    for range in received {
      guard range.lowerBound == end else { return false }
      end = range.upperBound
    }
    return true
  }

  /// Bytes that arrived.
  var arrived: Int { received.reduce(0) { $0 + $1.count } }

  /// Runs `schedule` to its end: the action it finished or failed with.
  mutating func run(_ schedule: inout WriteSchedule<Fault>) -> WriteSchedule<Fault>.Action {
    var now = Duration.zero
    var pending: [(at: Duration, event: WriteSchedule<Fault>.Event)] = []
    for _ in 0..<1_000_000 {
      // Deliver everything due, in the order it was made.
      while let index = pending.indices.first(where: { pending[$0].at <= now }) {
        let event = pending.remove(at: index).event
        if case .busy(let call) = event, !schedule.retriesWhenBusy(call, at: now) {
          schedule.handle(.failed(call: call, refused: true, .busy), at: now)
        } else {
          schedule.handle(event, at: now)
        }
      }
      let action = schedule.next(at: now)
      switch action {
      case .write(let call, let range, let type):
        sent.append((now, type, range))
        writes += 1
        for event in write(call: call, range: range, type: type) { pending.append((now + latency, event)) }
      case .read(let call):
        reads += 1
        if down {
          pending.append((now + latency, .failed(call: call, refused: true, .dropped)))
        } else if let silent = silentFromWrite, writes >= silent {
          continue
        } else {
          pending.append((now + latency, .accepted(call: call)))
        }
      case .pass:
        continue
      case .progress:
        reports += 1
      case .wait(let until):
        // To the instant asked for, or the next answer, whichever comes first.
        let next = pending.map(\.at).min()
        let target = next.map { min($0, until) } ?? until
        now = max(now, target)
      case .finish, .fail:
        return action
      }
    }
    fatalError("the schedule never ended")
  }

  /// BlueZ's answer to one write, and the signals it causes.
  private mutating func write(call: Int, range: Range<Int>, type: WriteType) -> [WriteSchedule<Fault>.Event] {
    if down { return [.failed(call: call, refused: true, .dropped)] }
    if let busy = busyFromWrite, writes >= busy { return [.busy(call: call)] }
    if failWrite == writes || failFromWrite.map({ writes >= $0 }) == true {
      return [.failed(call: call, refused: true, .writeFailed)]
    }
    received.append(range)
    var events: [WriteSchedule<Fault>.Event] = []
    if pauseAtWrite == writes { events.append(.notified([0x13])) }
    if dropAfterWrite == writes {
      down = true
      // A request's answer lost with the link leaves its fate open; a command was queued.
      if type == .request, !dropAck {
        events.append(.failed(call: call, refused: false, .dropped))
      } else {
        events.append(.accepted(call: call))
      }
      events.append(.dropped(.dropped))
      return events
    }
    if type == .request, let silent = silentFromWrite, writes >= silent { return events }
    events.append(.accepted(call: call))
    return events
  }
}
