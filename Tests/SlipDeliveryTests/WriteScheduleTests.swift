import SlipDelivery
import Testing

/// The fault matrix of Tests/SlipTransportTests/BLEFaultMatrixTests.swift without D-Bus: the same
/// 64-chunk job through `WriteSchedule`, its faults injected by `SimulatedLink`, and the same
/// expected counts, held against what the simulated printer received.
@Suite struct WriteScheduleTests {
  /// MTU 185: 182 bytes a write.
  static let chunk = 182
  /// 64 chunks, the last one partial.
  static let total = 63 * chunk + 100
  /// Command writes have a request barrier every 4096 / 182 = 22 chunks, and at the end.
  static let barriers = [22, 44, 64]
  /// The 18F0 clone: takes requests and commands.
  static let clone = WriteCharacteristic(
    takesRequests: true, takesCommands: true, mtu: 185, readBarrier: false)
  /// The cat printer: commands only, a readable characteristic for barriers.
  static let cat = WriteCharacteristic(takesRequests: false, takesCommands: true, mtu: 185, readBarrier: true)

  /// The counts a job ended with.
  struct Counts: Equatable {
    var confirmed: Int
    var queued: Int
    var unanswered: Int
    var unsent: Int

    init(confirmed: Int, queued: Int, unanswered: Int, unsent: Int) {
      self.confirmed = confirmed
      self.queued = queued
      self.unanswered = unanswered
      self.unsent = unsent
    }

    init(_ delivery: Delivery) {
      self.init(
        confirmed: delivery.confirmed, queued: delivery.queued, unanswered: delivery.unanswered,
        unsent: delivery.total - delivery.confirmed - delivery.queued - delivery.unanswered)
    }
  }

  static func options(_ type: WriteType? = nil, timeout: Duration = .seconds(1)) -> WriteOptions {
    var options = WriteOptions()
    options.writeType = type
    options.timeout = timeout
    options.pauseLimit = timeout
    return options
  }

  /// Runs the job through `link`.
  static func run(
    _ link: inout SimulatedLink, _ options: WriteOptions = options(),
    characteristic: WriteCharacteristic = clone,
    total: Int = total
  ) throws -> WriteSchedule<Fault>.Action {
    let plan = try WritePlan(printer: "p", total: total, characteristic: characteristic, options: options)
    var schedule = WriteSchedule<Fault>(plan: plan, options: options, start: .zero)
    return link.run(&schedule)
  }

  /// Bytes in chunks `1...n`.
  static func bytes(throughChunk n: Int) -> Int { min(total, n * chunk) }

  /// The matrix's rule for a job cut short: it fails with `failure`; the counts add up; every
  /// confirmed byte arrived, in order; every byte that arrived was counted as confirmed,
  /// queued or unanswered; a hole is reported as a gap.
  @discardableResult
  static func expectHonest(
    _ action: WriteSchedule<Fault>.Action, _ link: SimulatedLink, _ failure: DeliveryFailure<Fault>,
    k: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Counts? {
    guard case .fail(let reason, let delivery) = action else {
      Issue.record("k \(k): \(action) instead of failing", sourceLocation: sourceLocation)
      return nil
    }
    #expect(reason == failure, "k \(k)", sourceLocation: sourceLocation)
    let counts = Counts(delivery)
    #expect(counts.unsent >= 0, "k \(k): \(counts)", sourceLocation: sourceLocation)
    let whole = link.received.prefix { $0.upperBound <= delivery.confirmed }
    #expect(whole.last?.upperBound ?? 0 == delivery.confirmed, "k \(k)", sourceLocation: sourceLocation)
    #expect(
      link.arrived <= delivery.confirmed + delivery.queued + delivery.unanswered, "k \(k): \(counts)",
      sourceLocation: sourceLocation)
    #expect(link.arrivedWhole || delivery.gap, "k \(k)", sourceLocation: sourceLocation)
    return counts
  }

