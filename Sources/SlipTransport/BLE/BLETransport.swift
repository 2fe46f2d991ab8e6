/// How to send over BLE: SlipDelivery's write options (write type, pacing, chunking, the window,
/// timeouts; read and set through this value as its own members), and which printer and
/// characteristic. `timeout` also bounds discovery and connecting.
@dynamicMemberLookup
public struct BLESendOptions: Sendable, Equatable {
  /// What the write schedule needs: write type, pacing, chunking, the window and time limits.
  public var writing = WriteOptions()
  /// Which characteristic to write to.
  public var characteristics = CharacteristicChoice()
  /// The discovery window for a device's signal, if any (the Zebra check-in app's −80…−15 dBm).
  public var rssi = ScanFilter()

  /// Defaults: `command` where possible, unpaced, MTU − 3 chunks, 10 s timeouts.
  public init() {}

  /// A write option, as `options.timeout` or `options.writeType`.
  public subscript<Value>(dynamicMember option: WritableKeyPath<WriteOptions, Value>) -> Value {
    get { writing[keyPath: option] }
    set { writing[keyPath: option] = newValue }
  }
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

  /// Finds the printer, connects, picks the characteristics and subscribes to the one the
  /// printer talks back on.
  public func open() throws(TransportError) -> any PrinterLink {
    try BLELink(connection: connect(), options: options, notifications: notifications)
  }

  /// Device Information and the characteristics a job would use.
  public func info() throws(TransportError) -> PrinterInfo {
    try connect().info(options.characteristics)
  }
}

/// A connected BLE printer: jobs go to its write characteristic, answers come back as
/// notifications; the link is dropped (and BlueZ told to disconnect) on `close`.
final class BLELink: PrinterLink {
  private var connection: BLEConnection?
  private let write: Characteristic
  private let listen: Characteristic?
  private let options: BLESendOptions
  private let notifications: ([UInt8]) -> Void
  let printer: String

  init(connection: BLEConnection, options: BLESendOptions, notifications: @escaping ([UInt8]) -> Void)
    throws(TransportError)
  {
    self.connection = connection
    self.options = options
    self.notifications = notifications
    printer = connection.printerName
    write = try connection.writeCharacteristic(options.characteristics)
    if let notify = connection.notifyCharacteristic(for: write) {
      try connection.startNotify(notify)
      listen = notify
    } else {
      listen = nil
    }
  }

  var silence: String? {
    listen == nil ? TransportMessages.noNotifyCharacteristic(printer) : nil
  }

  /// ZPL for a Zebra; the other families speak ESC/POS or their own, so nothing is claimed.
  var language: PrinterLanguage? {
    connection?.family?.id == "zebra" ? .zpl : nil
  }

  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    guard let connection else { throw TransportError(.linkDropped(printer: printer)) }
    let sender = try BLESender(
      connection: connection, write: write, notify: listen, options: options, total: bytes.count)
    return try sender.run(bytes, progress: progress, notifications: notifications)
  }

  /// Writes `query` (acknowledged where the characteristic allows) and gathers notifications.
  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  {
    guard let connection, let listen else { return [] }
    let bluez = connection.bluez
    // Whatever the printer said before the question is its own news, not the answer.
    while let event = bluez.next(milliseconds: 0) { try pass(event, connection: connection) }
    let type = write.takesRequests ? "request" : "command"
    var answer: [UInt8] = []
    do {
      _ = try bluez.call(
        write.path, BlueZName.characteristic, "WriteValue",
        [.bytes(query), .options(["type": .string(type)])], timeout: options.timeout)
    } catch {
      if !connection.isConnected || error.name == "org.freedesktop.DBus.Error.UnknownObject" {
        throw TransportError(.linkDropped(printer: printer))
      }
      throw TransportError(.writeFailed(name: error.name, message: error.message))
    }
    let deadline = ContinuousClock.now + timeout
    while !complete(answer) {
      let wait = (deadline - ContinuousClock.now).milliseconds
      guard wait > 0 else { return answer }
      guard let event = bluez.next(milliseconds: wait) else { continue }
      if case .changed(listen.path, BlueZName.characteristic, let changed) = event,
        let value = changed["Value"]?.bytes
      {
        answer += value
      } else {
        try pass(event, connection: connection)
      }
    }
    return answer
  }

  /// A signal while no job runs: the link dropping fails, a notification is passed on.
  private func pass(_ event: BlueZ.Event, connection: BLEConnection) throws(TransportError) {
    if case .serviceLost = event { throw TransportError(.bluezGone) }
    guard case .changed(let path, let interface, let changed) = event else { return }
    if path == connection.device.path, interface == BlueZName.device, changed["Connected"]?.bool == false {
      throw TransportError(.linkDropped(printer: printer))
    }
    if path == listen?.path, interface == BlueZName.characteristic, let value = changed["Value"]?.bytes {
      notifications(value)
    }
  }

  func close() {
    connection = nil
  }
}
