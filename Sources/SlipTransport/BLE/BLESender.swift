#if canImport(Glibc)
  import Glibc
#endif

/// Sends one job's bytes to a connected printer: chunks of at most MTU − 3, several D-Bus
/// calls in flight, pacing, acknowledged barriers, pause and resume, and exact counts.
///
/// A byte counts as confirmed only when a Write Response or a barrier after it has come back;
/// as queued when BlueZ accepted its `command` write; nothing else is claimed.
struct BLESender {
  /// One D-Bus call of the job.
  struct Operation {
    enum Kind: Equatable {
      case write(WriteType)
      /// A `ReadValue` barrier; `range` is empty, ending where the bytes it confirms end.
      case read
    }
    var kind: Kind
    /// The job's bytes this call carries (empty for a read barrier).
    var range: Range<Int>
    /// The chunk it carries or follows, from 0.
    var chunk: Int

    /// Whether its reply proves that every byte up to `range.upperBound` arrived.
    var confirms: Bool { kind != .write(.command) }
  }

  /// How far behind the pacing schedule the sender may catch up.
  static let catchUp = Duration.milliseconds(20)

  let connection: BLEConnection
  let write: Characteristic
  let notify: Characteristic?
  let options: BLESendOptions
  let barrierCharacteristic: Characteristic?
  let family: PrinterFamily?
  private(set) var delivery: Delivery
  private var paused: ContinuousClock.Instant?
  private var failure: TransportError.Reason?

  /// Decides the write type, chunk size, barrier and pacing for `total` bytes.
  init(
    connection: BLEConnection, write: Characteristic, notify: Characteristic?, options: BLESendOptions,
    total: Int
  ) throws(TransportError) {
    self.connection = connection
    self.write = write
    self.notify = notify
    self.options = options
    family = connection.family
    let type: WriteType
    switch options.writeType {
    case .request?:
      guard write.takesRequests else {
        throw TransportError(.writeTypeUnsupported(.request, uuid: write.uuid, flags: write.flags))
      }
      type = .request
    case .command?:
      guard write.takesCommands else {
        throw TransportError(.writeTypeUnsupported(.command, uuid: write.uuid, flags: write.flags))
      }
      type = .command
    case nil:
      type = write.takesCommands ? .command : .request
    }
    let barrier: Barrier
    if type == .request || write.takesRequests {
      barrier = .request
      barrierCharacteristic = nil
    } else if let readable = connection.readBarrier(for: write) {
      barrier = .read
      barrierCharacteristic = readable
    } else {
      barrier = .none
      barrierCharacteristic = nil
    }
    // BlueZ without an MTU property (before 5.62) has negotiated nothing we can see: 23.
    let linkPayload = (write.mtu ?? 23) - 3
    let chunk = max(1, min(linkPayload, options.chunkLimit ?? linkPayload))
    let every = type == .request ? 1 : min(64, max(8, options.barrierBytes / chunk))
    delivery = Delivery(
      printer: connection.printerName, total: total, chunks: (total + chunk - 1) / chunk, chunkSize: chunk,
      writeType: type, barrier: barrier, barrierEvery: every, fast: options.fast && type == .command,
      rate: options.rate ?? options.pacing.map { Double(chunk) / max($0.seconds, 0.001) })
  }

  /// The calls that carry `total` bytes: every chunk a write; the barrier's chunks (each
  /// `barrierEvery`-th and the last) as `request` writes, or followed by a `ReadValue`.
  static func operations(_ delivery: Delivery) -> [Operation] {
    var operations: [Operation] = []
    let chunk = delivery.chunkSize
    for index in 0..<delivery.chunks {
      let range = index * chunk..<min(delivery.total, (index + 1) * chunk)
      let atBarrier = (index + 1) % delivery.barrierEvery == 0 || index == delivery.chunks - 1
      switch (delivery.writeType, delivery.barrier, atBarrier) {
      case (.request, _, _), (.command, .request, true):
        operations.append(Operation(kind: .write(.request), range: range, chunk: index))
      case (.command, .read, true):
        operations.append(Operation(kind: .write(.command), range: range, chunk: index))
        operations.append(Operation(kind: .read, range: range.upperBound..<range.upperBound, chunk: index))
      default:
        operations.append(Operation(kind: .write(.command), range: range, chunk: index))
      }
    }
    return operations
  }

