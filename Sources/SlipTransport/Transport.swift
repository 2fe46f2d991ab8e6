/// Something that carries a job's bytes to a printer and says how many arrived.
public protocol Transport {
  /// Sends `bytes`; `progress` sees the counts as they grow. Returns the delivery once the
  /// whole job is confirmed (or, where the printer allows no confirmation, handed over); any
  /// failure throws with the counts reached, never a success for a partial job.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery
}

/// How a job's bytes went out, and how far they got.
public struct Delivery: Sendable, Equatable {
  /// The printer, as `name (address)`.
  public var printer: String
  /// Bytes in the job.
  public var total: Int
  /// Bytes the printer acknowledged (by a Write Response or a barrier after them).
  public var confirmed = 0
  /// Bytes handed to BlueZ beyond `confirmed`: queued for the air, not acknowledged.
  public var queued = 0
  /// Chunks in the job.
  public var chunks: Int
  /// Chunks covered by `confirmed`.
  public var chunksConfirmed = 0
  /// Payload bytes per write.
  public var chunkSize: Int
  /// `request` (each write acknowledged) or `command` (paced, with barriers).
  public var writeType: WriteType
  /// How `command` writes are confirmed.
  public var barrier: Barrier
  /// Chunks between barriers.
  public var barrierEvery: Int
  /// Whether the data went through an `AcquireWrite` socket.
  public var fast = false
  /// The pacing, bytes per second, if any.
  public var rate: Double?
  /// Time since the first write.
  public var elapsed: Duration = .zero
  /// Whether a pause notification holds the sender right now.
  public var paused = false

  /// A delivery that has not started.
  public init(
    printer: String, total: Int, chunks: Int, chunkSize: Int, writeType: WriteType, barrier: Barrier,
    barrierEvery: Int, fast: Bool = false, rate: Double? = nil
  ) {
    self.printer = printer
    self.total = total
    self.chunks = chunks
    self.chunkSize = chunkSize
    self.writeType = writeType
    self.barrier = barrier
    self.barrierEvery = barrierEvery
    self.fast = fast
    self.rate = rate
  }

  /// Whether every byte was acknowledged.
  public var isConfirmed: Bool { confirmed == total }

  /// Bytes per second so far, over confirmed and queued bytes.
  public var bytesPerSecond: Double {
    let seconds = elapsed.seconds
    return seconds > 0 ? Double(confirmed + queued) / seconds : 0
  }
}

/// The two kinds of GATT write BlueZ offers.
public enum WriteType: String, Sendable, Equatable, CaseIterable {
  /// Write Request: the printer answers each one.
  case request
  /// Write Command: no answer; BlueZ queues it.
  case command
}

/// What proves that queued `command` writes reached the printer.
public enum Barrier: String, Sendable, Equatable {
  /// Every N-th chunk (and the last) goes as a `request` write.
  case request
  /// A `ReadValue` after every N chunks and at the end; BlueZ serves it after the queue.
  case read
  /// Nothing: the printer offers no acknowledged write or read, so bytes are only handed over.
  case none
}

extension Duration {
  /// The duration in seconds.
  public var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
