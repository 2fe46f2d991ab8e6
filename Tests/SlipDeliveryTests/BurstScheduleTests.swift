import SlipDelivery
import Testing

/// `--fast` without BlueZ: `BurstSchedule` through a simulated `AcquireWrite` socket, with the
/// fault matrix's fast-mode faults and the counts they must give.
@Suite struct BurstScheduleTests {
  typealias Schedule = BurstSchedule<Fault>
  static let chunk = WriteScheduleTests.chunk
  static let total = WriteScheduleTests.total
  static let barriers = WriteScheduleTests.barriers

  /// A socket and a printer in simulated time; writes (packets and barrier requests) count
  /// from 1, as the stand-in counts them.
  struct SimulatedSocket {
    var mtu = 185
    var dropAfterWrite: Int?
    var silentFromWrite: Int?
    var pauseAtWrite: Int?
    /// How many times a barrier is refused after each release before the stack notices it.
    var busyAfterRelease = 0
    var timeout = Duration.seconds(1)
    var received: [Range<Int>] = []
    var barrierWrites: [Range<Int>] = []
    var reads = 0
    var releases = 0
    var busyAnswers = 0
    private var writes = 0
    private var down = false
    private var held = false
    private var refusals = 0

    init(
      dropAfterWrite: Int? = nil, silentFromWrite: Int? = nil, pauseAtWrite: Int? = nil,
      busyAfterRelease: Int = 0
    ) {
      self.dropAfterWrite = dropAfterWrite
      self.silentFromWrite = silentFromWrite
      self.pauseAtWrite = pauseAtWrite
      self.busyAfterRelease = busyAfterRelease
    }

    var arrived: Int { received.reduce(0) { $0 + $1.count } }

    mutating func run(_ schedule: inout Schedule) -> Schedule.Action {
      var now = Duration.zero
      var signals: [Schedule.Event] = []
      for _ in 0..<1_000_000 {
        for signal in signals { schedule.handle(signal, at: now) }
        signals = []
        let action = schedule.next(at: now)
        switch action {
        case .acquire:
          if down {
            schedule.handle(.failed(refused: true, .dropped), at: now)
          } else {
            held = true
            refusals = 0
            schedule.handle(.acquired(mtu: mtu), at: now)
          }
        case .send(let range):
          guard !down, held else {
            schedule.handle(.failed(refused: true, .dropped), at: now)
            continue
          }
          writes += 1
          received.append(range)
          now += .microseconds(50)
          if pauseAtWrite == writes { signals.append(.notified([0x13])) }
          if dropAfterWrite == writes {
            down = true
            signals.append(.dropped(.dropped))
          }
          schedule.handle(.sent, at: now)
        case .release:
          held = false
          releases += 1
        case .write(let range):
          barrier(&schedule, range: range, now: &now, signals: &signals)
        case .read:
          reads += 1
          barrier(&schedule, range: nil, now: &now, signals: &signals)
        case .pass, .progress:
          continue
        case .wait(let until):
          now = max(now, until)
        case .finish, .fail:
          return action
        }
      }
      fatalError("the schedule never ended")
    }

    /// A blocking barrier call, as the adapter makes it: refused while the release is not yet
    /// noticed, failed once the link is gone, unanswered (after the timeout) when silent.
    private mutating func barrier(
      _ schedule: inout Schedule, range: Range<Int>?, now: inout Duration, signals: inout [Schedule.Event]
    ) {
      guard !down else { return schedule.handle(.failed(refused: true, .dropped), at: now) }
      if refusals < busyAfterRelease {
        refusals += 1
        busyAnswers += 1
        return schedule.handle(
          schedule.retriesWhenBusy(at: now) ? .busy : .failed(refused: true, .busy), at: now)
      }
      if let range {
        writes += 1
        received.append(range)
        barrierWrites.append(range)
      }
      if dropAfterWrite == writes, range != nil {
        down = true
        // The request's answer is lost with the link.
        schedule.handle(.dropped(.dropped), at: now)
        return schedule.handle(.failed(refused: false, .dropped), at: now)
      }
      if let silent = silentFromWrite, writes >= silent {
        now += timeout
        return schedule.handle(.unanswered, at: now)
      }
      now += .milliseconds(2)
      schedule.handle(.answered, at: now)
    }
  }

