#if canImport(Glibc)
  import Glibc
#endif

/// Sends one job's bytes to a connected printer through BlueZ. A thin adapter: the write plan
/// and schedule in SlipDelivery decide the chunks (MTU − 3), write types, barriers, pacing,
/// pauses and counts; this carries out their actions as D-Bus calls (or `AcquireWrite` packets)
/// and tells them BlueZ's replies and signals.
struct BLESender {
  typealias Calls = WriteSchedule<TransportError.Reason>
  typealias Bursts = BurstSchedule<TransportError.Reason>

  /// What a BlueZ signal means to a job.
  enum Signal {
    /// The link dropped, or BlueZ left the bus.
    case dropped(TransportError.Reason)
    /// The printer notified these bytes.
    case notified([UInt8])
  }

  let connection: BLEConnection
  let write: Characteristic
  let notify: Characteristic?
  let options: BLESendOptions
  /// The characteristic read as the barrier, when the plan's barrier is a read.
  let barrierCharacteristic: Characteristic?
  let plan: WritePlan

  /// Plans the job: write type, chunk size, barrier and pacing for `total` bytes.
  init(
    connection: BLEConnection, write: Characteristic, notify: Characteristic?, options: BLESendOptions,
    total: Int
  ) throws(TransportError) {
    self.connection = connection
    self.write = write
    self.notify = notify
    self.options = options
    let readable = connection.readBarrier(for: write)
    let characteristic = WriteCharacteristic(
      takesRequests: write.takesRequests, takesCommands: write.takesCommands, mtu: write.mtu,
      readBarrier: readable != nil)
    do throws(WritePlan.UnsupportedWriteType) {
      plan = try WritePlan(
        printer: connection.printerName, total: total, characteristic: characteristic,
        options: options.writing)
    } catch {
      throw TransportError(.writeTypeUnsupported(error.type, uuid: write.uuid, flags: write.flags))
    }
    barrierCharacteristic = plan.delivery.barrier == .read ? readable : nil
  }

  /// The job's delivery before the first write.
  var delivery: Delivery { plan.delivery }

  /// The calls that carry a delivery's bytes (see `WritePlan.operations`).
  static func operations(_ delivery: Delivery) -> [WriteOperation] {
    WritePlan.operations(delivery)
  }

  /// The pause and resume notifications of the printer's family.
  private var flow: FlowControl {
    FlowControl(pause: connection.family?.pause, resume: connection.family?.resume)
  }

  /// Sends `bytes` and returns the delivery once the last barrier is acknowledged.
  func run(_ bytes: [UInt8], progress: (Delivery) -> Void, notifications: ([UInt8]) -> Void)
    throws(TransportError) -> Delivery
  {
    let clock = JobClock()
    return plan.delivery.fast
      ? try runBursts(bytes, clock: clock, progress: progress, notifications: notifications)
      : try runCalls(bytes, clock: clock, progress: progress, notifications: notifications)
  }

