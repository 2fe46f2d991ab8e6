/// How a job's bytes went out, and how far they got.
public struct Delivery: Sendable, Equatable {
  /// The printer, as `name (address)`.
  public var printer: String
  /// Bytes in the job.
  public var total: Int
  /// Bytes proven to have reached the printer: by a Write Response or a barrier after them
  /// (BLE), a TCP acknowledgement, a status answer after them, CUPS completing the job, a sync.
  public var confirmed = 0
  /// Bytes handed on beyond `confirmed` (to BlueZ, the kernel, CUPS) but not acknowledged.
  public var queued = 0
  /// Bytes sent whose fate is unknown when a job stops: calls still in flight, or writes
  /// whose answer was lost with the link. They may have reached the printer; the rest of the
  /// job (`total - confirmed - queued - unanswered`) did not leave.
  public var unanswered = 0
  /// Whether bytes went out after some that did not (a write refused while later ones were
  /// in flight): what the printer has is not one piece, and may print with a piece missing.
  public var gap = false
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
  /// The way the bytes went, which decides what `confirmed` rests on.
  public var route: Route = .ble
  /// What confirmed the bytes counted in `confirmed`, once something did.
  public var confirmation: Confirmation?

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

  /// A delivery over a byte stream (SPP, TCP, a file) or a CUPS queue: no chunks, no barriers.
  public init(printer: String, total: Int, route: Route) {
    self.init(
      printer: printer, total: total, chunks: 0, chunkSize: 0, writeType: .request, barrier: .none,
      barrierEvery: 0)
    self.route = route
  }

  /// Whether every byte was acknowledged.
  public var isConfirmed: Bool { confirmed == total }

  /// Bytes per second so far, over confirmed and queued bytes.
  public var bytesPerSecond: Double {
    let seconds = elapsed.seconds
    return seconds > 0 ? Double(confirmed + queued) / seconds : 0
  }
}

/// The ways to a printer.
public enum Route: Sendable, Equatable {
  /// Bluetooth LE GATT writes through BlueZ.
  case ble
  /// Classic Bluetooth's Serial Port Profile: an RFCOMM stream from BlueZ's `Profile1`.
  case spp
  /// A TCP connection, usually to port 9100 (raw, JetDirect).
  case tcp
  /// A raw job in a CUPS queue; `job` is CUPS's job id once the job exists.
  case cups(job: Int?)
  /// A device file (`/dev/usb/lp0`, a serial port) or a plain file.
  case file(FileKind)
}

/// What a file destination turned out to be.
public enum FileKind: String, Sendable, Equatable {
  /// A plain file, truncated first so that it holds exactly one job.
  case plain
  /// A serial port (a terminal device): written and drained.
  case serial
  /// Another device, such as `/dev/usb/lp0`, or a pipe.
  case device
}

/// What proved that bytes reached the printer.
public enum Confirmation: String, Sendable, Equatable {
  /// Bluetooth LE Write Responses and barriers.
  case writeResponses
  /// The printer's TCP stack acknowledged them.
  case tcpAcknowledgements
  /// The printer answered a status question sent after them over the same ordered stream.
  case statusAnswer
  /// CUPS reported the job completed: its backend handed every byte to the device.
  case cupsCompleted
  /// The file was synced to storage.
  case synced
  /// The serial port's output queue drained (`tcdrain`).
  case drained
}
