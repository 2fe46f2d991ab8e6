/// How a GATT job goes out: write type, pacing, chunking, the window and the time limits.
public struct WriteOptions: Sendable, Equatable {
  /// `request` or `command`; nil picks `command` when the characteristic takes it.
  public var writeType: WriteType?
  /// Pacing in bytes per second (nil: as fast as acknowledgements and the window allow).
  public var rate: Double?
  /// The time between writes a printer profile asks for, when there is no `rate`.
  public var pacing: Duration?
  /// A smaller payload per write than the link allows, if the printer needs it.
  public var chunkLimit: Int?
  /// Write `command` chunks through a socket of their own (BlueZ's `AcquireWrite`).
  public var fast = false
  /// The longest the printer may take to answer one write or barrier.
  public var timeout: Duration = .seconds(10)
  /// The longest a printer may hold the sender with a pause notification.
  public var pauseLimit: Duration = .seconds(60)
  /// Calls in flight at once: BlueZ queues `command` writes without flow control, so this
  /// bounds only the round trips to the stack, not what the printer holds.
  public var window = 16
  /// About how many bytes may go out between barriers (unconfirmed bytes at risk).
  public var barrierBytes = 4096

  /// Defaults: `command` where possible, unpaced, MTU − 3 chunks, 10 s timeouts.
  public init() {}
}
