/// Something that carries a job's bytes to a printer and says how many arrived.
public protocol Transport {
  /// Reaches the printer and holds the link open for one job and the questions around it.
  func open() throws(TransportError) -> any PrinterLink
}

extension Transport {
  /// Sends `bytes` over a link of its own; see `PrinterLink.send`.
  public func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    let link = try open()
    defer { link.close() }
    return try link.send(bytes, progress: progress)
  }
}

extension PrinterLink {
  /// Unknown, unless the link knows better.
  public var language: PrinterLanguage? { nil }

  /// Nothing to do, unless the link has an ending of its own to check.
  public func finish(_ delivery: Delivery) throws(TransportError) {}
}

/// An open link to one printer: a job's bytes go out over it, and, where the printer talks
/// back, status questions are asked over it before and after.
public protocol PrinterLink: AnyObject {
  /// The printer as messages name it: `POS-5805DD (DC:0D:30:48:95:01)`, `192.168.1.50:9100`.
  var printer: String { get }
  /// Why nothing the printer says can come back over this link; nil when it can answer.
  var silence: String? { get }
  /// The language the printer is known to speak, when the link can tell (a Zebra over BLE).
  var language: PrinterLanguage? { get }
  /// Sends `bytes`; `progress` sees the counts as they grow. Returns the delivery once the
  /// whole job is confirmed (or, where the link allows no confirmation, handed over); any
  /// failure throws with the counts reached, never a success for a partial job.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery
  /// Sends `query` and returns what the printer says within `timeout`, sooner once
  /// `complete` accepts it (empty when it said nothing). What was waiting before the query is
  /// passed on as the printer's own words, not taken as the answer.
  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  /// After the job (and any status questions): ends the job's side of the link and checks
  /// that the printer took the end cleanly; a printer that throws away what it had not read
  /// (a TCP reset) fails with `delivery`'s counts. Links without such an ending do nothing.
  func finish(_ delivery: Delivery) throws(TransportError)
  /// Ends the link; the last words of the printer, if any, are passed on first.
  func close()
}

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