  static func run(
    _ socket: inout SimulatedSocket, characteristic: WriteCharacteristic = WriteScheduleTests.clone
  ) throws -> Schedule.Action {
    var options = WriteScheduleTests.options()
    options.fast = true
    let plan = try WritePlan(printer: "p", total: total, characteristic: characteristic, options: options)
    #expect(plan.delivery.fast)
    var schedule = Schedule(plan: plan, options: options, start: .zero)
    return socket.run(&schedule)
  }

  static func bytes(throughChunk n: Int) -> Int { WriteScheduleTests.bytes(throughChunk: n) }

  @Test func burstsOfPacketsEachEndedByARequestBarrier() throws {
    var socket = SimulatedSocket(busyAfterRelease: 2)
    guard case .finish(let delivery) = try Self.run(&socket) else {
      Issue.record("the job did not finish")
      return
    }
    #expect(
      delivery.isConfirmed && delivery.confirmation == .writeResponses && delivery.chunksConfirmed == 64)
    #expect(socket.barrierWrites.map(\.upperBound) == Self.barriers.map(Self.bytes))
    #expect(socket.received.count == 64 && socket.releases == 3 && socket.busyAnswers == 6)
    #expect(socket.received.map(\.lowerBound) == Array(stride(from: 0, to: Self.total, by: Self.chunk)))
  }

  @Test func theAcquiredMTUSetsTheChunks() throws {
    var socket = SimulatedSocket()
    socket.mtu = 103
    let characteristic = WriteCharacteristic(
      takesRequests: true, takesCommands: true, mtu: 247, readBarrier: false)
    guard case .finish(let delivery) = try Self.run(&socket, characteristic: characteristic) else {
      Issue.record("the job did not finish")
      return
    }
    #expect(delivery.chunkSize == 100 && delivery.chunks == (Self.total + 99) / 100)
    #expect(socket.received.allSatisfy { $0.count <= 100 })
  }

  @Test func readBarriersAfterEachBurst() throws {
    var socket = SimulatedSocket()
    guard case .finish(let delivery) = try Self.run(&socket, characteristic: WriteScheduleTests.cat) else {
      Issue.record("the job did not finish")
      return
    }
    #expect(delivery.isConfirmed && socket.reads == 3 && socket.barrierWrites.isEmpty)
  }

  /// The link drops after chunk k: what a barrier proved stays confirmed, the rest of what
  /// went into the socket is queued, a barrier whose answer was lost is unanswered.
  @Test func linkDropsAfterEachChunk() throws {
    for k in 1...64 {
      var socket = SimulatedSocket(dropAfterWrite: k)
      let action = try Self.run(&socket)
      guard case .fail(.reported(.dropped), let delivery) = action else {
        Issue.record("k \(k): \(action)")
        continue
      }
      let arrived = Self.bytes(throughChunk: k)
      #expect(socket.arrived == arrived, "k \(k)")
      let lost = Self.barriers.contains(k) ? arrived - Self.bytes(throughChunk: k - 1) : 0
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < k } ?? 0)
      #expect(
        WriteScheduleTests.Counts(delivery)
          == WriteScheduleTests.Counts(
            confirmed: confirmed, queued: arrived - confirmed - lost, unanswered: lost,
            unsent: Self.total - arrived),
        "k \(k)")
    }
  }

  @Test func barriersAreNeverAnswered() throws {
    for k in [1, 40] {
      var socket = SimulatedSocket(silentFromWrite: k)
      let action = try Self.run(&socket)
      guard case .fail(.answerTimeout(.seconds(1)), let delivery) = action else {
        Issue.record("k \(k): \(action)")
        continue
      }
      let barrier = Self.barriers.first { $0 >= k }!
      #expect(
        delivery.confirmed == Self.bytes(throughChunk: Self.barriers.last { $0 < barrier } ?? 0), "k \(k)")
      #expect(
        delivery.unanswered == Self.bytes(throughChunk: barrier) - Self.bytes(throughChunk: barrier - 1))
    }
  }

  @Test func pauseWithoutResume() throws {
    for k in [1, 32] {
      var socket = SimulatedSocket(pauseAtWrite: k)
      let action = try Self.run(&socket)
      guard case .fail(.pausedTooLong(.seconds(1)), let delivery) = action else {
        Issue.record("k \(k): \(action)")
        continue
      }
      #expect(socket.arrived == Self.bytes(throughChunk: k), "k \(k): nothing goes out once paused")
      #expect(delivery.confirmed + delivery.queued == socket.arrived, "k \(k)")
    }
  }
}