  // MARK: Running

  /// Sends `bytes` and returns the delivery once the last barrier is acknowledged.
  mutating func run(_ bytes: [UInt8], progress: (Delivery) -> Void, notifications: ([UInt8]) -> Void)
    throws(TransportError) -> Delivery
  {
    let start = ContinuousClock.now
    if delivery.fast {
      try runAcquired(bytes, start: start, progress: progress, notifications: notifications)
    } else {
      try runCalls(bytes, start: start, progress: progress, notifications: notifications)
    }
    delivery.elapsed = ContinuousClock.now - start
    if delivery.confirmed > 0 { delivery.confirmation = .writeResponses }
    progress(delivery)
    return delivery
  }

  private func fail(_ reason: TransportError.Reason) -> TransportError {
    TransportError(reason, delivery: delivery)
  }

  /// What became of one call, for the counts when a job stops part-way.
  enum Fate {
    /// Not sent (or to be sent again after `InProgress`).
    case unsent
    /// Sent; no answer yet.
    case inFlight
    /// BlueZ took it (a `command` queued, a `request` answered).
    case accepted
    /// BlueZ refused it before it could reach the printer.
    case refused
    /// It failed in a way that leaves open whether the printer got it.
    case unknown
  }

  /// Whether a failed call certainly never reached the printer: BlueZ refuses a `command`
  /// before queueing it, and a `request` it could not start (no link, busy, not allowed).
  /// A `request` that failed otherwise (its answer lost with the link, BlueZ gone with the
  /// call) may have arrived.
  static func refused(_ error: BusError, _ kind: Operation.Kind) -> Bool {
    if error.name == "org.freedesktop.DBus.Error.NoReply" { return false }
    if kind == .write(.command) || error.message == "Not connected" { return true }
    return [
      BlueZName.inProgress, BlueZName.notPermitted, "org.bluez.Error.NotSupported",
      "org.bluez.Error.NotAuthorized",
      "org.bluez.Error.InvalidValueLength", "org.bluez.Error.InvalidOffset",
      "org.bluez.Error.InvalidArguments",
      "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod",
      "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.InvalidArgs",
    ].contains(error.name)
  }

