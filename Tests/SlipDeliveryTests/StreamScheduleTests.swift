import SlipDelivery
import Testing

/// `StreamSchedule` driven by hand, as an `EASession` or a socket would drive it: partial
/// writes, a full stream, settling, TCP's acknowledgements, resets and idle timeouts.
@Suite struct StreamScheduleTests {
  typealias Schedule = StreamSchedule<Fault>

  static func schedule(_ total: Int, acknowledges: Bool = false) -> Schedule {
    Schedule(
      printer: "p", total: total, route: .spp, acknowledges: acknowledges, idle: .seconds(1), start: .zero)
  }

  /// The next action that is not a progress report.
  static func skippingProgress(_ schedule: inout Schedule, at now: Duration) -> Schedule.Action {
    while true {
      let action = schedule.next(at: now)
      if case .progress = action { continue }
      return action
    }
  }

  @Test func writesWhatFitsThenSettles() {
    var schedule = Self.schedule(1000)
    #expect(schedule.next(at: .zero) == .write(0..<1000))
    schedule.handle(.wrote(400), at: .milliseconds(1))
    #expect(schedule.next(at: .milliseconds(1)) == .write(400..<1000))
    schedule.handle(.wrote(600), at: .milliseconds(2))
    #expect(schedule.delivery.queued == 1000 && schedule.written == 1000)
    #expect(schedule.next(at: .milliseconds(2)) == .settle)
    schedule.handle(.settled(.synced), at: .milliseconds(3))
    guard case .finish(let delivery) = schedule.next(at: .milliseconds(3)) else {
      Issue.record("not finished")
      return
    }
    #expect(delivery.isConfirmed && delivery.queued == 0 && delivery.confirmation == .synced)
  }

  /// A device or an RFCOMM stream: nothing proves the bytes, they are handed over.
  @Test func handedOverBytesStayQueued() {
    var schedule = Self.schedule(10)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(10), at: .zero)
    #expect(schedule.next(at: .zero) == .settle)
    schedule.handle(.settled(nil), at: .zero)
    guard case .finish(let delivery) = schedule.next(at: .zero) else {
      Issue.record("not finished")
      return
    }
    #expect(delivery.confirmed == 0 && delivery.queued == 10 && delivery.confirmation == nil)
  }

  /// A full stream is waited on until the idle limit after the last byte it took, no longer.
  @Test func aFullStreamTimesOut() {
    var schedule = Self.schedule(1000)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(300), at: .milliseconds(50))
    _ = schedule.next(at: .milliseconds(50))
    schedule.handle(.wrote(0), at: .milliseconds(60))
    #expect(schedule.next(at: .milliseconds(60)) == .awaitSpace(until: .milliseconds(1050)))
    schedule.handle(.spaceAvailable, at: .milliseconds(500))
    #expect(schedule.next(at: .milliseconds(500)) == .progress(schedule.delivery))
    #expect(schedule.next(at: .milliseconds(500)) == .write(300..<1000))
    schedule.handle(.wrote(0), at: .milliseconds(500))
    #expect(
      Self.skippingProgress(&schedule, at: .milliseconds(900)) == .awaitSpace(until: .milliseconds(1050)))
    guard
      case .fail(.idle(.seconds(1)), let delivery) = Self.skippingProgress(&schedule, at: .milliseconds(1050))
    else {
      Issue.record("no timeout")
      return
    }
    #expect(delivery.queued == 300 && delivery.confirmed == 0 && delivery.unanswered == 0)
  }

  /// Progress at most every 100 ms however many writes go out.
  @Test func progressIsThrottled() {
    var schedule = Self.schedule(100_000)
    var reports = 0
    var now = Duration.zero
    while true {
      switch schedule.next(at: now) {
      case .write:
        schedule.handle(.wrote(100), at: now)
        now += .milliseconds(1)
        continue
      case .progress: reports += 1
      default: break
      }
      if schedule.written == 100_000 { break }
    }
    #expect(now == .seconds(1) && (9...10).contains(reports))
  }

  /// TCP: the send queue's shrinking confirms bytes; done once every byte is acknowledged.
  @Test func acknowledgementsConfirmBytes() {
    var schedule = Self.schedule(1000, acknowledges: true)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(1000), at: .zero)
    schedule.handle(.unacknowledged(800), at: .zero)
    #expect(schedule.delivery.confirmed == 200 && schedule.delivery.queued == 800)
    #expect(schedule.next(at: .zero) == .settle)
    schedule.handle(.settled(nil), at: .milliseconds(1))
    #expect(schedule.next(at: .milliseconds(1)) == .progress(schedule.delivery))
    #expect(schedule.next(at: .milliseconds(1)) == .awaitAcknowledgements(until: .milliseconds(1001)))
    schedule.handle(.unacknowledged(100), at: .milliseconds(600))
    #expect(schedule.next(at: .milliseconds(600)) == .progress(schedule.delivery))
    #expect(schedule.next(at: .milliseconds(600)) == .awaitAcknowledgements(until: .milliseconds(1600)))
    schedule.handle(.unacknowledged(0), at: .milliseconds(700))
    guard case .finish(let delivery) = schedule.next(at: .milliseconds(700)) else {
      Issue.record("not finished")
      return
    }
    #expect(delivery.isConfirmed && delivery.confirmation == .tcpAcknowledgements)
  }

  @Test func anEndThatIsNeverAcknowledgedTimesOut() {
    var schedule = Self.schedule(1000, acknowledges: true)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(1000), at: .zero)
    _ = schedule.next(at: .zero)
    schedule.handle(.settled(nil), at: .zero)
    schedule.handle(.unacknowledged(10), at: .zero)
    _ = schedule.next(at: .zero)
    guard case .fail(.idle, let delivery) = schedule.next(at: .seconds(1)) else {
      Issue.record("no timeout")
      return
    }
    #expect(delivery.confirmed == 990 && delivery.queued == 10)
  }

  /// A reset throws away what was acknowledged but unread: acknowledgements prove nothing.
  @Test func aResetProvesNoByte() {
    var schedule = Self.schedule(1000, acknowledges: true)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(600), at: .zero)
    schedule.handle(.unacknowledged(100), at: .zero)
    schedule.handle(.ended(.dropped, reset: true), at: .zero)
    guard case .fail(.reported(.dropped), let delivery) = schedule.next(at: .zero) else {
      Issue.record("no failure")
      return
    }
    #expect(delivery.confirmed == 0 && delivery.unanswered == 500 && delivery.queued == 100)
  }

  /// A stream that ends without acknowledgements (SPP): what it took stays queued.
  @Test func anEndKeepsTheQueuedCount() {
    var schedule = Self.schedule(1000)
    _ = schedule.next(at: .zero)
    schedule.handle(.wrote(700), at: .zero)
    schedule.handle(.ended(.dropped, reset: true), at: .zero)
    guard case .fail(.reported(.dropped), let delivery) = schedule.next(at: .zero) else {
      Issue.record("no failure")
      return
    }
    #expect(delivery.confirmed == 0 && delivery.queued == 700 && delivery.unanswered == 0)
  }

  @Test func theThrottleReportsOncePerInterval() {
    var throttle = ProgressThrottle(start: .seconds(5))
    let early = throttle.report(at: .seconds(5) + .milliseconds(99))
    let due = throttle.report(at: .seconds(5) + .milliseconds(100))
    let again = throttle.report(at: .seconds(5) + .milliseconds(150))
    #expect(!early && due && !again)
    #expect(throttle.due == .seconds(5) + .milliseconds(200))
  }
}
