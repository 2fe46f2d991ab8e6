#if canImport(Glibc)
  import Glibc
#endif

/// A classic Bluetooth printer over the Serial Port Profile, through BlueZ: Slip registers a
/// `Profile1` object for the Serial Port UUID with `ProfileManager1`, asks for
/// `ConnectProfile`, and BlueZ hands over the RFCOMM stream in `Profile1.NewConnection` (the
/// Linux counterpart of iOS ExternalAccessory's session streams).
///
/// RFCOMM acknowledges nothing a program can see, so the bytes of a job count as queued once
/// the socket took them, and as confirmed only when the printer answers a status question sent
/// after them (`--check-status`). BlueZ asking to disconnect, the link going down or the
/// stream closing fail the job like a dropped BLE link.
public final class SPPTransport: Transport {
  /// The Serial Port Profile's UUID.
  public static let serialPort = "00001101-0000-1000-8000-00805F9B34FB"

  /// Which printer.
  public let target: BLETarget
  /// The longest any wait lasts: finding the printer, connecting, each write making progress.
  public let timeout: Duration
  private let busAddress: String?
  private let notifications: ([UInt8]) -> Void

  /// A transport to `target`; `busAddress` nil means the system bus.
  public init(
    target: BLETarget, timeout: Duration = .seconds(10), busAddress: String? = nil,
    notifications: @escaping ([UInt8]) -> Void = { _ in }
  ) {
    self.target = target
    self.timeout = timeout
    self.busAddress = busAddress
    self.notifications = notifications
  }

  /// Finds the printer (paired printers are known without discovery), registers the profile,
  /// connects it and takes over the stream BlueZ hands out.
  public func open() throws(TransportError) -> any PrinterLink {
    let bluez = try BlueZ(address: busAddress, timeout: timeout)
    let device: BLEDevice
    do {
      device = try BLEScanner(bluez: bluez).find(
        target, timeout: timeout, rssi: ScanFilter(), transport: "auto")
    } catch {
      if case .notFound(_, let seconds, let seen) = error.reason {
        throw TransportError(
          .notFound(target: "spp:" + target.description.dropFirst(4), seconds: seconds, seen: seen))
      }
      throw error
    }
    let printer = device.name.map { "\($0) (\(device.address))" } ?? device.address
    if !device.uuids.isEmpty, !device.uuids.contains(Self.serialPort) {
      throw TransportError(
        .profileConnectFailed(
          printer: printer, message: SPPMessages.noSerialPort(device.uuids.map(UUIDText.short))))
    }
    let session = SPPSession(bluez: bluez, device: device, printer: printer, timeout: timeout)
    let fd = try session.connect()
    return SPPLink(session: session, fd: fd, timeout: timeout, notifications: notifications)
  }
}

/// The SPP transport's messages; lower case, no final period.
enum SPPMessages {
  static func noSerialPort(_ services: [String]) -> String {
    "it offers no Serial Port Profile (its services: \(services.joined(separator: ", ")))"
  }

  static func noConnection(_ seconds: Double) -> String {
    "BlueZ handed over no connection within \(TransportMessages.format(seconds)) s"
  }

  static let noDescriptor = "BlueZ's NewConnection carried no file descriptor"
}

/// The D-Bus side of one SPP connection: the registered profile, BlueZ's calls to it, and the
/// device's state. Unregisters (and disconnects, if it connected) when it goes.
final class SPPSession {
  let bluez: BlueZ
  let device: BLEDevice
  let printer: String
  let timeout: Duration
  /// Our `Profile1` object's path, unique to this process.
  let path: String
  private var registered = false
  /// Set once BlueZ asked to disconnect, released the profile, or the device went down.
  private(set) var dropped = false
  // No Disconnect when done: the kernel ends an idle link itself, after the RFCOMM channel
  // has sent what it holds, while an early Disconnect would cut that short.

  init(bluez: BlueZ, device: BLEDevice, printer: String, timeout: Duration) {
    self.bluez = bluez
    self.device = device
    self.printer = printer
    self.timeout = timeout
    path = "/org/slip/spp\(getpid())"
  }

  deinit {
    if registered {
      _ = try? bluez.call(
        "/org/bluez", BlueZName.profileManager, "UnregisterProfile", [.objectPath(path)], timeout: .seconds(2)
      )
    }
  }