  /// Sets `queued` and `unanswered` from each call's fate once a job stops part-way: bytes
  /// past `confirmed` that BlueZ took are queued, those whose fate is open unanswered, and
  /// the rest were not sent.
  mutating func settle(_ operations: [Operation], _ fates: [Fate]) {
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

  /// Through `WriteValue` calls, up to `window` in flight; a `request` write is a sequence
  /// point (nothing after it goes out before its answer), so an `InProgress` retry can never
  /// reorder the bytes.
  private mutating func runCalls(
    _ bytes: [UInt8], start: ContinuousClock.Instant, progress: (Delivery) -> Void,
    notifications: ([UInt8]) -> Void
  ) throws(TransportError) {
    let operations = Self.operations(delivery)
    let bluez = connection.bluez
    var next = 0
    var inFlight: [UInt32: (operation: Int, sent: ContinuousClock.Instant)] = [:]
    var fates = [Fate](repeating: .unsent, count: operations.count)
    var retries: [Int] = []  // read barriers answered InProgress, to send again
    var sequencePoint: Int?
    var readInFlight = false
    var accepted = 0
    var firstAttempt: [Int: ContinuousClock.Instant] = [:]
    var slot = start
    var lastProgress = start
    let timeout = options.timeout

    func handleReply(_ index: Int, _ message: BusMessage, sender: inout BLESender) {
      let operation = operations[index]
      if operation.kind == .read { readInFlight = false }
      if let error = message.error {
        let now = ContinuousClock.now
        let began = firstAttempt[index] ?? now
        if error.name == BlueZName.inProgress, operation.confirms, now - began < timeout,
          sender.failure == nil
        {
          // BlueZ serves one request (and one read) at a time: try again shortly.
          fates[index] = .unsent
          if operation.kind == .read {
            retries.append(index)
          } else {
            next = index
            sequencePoint = nil
          }
          slot = max(slot, now + .milliseconds(5))
          return
        }
        fates[index] = Self.refused(error, operation.kind) ? .refused : .unknown
        sender.failure = sender.reason(for: error)
        return
      }
      fates[index] = .accepted
      // After a failure, a later call's success proves nothing about the bytes before it.
      guard sender.failure == nil else { return }
      if !operation.range.isEmpty { accepted = max(accepted, operation.range.upperBound) }
      if operation.confirms {
        sender.delivery.confirmed = max(sender.delivery.confirmed, operation.range.upperBound)
        sender.delivery.chunksConfirmed = max(sender.delivery.chunksConfirmed, operation.chunk + 1)
        if sequencePoint == index { sequencePoint = nil }
      }
      sender.delivery.queued = max(0, accepted - sender.delivery.confirmed)
    }

    func apply(_ event: BlueZ.Event, sender: inout BLESender) {
      if case .reply(let serial, let message) = event, let entry = inFlight.removeValue(forKey: serial) {
        handleReply(entry.operation, message, sender: &sender)
      } else {
        sender.handle(event, notifications: notifications)
      }
    }

    /// Ends the job with `reason`: the answers to calls still in flight are awaited (they come
    /// at once when the link is gone; at most `timeout` otherwise) unless the printer has
    /// already stopped answering, then each call's fate sets the counts.
    func stop(_ reason: TransportError.Reason, awaitAnswers: Bool, sender: inout BLESender) -> TransportError
    {
      sender.failure = sender.failure ?? reason
      let deadline = ContinuousClock.now + timeout
      while awaitAnswers, !inFlight.isEmpty, bluez.bus.isConnected {
        let left = (deadline - ContinuousClock.now).milliseconds
        guard left > 0 else { break }
        if let event = bluez.next(milliseconds: left) { apply(event, sender: &sender) }
      }
      sender.settle(operations, fates)
      sender.delivery.elapsed = ContinuousClock.now - start
      return sender.fail(sender.failure ?? reason)
    }

    while true {
      // Everything that has arrived, without waiting.
      while let event = bluez.next(milliseconds: 0) { apply(event, sender: &self) }
      let now = ContinuousClock.now
      delivery.elapsed = now - start
      delivery.paused = paused != nil
      if now - lastProgress >= .milliseconds(100) {
        progress(delivery)
        lastProgress = now
      }
      let done = next == operations.count && retries.isEmpty && inFlight.isEmpty
      // A link that drops once every byte is confirmed has lost nothing: the job is whole.
      if done, failure == nil || delivery.isConfirmed { return }
      if let failure { throw stop(failure, awaitAnswers: true, sender: &self) }
      if let oldest = inFlight.values.map(\.sent).min(), now - oldest > timeout {
        throw stop(
          .timeout(what: "the printer's answer to a write", seconds: timeout.seconds), awaitAnswers: false,
          sender: &self)
      }
      if let paused, now - paused > options.pauseLimit {
        throw stop(.pausedTooLong(seconds: options.pauseLimit.seconds), awaitAnswers: true, sender: &self)
      }

      // Send the next call if nothing holds it back.
      let candidate =
        !retries.isEmpty && !readInFlight ? retries.first : (next < operations.count ? next : nil)
      if let index = candidate, paused == nil, sequencePoint == nil, now >= slot,
        inFlight.count < options.window
      {
        let operation = operations[index]
        if operation.kind != .read || !readInFlight {
          let serial: UInt32
          do throws(BusError) {
            serial =
              operation.kind == .read
              ? try bluez.send(
                barrierCharacteristic?.path ?? write.path, BlueZName.characteristic, "ReadValue",
                [.options([:])])
              : try bluez.send(
                write.path, BlueZName.characteristic, "WriteValue",
                [
                  .bytes(Array(bytes[operation.range])),
                  .options(["type": .string(operation.kind == .write(.request) ? "request" : "command")]),
                ])
          } catch {
            throw stop(
              .writeFailed(name: error.name, message: error.message), awaitAnswers: true, sender: &self)
          }
          inFlight[serial] = (index, now)
          fates[index] = .inFlight
          firstAttempt[index] = firstAttempt[index] ?? now
          if retries.first == index {
            retries.removeFirst()
          } else {
            next += 1
          }
          if operation.kind == .read { readInFlight = true }
          if operation.kind == .write(.request) { sequencePoint = index }
          if let rate = delivery.rate, !operation.range.isEmpty {
            // Keep to the schedule through the few milliseconds a wake-up can be late, but
            // never burst to catch up after a real stall (a pause, a slow barrier).
            slot = max(slot, now - Self.catchUp) + .seconds(Double(operation.range.count) / rate)
          }
          continue
        }
      }

      // Wait for an answer, a signal, the pacing slot or a deadline, whichever comes first.
      var wait = Duration.milliseconds(100)
      if slot > now { wait = min(wait, slot - now) }
      if let oldest = inFlight.values.map(\.sent).min() { wait = min(wait, oldest + timeout - now) }
      if let paused { wait = min(wait, paused + options.pauseLimit - now) }
      bluez.bus.flush()
      if let event = bluez.next(milliseconds: max(0, wait.milliseconds)) { apply(event, sender: &self) }
    }
  }

  /// Applies a signal: a dropped link fails the job; a notification pauses, resumes or is
  /// passed on.
  private mutating func handle(_ event: BlueZ.Event, notifications: ([UInt8]) -> Void) {
    if case .serviceLost = event { failure = failure ?? .bluezGone }
    guard case .changed(let path, let interface, let changed) = event else { return }
    if path == connection.device.path, interface == BlueZName.device, changed["Connected"]?.bool == false {
      failure = failure ?? .linkDropped(printer: connection.printerName)
    }
    if path == notify?.path, interface == BlueZName.characteristic, let value = changed["Value"]?.bytes {
      if value == family?.pause ?? [0x13] {
        paused = paused ?? ContinuousClock.now
      } else if value == family?.resume ?? [0x11] {
        paused = nil
      } else {
        notifications(value)
      }
    }
  }

  /// A failed call's meaning: the link dropped (BlueZ said so, or the characteristic's object
  /// is gone with the services of a lost connection), BlueZ left the bus, else the write
  /// itself failed.
  func reason(for error: BusError) -> TransportError.Reason {
    if let failure { return failure }
    if !connection.isConnected || error.name == "org.freedesktop.DBus.Error.UnknownObject"
      || error.message == "Not connected"
    {
      return .linkDropped(printer: connection.printerName)
    }
    // Calls here are sent without a timeout of libdbus's own, so NoReply means the bus gave
    // up on BlueZ: it left with the call unanswered.
    if error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
      || error.name == "org.freedesktop.DBus.Error.NoReply"
    {
      return .bluezGone
    }
    // BlueZ fails a write whose answer the link took with it before it says the link is
    // down: ask, so the message names the cause rather than the symptom.
    if let down = connection.askWhyDown() { return down }
    return .writeFailed(name: error.name, message: error.message)
  }

  // MARK: AcquireWrite

  /// Through `AcquireWrite` sockets: one `send()` per Write Command. The socket is released
  /// every `barrierEvery` chunks for the barrier (`WriteValue` answers NotPermitted while it
  /// is held); without a barrier the bytes are only handed over, and the delivery says so.
  private mutating func runAcquired(
    _ bytes: [UInt8], start: ContinuousClock.Instant, progress: (Delivery) -> Void,
    notifications: ([UInt8]) -> Void
  ) throws(TransportError) {
    let bluez = connection.bluez
    var slot = start
    var sent = 0
    var chunkIndex = 0
    while sent < bytes.count {
      let acquired: [BusValue]
      do throws(BusError) {
        acquired = try bluez.call(
          write.path, BlueZName.characteristic, "AcquireWrite", [.options([:])], timeout: options.timeout)
      } catch {
        // No call is in flight here, so every queued signal can be applied before deciding.
        while let event = bluez.next(milliseconds: 0) { handle(event, notifications: notifications) }
        throw fail(reason(for: error))
      }
      guard case .fd(let socket)? = acquired.first, let mtu = acquired.dropFirst().first?.int else {
        throw fail(.writeFailed(name: "AcquireWrite", message: "BlueZ returned no socket"))
      }
      let chunk = max(1, min(mtu - 3, delivery.chunkSize))
      delivery.chunkSize = chunk
      delivery.chunks = chunkIndex + (bytes.count - sent + chunk - 1) / chunk
      // The burst: up to the barrier's chunk, which goes as a request once the socket is closed.
      let burst = delivery.barrier == .none ? Int.max : delivery.barrierEvery
      var inBurst = 0
      var failed: TransportError.Reason?
      while sent < bytes.count, inBurst < burst - (delivery.barrier == .request ? 1 : 0) {
        if sent + chunk >= bytes.count, delivery.barrier == .request { break }
        while let event = bluez.next(milliseconds: 0) { handle(event, notifications: notifications) }
        if let failure {
          failed = failure
          break
        }
        let now = ContinuousClock.now
        if paused != nil || now < slot {
          if let paused, now - paused > options.pauseLimit {
            failed = .pausedTooLong(seconds: options.pauseLimit.seconds)
            break
          }
          let until = paused.map { $0 + options.pauseLimit } ?? slot
          if let event = bluez.next(milliseconds: max(1, (until - now).milliseconds)) {
            handle(event, notifications: notifications)
          }
          continue
        }
        let end = min(bytes.count, sent + chunk)
        let written = bytes[sent..<end].withUnsafeBytes {
          Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if written != end - sent {
          // The socket closes with the link, or with BlueZ: ask which, since the signal that
          // says so may not be here yet.
          while let event = bluez.next(milliseconds: 0) { handle(event, notifications: notifications) }
          failed = failure ?? connection.askWhyDown() ?? .linkDropped(printer: connection.printerName)
          break
        }
        if let rate = delivery.rate {
          slot = max(slot, now - Self.catchUp) + .seconds(Double(end - sent) / rate)
        }
        sent = end
        chunkIndex += 1
        inBurst += 1
        delivery.queued = sent - delivery.confirmed
        delivery.elapsed = now - start
        progress(delivery)
      }
      close(socket)
      if let failed { throw fail(failed) }
      try barrierAfterRelease(
        bytes, sent: &sent, chunk: chunk, chunkIndex: &chunkIndex, notifications: notifications)
      progress(delivery)
    }
  }

  /// After the socket is closed: the barrier (a `request` write of the next chunk, or a
  /// `ReadValue`), retried while BlueZ has not yet noticed the release.
  private mutating func barrierAfterRelease(
    _ bytes: [UInt8], sent: inout Int, chunk: Int, chunkIndex: inout Int, notifications: ([UInt8]) -> Void
  )
    throws(TransportError)
  {
    let bluez = connection.bluez
    let deadline = ContinuousClock.now + options.timeout
    while true {
      let called = ContinuousClock.now
      do throws(BusError) {
        switch delivery.barrier {
        case .request:
          let end = min(bytes.count, sent + chunk)
          _ = try bluez.call(
            write.path, BlueZName.characteristic, "WriteValue",
            [.bytes(Array(bytes[sent..<end])), .options(["type": .string("request")])],
            timeout: options.timeout)
          sent = end
          chunkIndex += 1
        case .read:
          _ = try bluez.call(
            barrierCharacteristic?.path ?? write.path, BlueZName.characteristic, "ReadValue", [.options([:])],
            timeout: options.timeout)
        case .none:
          return
        }
        delivery.confirmed = sent
        delivery.chunksConfirmed = chunkIndex
        delivery.queued = 0
        return
      } catch {
        let retry = error.name == BlueZName.notPermitted || error.name == BlueZName.inProgress
        if retry, ContinuousClock.now < deadline, failure == nil {
          if let event = bluez.next(milliseconds: 2) { handle(event, notifications: notifications) }
          continue
        }
        // No call is in flight here, so every queued signal can be applied before deciding.
        while let event = bluez.next(milliseconds: 0) { handle(event, notifications: notifications) }
        if delivery.barrier == .request, !Self.refused(error, .write(.request)) {
          // The barrier's own chunk went out; whether it arrived is open.
          delivery.unanswered = min(bytes.count, sent + chunk) - sent
        }
        if failure == nil, error.name == "org.freedesktop.DBus.Error.NoReply",
          ContinuousClock.now - called >= options.timeout
        {
          throw fail(.timeout(what: "the printer's answer to a write", seconds: options.timeout.seconds))
        }
        throw fail(reason(for: error))
      }
    }
  }
}