  // MARK: The link drops after chunk k, every k

  @Test func linkDropsAfterEachChunkWithRequestWrites() throws {
    for k in 1...64 {
      var link = SimulatedLink(dropAfterWrite: k)
      let action = try Self.run(&link, Self.options(.request))
      #expect(link.received.last?.upperBound == Self.bytes(throughChunk: k), "k \(k)")
      if k == 64 {
        // The last answer came back before the link went: the job is whole.
        guard case .finish(let delivery) = action else {
          Issue.record("k 64: \(action)")
          continue
        }
        #expect(delivery.isConfirmed && delivery.confirmation == .writeResponses)
        #expect(delivery.chunks == 64 && delivery.chunkSize == 182 && delivery.writeType == .request)
        continue
      }
      let counts = Self.expectHonest(action, link, .reported(.dropped), k: k)
      #expect(
        counts
          == Counts(confirmed: k * Self.chunk, queued: 0, unanswered: 0, unsent: Self.total - k * Self.chunk),
        "k \(k)")
    }
  }

  /// Command writes with request barriers; when chunk k is a barrier, its answer is lost.
  @Test func linkDropsAfterEachChunkWithCommandWrites() throws {
    for k in 1...64 {
      var link = SimulatedLink(dropAfterWrite: k, dropAck: false)
      let action = try Self.run(&link)
      let arrived = Self.bytes(throughChunk: k)
      #expect(link.received.last?.upperBound == arrived && link.arrivedWhole, "k \(k)")
      let counts = Self.expectHonest(action, link, .reported(.dropped), k: k)
      let barrier = Self.barriers.last { $0 < k } ?? 0
      let lost = Self.barriers.contains(k) ? arrived - Self.bytes(throughChunk: k - 1) : 0
      let confirmed = Self.bytes(throughChunk: barrier)
      #expect(
        counts
          == Counts(
            confirmed: confirmed, queued: arrived - confirmed - lost, unanswered: lost,
            unsent: Self.total - arrived), "k \(k)")
    }
  }

  /// Read barriers after chunks 22, 44 and 64: the read after chunk k comes after the drop.
  @Test func readBarrierPrinterLinkDropsAfterChunk() throws {
    for k in [1, 21, 22, 23, 44, 63, 64] {
      var link = SimulatedLink(dropAfterWrite: k)
      let action = try Self.run(&link, characteristic: Self.cat)
      let arrived = Self.bytes(throughChunk: k)
      let counts = Self.expectHonest(action, link, .reported(.dropped), k: k)
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < k } ?? 0)
      #expect(
        counts
          == Counts(
            confirmed: confirmed, queued: arrived - confirmed, unanswered: 0, unsent: Self.total - arrived),
        "k \(k)")
    }
  }

  // MARK: Writes fail

  @Test func everyWriteFailsFromChunk() throws {
    for k in [1, 32, 64] {
      var link = SimulatedLink(failFromWrite: k)
      let action = try Self.run(&link)
      let arrived = Self.bytes(throughChunk: k - 1)
      #expect(link.arrived == arrived && link.arrivedWhole, "k \(k)")
      let counts = Self.expectHonest(action, link, .reported(.writeFailed), k: k)
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < k } ?? 0)
      #expect(counts?.confirmed == confirmed && counts?.queued == arrived - confirmed, "k \(k)")
    }
  }

  @Test func everyRequestWriteFailsFromChunk() throws {
    for k in [1, 32, 64] {
      var link = SimulatedLink(failFromWrite: k)
      let action = try Self.run(&link, Self.options(.request))
      let counts = Self.expectHonest(action, link, .reported(.writeFailed), k: k)
      #expect(counts?.confirmed == Self.bytes(throughChunk: k - 1), "k \(k)")
      // A request is a sequence point: nothing went out after the one that failed.
      #expect(link.sent.count == k, "k \(k)")
    }
  }

  /// A busy answer to a request is retried (after `busyRetry`, without reordering) until the
  /// timeout; a busy command fails at once.
  @Test func busyWritesAreRetriedUntilTheTimeout() throws {
    var link = SimulatedLink(busyFromWrite: 64)
    let action = try Self.run(&link)
    let counts = Self.expectHonest(action, link, .reported(.busy), k: 64)
    #expect(counts?.confirmed == Self.bytes(throughChunk: 44))
    #expect(counts?.queued == Self.bytes(throughChunk: 63) - Self.bytes(throughChunk: 44))
    let retries = link.sent.filter { $0.range.lowerBound == 63 * Self.chunk }
    #expect(retries.count > 10 && retries.allSatisfy { $0.type == .request })
    #expect(zip(retries, retries.dropFirst()).allSatisfy { $1.at - $0.at >= WriteSchedule<Fault>.busyRetry })
    #expect(
      retries.last.map { $0.at - retries[0].at <= .seconds(1) + WriteSchedule<Fault>.busyRetry } == true)

    var commands = SimulatedLink(busyFromWrite: 32)
    let stopped = try Self.run(&commands)
    #expect(
      Self.expectHonest(stopped, commands, .reported(.busy), k: 32)?.confirmed == Self.bytes(throughChunk: 22)
    )
  }

  /// One write fails while those behind it arrive: a hole, which the counts name as a gap.
  @Test func oneWriteFailsWithOthersInFlight() throws {
    for k in [2, 32, 50] {
      var link = SimulatedLink(failWrite: k)
      let action = try Self.run(&link)
      let counts = Self.expectHonest(action, link, .reported(.writeFailed), k: k)
      #expect(!link.received.contains((k - 1) * Self.chunk..<k * Self.chunk), "k \(k)")
      #expect(counts.map { $0.confirmed <= (k - 1) * Self.chunk } == true, "k \(k)")
      #expect(!link.arrivedWhole, "k \(k): the writes in flight behind it arrived")
      if case .fail(_, let delivery) = action { #expect(delivery.gap, "k \(k)") }
    }
  }

  // MARK: Answers never come

  @Test func requestWritesAreNeverAnsweredFromChunk() throws {
    for k in [1, 32, 64] {
      var link = SimulatedLink(silentFromWrite: k)
      let action = try Self.run(&link, Self.options(.request))
      #expect(link.arrived == Self.bytes(throughChunk: k), "k \(k)")
      let counts = Self.expectHonest(action, link, .answerTimeout(.seconds(1)), k: k)
      let confirmed = Self.bytes(throughChunk: k - 1)
      #expect(
        counts
          == Counts(
            confirmed: confirmed, queued: 0, unanswered: Self.bytes(throughChunk: k) - confirmed,
            unsent: Self.total - Self.bytes(throughChunk: k)), "k \(k)")
    }
  }

  @Test func barriersAreNeverAnsweredFromChunk() throws {
    for k in [1, 32, 64] {
      var link = SimulatedLink(silentFromWrite: k)
      let action = try Self.run(&link)
      // The first barrier at or after k is the first request write, and the last that goes out.
      let barrier = Self.barriers.first { $0 >= k }!
      #expect(link.arrived == Self.bytes(throughChunk: barrier), "k \(k)")
      let counts = Self.expectHonest(action, link, .answerTimeout(.seconds(1)), k: k)
      let confirmed = Self.bytes(throughChunk: Self.barriers.last { $0 < barrier } ?? 0)
      let queued = Self.bytes(throughChunk: barrier - 1) - confirmed
      #expect(
        counts
          == Counts(
            confirmed: confirmed, queued: queued,
            unanswered: Self.bytes(throughChunk: barrier) - confirmed - queued,
            unsent: Self.total - Self.bytes(throughChunk: barrier)), "k \(k)")
    }
  }

  @Test func readBarriersAreNeverAnsweredFromChunk() throws {
    for k in [1, 32, 64] {
      var link = SimulatedLink(silentFromWrite: k)
      let action = try Self.run(&link, characteristic: Self.cat)
      let barrier = Self.barriers.first { $0 >= k }!
      let counts = Self.expectHonest(action, link, .answerTimeout(.seconds(1)), k: k)
      #expect(
        counts?.confirmed == Self.bytes(throughChunk: Self.barriers.last { $0 < barrier } ?? 0), "k \(k)")
    }
  }

  // MARK: Pauses

  @Test func pauseWithoutResume() throws {
    for k in [1, 32, 43] {
      var link = SimulatedLink(pauseAtWrite: k)
      let action = try Self.run(&link)
      Self.expectHonest(action, link, .pausedTooLong(.seconds(1)), k: k)
      #expect(link.arrived >= Self.bytes(throughChunk: k), "k \(k)")
      // Nothing goes out once the pause has been heard.
      let heard = Duration.milliseconds(2) + link.sent[k - 1].at
      #expect(link.sent.allSatisfy { $0.at <= heard }, "k \(k)")
    }
  }

  @Test func pauseAndResumeHoldTheSender() throws {
    let flow = FlowControl(pause: [0x51, 0x10], resume: [0x51, 0x00])
    let plan = try WritePlan(printer: "p", total: 4000, characteristic: Self.clone, options: Self.options())
    var schedule = WriteSchedule<Fault>(plan: plan, options: Self.options(), flow: flow, start: .zero)
    schedule.handle(.notified([0x51, 0x10]), at: .zero)
    #expect(schedule.next(at: .zero) == .wait(until: .milliseconds(100)))
    #expect(schedule.next(at: .milliseconds(100)) == .progress(schedule.delivery))
    #expect(schedule.delivery.paused)
    schedule.handle(.notified([0x13]), at: .milliseconds(100))
    #expect(schedule.next(at: .milliseconds(100)) == .pass([0x13]))
    schedule.handle(.notified([0x51, 0x00]), at: .milliseconds(150))
    #expect(schedule.next(at: .milliseconds(150)) == .write(call: 0, range: 0..<182, type: .command))
  }

  // MARK: Pacing, write types, barriers

  /// Each write waits for its slot: bytes so far over the rate, never more than `catchUp` early.
  @Test func pacingKeepsToTheRate() throws {
    var options = Self.options()
    options.rate = 10_000
    var link = SimulatedLink()
    let action = try Self.run(&link, options, total: 20_000)
    guard case .finish(let delivery) = action else {
      Issue.record("\(action)")
      return
    }
    #expect(delivery.isConfirmed && delivery.rate == 10_000)
    var before = 0
    for write in link.sent {
      let slot = Duration.seconds(Double(before) / 10_000)
      #expect(write.at >= slot - WriteSchedule<Fault>.catchUp, "\(write.range)")
      before += write.range.count
    }
    #expect(delivery.elapsed >= .milliseconds(1_900) && delivery.elapsed <= .milliseconds(2_100))
  }

  @Test func aProfilesPacingBecomesARate() throws {
    var options = Self.options()
    options.pacing = .milliseconds(20)
    options.chunkLimit = 100
    let plan = try WritePlan(printer: "p", total: 1000, characteristic: Self.clone, options: options)
    #expect(plan.delivery.chunkSize == 100 && plan.delivery.rate == 5000)
  }

  @Test func writeTypesFollowTheFlagsAndTheOptions() throws {
    let commandsOnly = WriteCharacteristic(
      takesRequests: false, takesCommands: true, mtu: nil, readBarrier: false)
    let requestsOnly = WriteCharacteristic(
      takesRequests: true, takesCommands: false, mtu: 247, readBarrier: false)
    let plain = try WritePlan(printer: "p", total: 100, characteristic: commandsOnly, options: Self.options())
    // No MTU property: 23, so 20 bytes a write; no barrier of any kind.
    #expect(
      plain.delivery.writeType == .command && plain.delivery.chunkSize == 20
        && plain.delivery.barrier == .none)
    let requests = try WritePlan(
      printer: "p", total: 1000, characteristic: requestsOnly, options: Self.options())
    #expect(requests.delivery.writeType == .request && requests.delivery.chunkSize == 244)
    #expect(requests.delivery.barrierEvery == 1)
    #expect(throws: WritePlan.UnsupportedWriteType(type: .request)) {
      try WritePlan(printer: "p", total: 1, characteristic: commandsOnly, options: Self.options(.request))
    }
    #expect(throws: WritePlan.UnsupportedWriteType(type: .command)) {
      try WritePlan(printer: "p", total: 1, characteristic: requestsOnly, options: Self.options(.command))
    }
    var fast = Self.options(.request)
    fast.fast = true
    #expect(try !WritePlan(printer: "p", total: 1, characteristic: Self.clone, options: fast).delivery.fast)
  }

  @Test func barriersComeEveryNChunksAndAtTheEnd() throws {
    let plan = try WritePlan(
      printer: "p", total: Self.total, characteristic: Self.clone, options: Self.options())
    let requests = plan.operations.enumerated().filter { $0.element.kind == .write(.request) }.map {
      $0.offset + 1
    }
    #expect(requests == Self.barriers)
    let cat = try WritePlan(
      printer: "p", total: Self.total, characteristic: Self.cat, options: Self.options())
    #expect(cat.delivery.barrier == .read && cat.delivery.barrierEvery == 22)
    #expect(
      cat.operations.filter { $0.kind == .read }.map(\.range.upperBound) == Self.barriers.map(Self.bytes))
    var few = Self.options()
    few.barrierBytes = 100
    let least = try WritePlan(printer: "p", total: 10_000, characteristic: Self.clone, options: few)
    #expect(least.delivery.barrierEvery == 8)
  }

  /// The window bounds the calls in flight, and a request write holds back everything after it.
  @Test func theWindowAndSequencePoints() throws {
    var options = Self.options()
    options.window = 4
    let plan = try WritePlan(printer: "p", total: Self.total, characteristic: Self.clone, options: options)
    var schedule = WriteSchedule<Fault>(plan: plan, options: options, start: .zero)
    var calls: [Int] = []
    while case .write(let call, _, _) = schedule.next(at: .zero) { calls.append(call) }
    #expect(calls == [0, 1, 2, 3])
    for call in calls { schedule.handle(.accepted(call: call), at: .milliseconds(1)) }
    calls = []
    while case .write(let call, _, _) = schedule.next(at: .milliseconds(1)) { calls.append(call) }
    // Chunk 22 (call 21) is a request: a sequence point.
    #expect(calls == [4, 5, 6, 7])
    let accepted = schedule.delivery
    #expect(accepted.confirmed == 0 && accepted.queued == 4 * Self.chunk)
  }

  /// The bus gone with calls in flight: no answer is awaited, and their fate stays open.
  @Test func answersLostEndTheWaitAtOnce() throws {
    let plan = try WritePlan(printer: "p", total: 1000, characteristic: Self.clone, options: Self.options())
    var schedule = WriteSchedule<Fault>(plan: plan, options: Self.options(), start: .zero)
    while case .write = schedule.next(at: .zero) {}
    schedule.handle(.dropped(.dropped), at: .zero)
    #expect(schedule.next(at: .zero) == .wait(until: .seconds(1)))
    schedule.handle(.answersLost, at: .milliseconds(1))
    guard case .fail(.reported(.dropped), let delivery) = schedule.next(at: .milliseconds(1)) else {
      Issue.record("no failure")
      return
    }
    #expect(delivery.unanswered == 1000 && delivery.confirmed == 0)
  }
}