  /// Registers the profile, asks BlueZ to connect it and waits for both `NewConnection` (the
  /// stream) and `ConnectProfile`'s reply, in whichever order they come.
  func connect() throws(TransportError) -> Int32 {
    do {
      _ = try bluez.call(
        "/org/bluez", BlueZName.profileManager, "RegisterProfile",
        [
          .objectPath(path), .string(SPPTransport.serialPort.lowercased()),
          .options(["Role": .string("client"), "Name": .string("Slip")]),
        ],
        timeout: timeout)
      registered = true
    } catch {
      throw TransportError(.callFailed(call: "RegisterProfile", name: error.name, message: error.message))
    }
    let serial: UInt32
    do {
      serial = try bluez.send(
        device.path, BlueZName.device, "ConnectProfile", [.string(SPPTransport.serialPort.lowercased())])
      bluez.bus.flush()
    } catch {
      throw TransportError(
        .profileConnectFailed(printer: printer, message: "\(error.name): \(error.message)"))
    }
    var stream: Int32?
    var replied = false
    let deadline = ContinuousClock.now + timeout
    while stream == nil || !replied {
      let wait = (deadline - ContinuousClock.now).milliseconds
      guard wait > 0 else {
        if let stream { close(stream) }
        throw TransportError(
          .profileConnectFailed(printer: printer, message: SPPMessages.noConnection(timeout.seconds)))
      }
      switch bluez.next(milliseconds: wait) {
      case .reply(serial, let message)?:
        if let error = message.error {
          if let stream { close(stream) }
          throw TransportError(
            .profileConnectFailed(printer: printer, message: "\(error.name): \(error.message)"))
        }
        replied = true
      case .call(let call)?:
        if let fd = answer(call), stream == nil {
          stream = fd
        } else if dropped {
          if let stream { close(stream) }
          throw TransportError(.linkDropped(printer: printer))
        }
      default:
        continue
      }
    }
    return stream!
  }

  /// Answers a call BlueZ made to our profile; returns the stream of a `NewConnection` for our
  /// device. Any other device's connection is refused, and its descriptor closed.
  @discardableResult
  func answer(_ call: BusMessage) -> Int32? {
    guard call.path == path, call.interface == BlueZName.profile else {
      reply(
        BusMessage(errorTo: call, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no such method")
      )
      return nil
    }
    switch call.member {
    case "NewConnection":
      let arguments = call.arguments  // read once: each read duplicates the descriptor
      guard case .fd(let fd)? = arguments.dropFirst().first else {
        reply(BusMessage(errorTo: call, name: "org.bluez.Error.Rejected", message: SPPMessages.noDescriptor))
        return nil
      }
      guard arguments.first?.string == device.path else {
        close(fd)
        reply(
          BusMessage(errorTo: call, name: "org.bluez.Error.Rejected", message: "not the printer asked for"))
        return nil
      }
      reply(BusMessage(replyTo: call))
      return fd
    case "RequestDisconnection", "Release":
      dropped = true
      reply(BusMessage(replyTo: call))
      return nil
    default:
      reply(
        BusMessage(errorTo: call, name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no such method")
      )
      return nil
    }
  }

  private func reply(_ message: BusMessage) {
    _ = try? bluez.bus.send(message)
    bluez.bus.flush()
  }

  /// Everything BlueZ said since last asked, applied: its calls answered, the device's state
  /// followed. A reason to stop once the link is gone.
  func check() -> TransportError.Reason? {
    while let event = bluez.next(milliseconds: 0) {
      switch event {
      case .call(let call):
        answer(call)
      case .changed(device.path, BlueZName.device, let changed) where changed["Connected"]?.bool == false:
        dropped = true
      default:
        continue
      }
    }
    if !bluez.bus.isConnected { dropped = true }
    return dropped ? .linkDropped(printer: printer) : nil
  }
}

/// An open SPP stream.
final class SPPLink: PrinterLink {
  private let session: SPPSession
  private let stream: ByteStream
  private let timeout: Duration
  private let notifications: ([UInt8]) -> Void
  private var broken = false

  init(session: SPPSession, fd: Int32, timeout: Duration, notifications: @escaping ([UInt8]) -> Void) {
    self.session = session
    self.timeout = timeout
    self.notifications = notifications
    stream = ByteStream(owning: fd, readable: true)
    if let socket = session.bluez.bus.socket {
      stream.watch = ByteStream.Watch(fd: socket) { [session] in session.check() }
    }
  }

  var printer: String { session.printer }
  var silence: String? { nil }

  /// Writes the job into the stream; RFCOMM confirms nothing, so the bytes count as queued.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    var sender = StreamSender(stream: stream, printer: printer, route: .spp, idle: timeout)
    sender.heard = notifications
    do throws(StreamSender.Stop) {
      // Closing the stream (or the link) with bytes still in the kernel would lose them.
      return try sender.send(bytes, progress: progress) { () throws(ByteStream.Failure) in
        try stream.drain(idle: timeout, heard: notifications)
        return nil
      }
    } catch {
      broken = true
      throw TransportError(
        reason(error.failure, waitingFor: "'\(printer)' taking more of the job"), delivery: error.delivery)
    }
  }

  private func reason(_ failure: ByteStream.Failure, waitingFor what: String) -> TransportError.Reason {
    switch failure {
    case .timeout: .timeout(what: what, seconds: timeout.seconds)
    case .closed, .failed: .linkDropped(printer: printer)
    case .stopped(let reason): reason
    }
  }

  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  {
    guard !broken else { return [] }
    do throws(ByteStream.Failure) {
      return try stream.ask(query, timeout: timeout, heard: notifications, complete: complete)
    } catch {
      broken = true
      throw TransportError(reason(error, waitingFor: "'\(printer)' taking a status question"))
    }
  }

  func close() {
    broken = true
  }
}
