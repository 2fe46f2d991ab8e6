/// How to send over BLE: write type, pacing, chunking, timeouts.
public struct BLESendOptions: Sendable, Equatable {
  /// `request` or `command`; nil picks `command` when the characteristic takes it.
  public var writeType: WriteType?
  /// Pacing in bytes per second (nil: as fast as acknowledgements and the window allow).
  public var rate: Double?
  /// The time between writes a printer profile asks for, when there is no `rate`.
  public var pacing: Duration?
  /// A smaller payload per write than the link allows, if the printer needs it.
  public var chunkLimit: Int?
  /// Use `AcquireWrite` (a socket per burst) for `command` writes.
  public var fast = false
  /// The longest any single wait may last: discovery, connection, each acknowledgement.
  public var timeout: Duration = .seconds(10)
  /// The longest a printer may hold the sender with a pause notification.
  public var pauseLimit: Duration = .seconds(60)
  /// `command` writes in flight on D-Bus at once: BlueZ queues them without flow control, so
  /// this bounds only the D-Bus round trips, not what the printer holds.
  public var window = 16
  /// About how many bytes may go out between barriers (unconfirmed bytes at risk).
  public var barrierBytes = 4096
  /// Which characteristic to write to.
  public var characteristics = CharacteristicChoice()
  /// The discovery window for a device's signal, if any (the Zebra check-in app's −80…−15 dBm).
  public var rssi = ScanFilter()

  /// Defaults: `command` where possible, unpaced, MTU − 3 chunks, 10 s timeouts.
  public init() {}
}

/// A printer reached over Bluetooth LE through BlueZ.
///
/// Finding the printer, connecting and picking characteristics happen in `send` (and `info`);
/// the connection closes when the job ends.
public final class BLETransport: Transport {
  /// Which printer.
  public let target: BLETarget
  /// How to send.
  public let options: BLESendOptions
  private let busAddress: String?
  private let notifications: ([UInt8]) -> Void

  /// A transport to `target`; `notifications` sees what the printer says (pause and resume
  /// requests are handled, not passed on). `busAddress` nil means the system bus.
  public init(
    target: BLETarget, options: BLESendOptions = BLESendOptions(), busAddress: String? = nil,
    notifications: @escaping ([UInt8]) -> Void = { _ in }
  ) {
    self.target = target
    self.options = options
    self.busAddress = busAddress
    self.notifications = notifications
  }

  private func connect() throws(TransportError) -> BLEConnection {
    let bluez = try BlueZ(address: busAddress, timeout: options.timeout)
    let scanner = try BLEScanner(bluez: bluez)
    let device = try scanner.find(target, timeout: options.timeout, rssi: options.rssi)
    return try BLEConnection(bluez: bluez, device: device, timeout: options.timeout)
  }

  /// Sends a job; see `Transport.send`.
  public func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    let connection = try connect()
    let write = try connection.writeCharacteristic(options.characteristics)
    var listen: Characteristic?
    if let notify = connection.notifyCharacteristic(for: write) {
      try connection.startNotify(notify)
      listen = notify
    }
    var sender = try BLESender(
      connection: connection, write: write, notify: listen, options: options, total: bytes.count)
    return try sender.run(bytes, progress: progress, notifications: notifications)
  }

  /// Device Information and the characteristics a job would use.
  public func info() throws(TransportError) -> PrinterInfo {
    try connect().info(options.characteristics)
  }
}