  /// Whether a failed call certainly never reached the printer: BlueZ refuses a `command`
  /// before queueing it, and a `request` it could not start (no link, busy, not allowed).
  /// A `request` that failed otherwise (its answer lost with the link, BlueZ gone with the
  /// call) may have arrived.
  static func refused(_ error: BusError, _ kind: WriteOperation.Kind) -> Bool {
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

  // MARK: WriteValue calls

  /// Through `WriteValue` and `ReadValue` calls, as many in flight as the schedule allows.
  private func runCalls(
    _ bytes: [UInt8], clock: JobClock, progress: (Delivery) -> Void, notifications: ([UInt8]) -> Void
  ) throws(TransportError) -> Delivery {
    let bluez = connection.bluez
    var schedule = Calls(plan: plan, options: options.writing, flow: flow, start: .zero)
    var calls: [UInt32: Int] = [:]
    var toldLost = false

    func apply(_ event: BlueZ.Event) {
      let now = clock.now
      guard case .reply(let serial, let message) = event, let call = calls.removeValue(forKey: serial) else {
        switch signal(event) {
        case .dropped(let reason)?: schedule.handle(.dropped(reason), at: now)
        case .notified(let value)?: schedule.handle(.notified(value), at: now)
        case nil: break
        }
        return
      }
      guard let error = message.error else { return schedule.handle(.accepted(call: call), at: now) }
      if error.name == BlueZName.inProgress, schedule.retriesWhenBusy(call, at: now) {
        return schedule.handle(.busy(call: call), at: now)
      }
      let refused = Self.refused(error, schedule.operations[call].kind)
      let reason = reason(for: error, settled: schedule.hasFailed)
      schedule.handle(.failed(call: call, refused: refused, reason), at: now)
    }

    while true {
      // Everything that has arrived, without waiting.
      while let event = bluez.next(milliseconds: 0) { apply(event) }
      let now = clock.now
      switch schedule.next(at: now) {
      case .write(let call, let range, let type):
        do throws(BusError) {
          let serial = try bluez.send(
            write.path, BlueZName.characteristic, "WriteValue",
            [.bytes(Array(bytes[range])), .options(["type": .string(type.rawValue)])])
          calls[serial] = call
        } catch {
          schedule.handle(
            .notSent(call: call, .writeFailed(name: error.name, message: error.message)), at: now)
        }
      case .read(let call):
        do throws(BusError) {
          let serial = try bluez.send(
            barrierCharacteristic?.path ?? write.path, BlueZName.characteristic, "ReadValue", [.options([:])])
          calls[serial] = call
        } catch {
          schedule.handle(
            .notSent(call: call, .writeFailed(name: error.name, message: error.message)), at: now)
        }
      case .pass(let value):
        notifications(value)
      case .progress(let delivery):
        progress(delivery)
      case .wait(let until):
        // With the bus gone, no call in flight will be answered: say so once, then ask again.
        if !toldLost, !bluez.bus.isConnected {
          toldLost = true
          schedule.handle(.answersLost, at: now)
          continue
        }
        bluez.bus.flush()
        if let event = bluez.next(milliseconds: max(0, (until - now).milliseconds)) { apply(event) }
      case .finish(let delivery):
        progress(delivery)
        return delivery
      case .fail(let failure, let delivery):
        throw TransportError(failure, waitingFor: Self.answer, delivery: delivery)
      }
    }
  }

  /// What a job waits for when its schedule's time runs out.
  static let answer = "the printer's answer to a write"

  // MARK: AcquireWrite

  /// Through `AcquireWrite` sockets: one `send()` per Write Command, the socket released for
  /// each barrier (`WriteValue` answers NotPermitted while it is held).
  private func runBursts(
    _ bytes: [UInt8], clock: JobClock, progress: (Delivery) -> Void, notifications: ([UInt8]) -> Void
  ) throws(TransportError) -> Delivery {
    let bluez = connection.bluez
    var schedule = Bursts(plan: plan, options: options.writing, flow: flow, start: .zero)
    var socket: Int32 = -1
    defer { if socket >= 0 { close(socket) } }

    // No call is in flight between the schedule's actions, so every queued signal can be
    // applied before the next one is decided.
    func drain() {
      while let event = bluez.next(milliseconds: 0) { apply(event) }
    }
    func apply(_ event: BlueZ.Event) {
      switch signal(event) {
      case .dropped(let reason)?: schedule.handle(.dropped(reason), at: clock.now)
      case .notified(let value)?: schedule.handle(.notified(value), at: clock.now)
      case nil: break
      }
    }
    /// A barrier call failed: retried while BlueZ has not yet noticed the release, else the
    /// job's failure (a timeout when the answer never came).
    func barrierFailed(_ error: BusError, called: Duration) {
      let now = clock.now
      let busy = error.name == BlueZName.notPermitted || error.name == BlueZName.inProgress
      if busy, schedule.retriesWhenBusy(at: now) { return schedule.handle(.busy, at: now) }
      drain()
      if !schedule.hasFailed, error.name == "org.freedesktop.DBus.Error.NoReply",
        now - called >= options.timeout
      {
        return schedule.handle(.unanswered, at: now)
      }
      let refused = Self.refused(error, .write(.request))
      schedule.handle(.failed(refused: refused, reason(for: error, settled: schedule.hasFailed)), at: now)
    }

    while true {
      drain()
      let now = clock.now
      switch schedule.next(at: now) {
      case .acquire:
        let acquired: [BusValue]
        do throws(BusError) {
          acquired = try bluez.call(
            write.path, BlueZName.characteristic, "AcquireWrite", [.options([:])], timeout: options.timeout)
        } catch {
          drain()
          schedule.handle(
            .failed(refused: true, reason(for: error, settled: schedule.hasFailed)), at: clock.now)
          continue
        }
        guard case .fd(let fd)? = acquired.first, let mtu = acquired.dropFirst().first?.int else {
          let reason = TransportError.Reason.writeFailed(
            name: "AcquireWrite", message: "BlueZ returned no socket")
          schedule.handle(.failed(refused: true, reason), at: clock.now)
          continue
        }
        socket = fd
        schedule.handle(.acquired(mtu: mtu), at: clock.now)
      case .send(let range):
        let written = bytes[range].withUnsafeBytes {
          Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if written == range.count {
          schedule.handle(.sent, at: clock.now)
        } else {
          // The socket closes with the link, or with BlueZ: ask which, since the signal that
          // says so may not be here yet.
          drain()
          let reason =
            schedule.hasFailed
            ? .linkDropped(printer: connection.printerName)
            : connection.askWhyDown() ?? .linkDropped(printer: connection.printerName)
          schedule.handle(.failed(refused: true, reason), at: clock.now)
        }
      case .release:
        close(socket)
        socket = -1
      case .write(let range):
        do throws(BusError) {
          _ = try bluez.call(
            write.path, BlueZName.characteristic, "WriteValue",
            [.bytes(Array(bytes[range])), .options(["type": .string("request")])], timeout: options.timeout)
          schedule.handle(.answered, at: clock.now)
        } catch {
          barrierFailed(error, called: now)
        }
      case .read:
        do throws(BusError) {
          _ = try bluez.call(
            barrierCharacteristic?.path ?? write.path, BlueZName.characteristic, "ReadValue", [.options([:])],
            timeout: options.timeout)
          schedule.handle(.answered, at: clock.now)
        } catch {
          barrierFailed(error, called: now)
        }
      case .pass(let value):
        notifications(value)
      case .progress(let delivery):
        progress(delivery)
      case .wait(let until):
        if let event = bluez.next(milliseconds: max(1, (until - now).milliseconds)) { apply(event) }
      case .finish(let delivery):
        progress(delivery)
        return delivery
      case .fail(let failure, let delivery):
        throw TransportError(failure, waitingFor: Self.answer, delivery: delivery)
      }
    }
  }

  // MARK: Signals and errors

  /// What a signal means to the job: the link dropping (or BlueZ leaving) fails it; a
  /// notification goes to the schedule, which tells pauses from the printer's own words.
  private func signal(_ event: BlueZ.Event) -> Signal? {
    if case .serviceLost = event { return .dropped(.bluezGone) }
    guard case .changed(let path, let interface, let changed) = event else { return nil }
    if path == connection.device.path, interface == BlueZName.device, changed["Connected"]?.bool == false {
      return .dropped(.linkDropped(printer: connection.printerName))
    }
    if path == notify?.path, interface == BlueZName.characteristic, let value = changed["Value"]?.bytes {
      return .notified(value)
    }
    return nil
  }

  /// A failed call's meaning: the link dropped (BlueZ said so, or the characteristic's object
  /// is gone with the services of a lost connection), BlueZ left the bus, else the write
  /// itself failed. `settled` when the schedule already has the failure the job ends with:
  /// then BlueZ is not asked.
  func reason(for error: BusError, settled: Bool) -> TransportError.Reason {
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
    if !settled, let down = connection.askWhyDown() { return down }
    return .writeFailed(name: error.name, message: error.message)
  }
}

/// A job's time: durations since it started, the instants its schedule is told.
struct JobClock {
  let start = ContinuousClock.now

  /// The time since the start.
  var now: Duration { ContinuousClock.now - start }
}
