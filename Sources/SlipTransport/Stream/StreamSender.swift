/// Sends one job over a `ByteStream`: a thin adapter that carries out what a `StreamSchedule`
/// decides (what to write, how long to wait for room, when the job is done, the counts) and
/// tells it what the stream did. SPP, TCP and file sending share it; each passes how its bytes
/// are settled after the last one.
struct StreamSender {
  typealias Schedule = StreamSchedule<ByteStream.Failure>

  /// Why the job stopped, with the counts reached and how many bytes the stream took.
  struct Stop: Error {
    var failure: ByteStream.Failure
    var delivery: Delivery
    var written: Int
  }

  let stream: ByteStream
  let printer: String
  let route: Route
  /// The longest the stream may take nothing (or, at the end, acknowledge nothing more).
  let idle: Duration
  /// Whether the other end's acknowledgements confirm bytes (TCP's send queue).
  var acknowledges = false
  /// What the other end says meanwhile.
  var heard: ([UInt8]) -> Void = { _ in }

  /// Sends `bytes`; `settle` runs after the last one is written (a sync, a drain) and says
  /// what proved them, if anything.
  func send(
    _ bytes: [UInt8], progress: (Delivery) -> Void,
    settle: () throws(ByteStream.Failure) -> Confirmation? = { nil }
  ) throws(Stop) -> Delivery {
    let clock = JobClock()
    var schedule = Schedule(
      printer: printer, total: bytes.count, route: route, acknowledges: acknowledges, idle: idle, start: .zero
    )
    func measure() {
      if acknowledges, let count = stream.unacknowledged {
        schedule.handle(.unacknowledged(count), at: clock.now)
      }
    }
    func end(_ failure: ByteStream.Failure) {
      measure()
      let reset: Bool
      if case .closed(_?) = failure { reset = true } else { reset = false }
      schedule.handle(.ended(failure, reset: reset), at: clock.now)
    }
    while true {
      let now = clock.now
      switch schedule.next(at: now) {
      case .write(let range):
        do throws(ByteStream.Failure) {
          schedule.handle(.wrote(try stream.writeSome(bytes, range)), at: clock.now)
          measure()
        } catch {
          end(error)
        }
      case .awaitSpace(let until):
        do throws(ByteStream.Failure) {
          try stream.waitForSpace(within: until - now, heard: heard)
          schedule.handle(.spaceAvailable, at: clock.now)
        } catch {
          end(error)
        }
      case .settle:
        do throws(ByteStream.Failure) {
          let confirmation = try settle()
          measure()
          schedule.handle(.settled(confirmation), at: clock.now)
        } catch {
          end(error)
        }
      case .awaitAcknowledgements(let until):
        do throws(ByteStream.Failure) {
          let said = try stream.read(timeout: min(.milliseconds(5), until - now))
          if !said.isEmpty { heard(said) }
          measure()
        } catch {
          end(error)
        }
      case .progress(let delivery):
        progress(delivery)
      case .finish(let delivery):
        progress(delivery)
        return delivery
      case .fail(let failure, let delivery):
        let cause: ByteStream.Failure =
          switch failure {
          case .reported(let cause): cause
          case .answerTimeout, .busyTooLong, .idle, .pausedTooLong: .timeout
          }
        throw Stop(failure: cause, delivery: delivery, written: schedule.written)
      }
    }
  }
}
