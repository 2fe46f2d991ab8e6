/// A GATT characteristic of a connected printer.
public struct Characteristic: Sendable, Equatable {
  /// BlueZ's object path.
  public var path: String
  /// Upper-case 128-bit UUID.
  public var uuid: String
  /// The UUID of the service it belongs to.
  public var service: String
  /// `write`, `write-without-response`, `notify`, `read`, …
  public var flags: [String]
  /// The ATT MTU BlueZ reports (5.62+), if any.
  public var mtu: Int?

  /// Whether it takes Write Requests.
  public var takesRequests: Bool { flags.contains("write") }
  /// Whether it takes Write Commands.
  public var takesCommands: Bool { flags.contains("write-without-response") }
  /// Whether it can be read.
  public var readable: Bool { flags.contains("read") }
  /// Whether it notifies or indicates.
  public var notifies: Bool { flags.contains("notify") || flags.contains("indicate") }
}

/// Device Information (service 180A) and the characteristics Slip would use.
public struct PrinterInfo: Sendable, Equatable {
  /// The device as discovered.
  public var device: BLEDevice
  /// `2A29` manufacturer, `2A24` model, `2A25` serial, `2A26` firmware, `2A27` hardware,
  /// `2A28` software revision: whichever the printer has.
  public var deviceInformation: [(label: String, value: String)]
  /// The characteristic print data would go to.
  public var write: Characteristic
  /// The one the printer talks back on, if any.
  public var notify: Characteristic?
  /// Every characteristic, for the curious.
  public var characteristics: [Characteristic]

  public static func == (lhs: PrinterInfo, rhs: PrinterInfo) -> Bool {
    lhs.device == rhs.device && lhs.write == rhs.write && lhs.notify == rhs.notify
      && lhs.characteristics == rhs.characteristics
      && lhs.deviceInformation.map(\.label) == rhs.deviceInformation.map(\.label)
      && lhs.deviceInformation.map(\.value) == rhs.deviceInformation.map(\.value)
  }
}

/// Which characteristics to use: from a printer profile's hints, else the family's.
public struct CharacteristicChoice: Sendable, Equatable {
  /// The service to look in first.
  public var service: String?
  /// The characteristic to write to.
  public var write: String?

  /// A choice; nil fields fall back to the family, then to the first writable characteristic.
  public init(service: String? = nil, write: String? = nil) {
    self.service = service
    self.write = write
  }
}

/// A connected printer: `Connect`, wait for `ServicesResolved`, pick characteristics.
final class BLEConnection {
  let bluez: BlueZ
  let device: BLEDevice
  let timeout: Duration
  private(set) var characteristics: [Characteristic] = []
  private var connectedHere = false

  /// Connects to `device` and waits for its services; every wait ends after `timeout`.
  init(bluez: BlueZ, device: BLEDevice, timeout: Duration) throws(TransportError) {
    self.bluez = bluez
    self.device = device
    self.timeout = timeout
    let deadline = ContinuousClock.now + timeout
    let state = bluez.properties(device.path, BlueZName.device) ?? [:]
    if state["Connected"]?.bool != true {
      do {
        _ = try bluez.call(device.path, BlueZName.device, "Connect", timeout: timeout)
        connectedHere = true
      } catch {
        throw TransportError(.connectFailed(printer: printerName, message: "\(error.name): \(error.message)"))
      }
    }
    // BlueZ 5.66 has no Disconnected signal: a link that drops shows as Connected=false.
    // Signals sent before Connect's reply may still be queued, so only a change seen from
    // here on counts as the link dropping.
    while bluez.properties(device.path, BlueZName.device)?["ServicesResolved"]?.bool != true {
      let wait = (deadline - ContinuousClock.now).milliseconds
      guard wait > 0 else {
        throw TransportError(
          .timeout(what: "BlueZ resolving the services of '\(printerName)'", seconds: timeout.seconds))
      }
      switch bluez.next(milliseconds: wait) {
      case .changed(device.path, BlueZName.device, let changed)? where changed["Connected"]?.bool == false:
        throw TransportError(.linkDropped(printer: printerName))
      case .serviceLost?:
        throw TransportError(.bluezGone)
      default:
        continue
      }
    }
    characteristics = readCharacteristics()
  }

  deinit {
    if connectedHere {
      _ = try? bluez.call(device.path, BlueZName.device, "Disconnect", timeout: .seconds(2))
    }
  }

  /// `name (address)`.
  var printerName: String {
    device.name.map { "\($0) (\(device.address))" } ?? device.address
  }

  private func readCharacteristics() -> [Characteristic] {
    let prefix = device.path + "/"
    return bluez.paths(with: BlueZName.characteristic).filter { $0.hasPrefix(prefix) }.compactMap { path in
      guard let properties = bluez.properties(path, BlueZName.characteristic),
        let uuid = properties["UUID"]?.string, let servicePath = properties["Service"]?.string
      else { return nil }
      let service = bluez.properties(servicePath, BlueZName.gattService)?["UUID"]?.string ?? ""
      return Characteristic(
        path: path, uuid: UUIDText.normalised(uuid), service: UUIDText.normalised(service),
        flags: properties["Flags"]?.strings ?? [], mtu: properties["MTU"]?.int)
    }
  }

  /// The services the printer turned out to have, for recognising its family after connecting
  /// (Zebra printers may advertise only their name).
  var family: PrinterFamily? {
    device.family ?? PrinterFamily.recognise(uuids: characteristics.map(\.service), name: device.name)
  }

  /// The write characteristic: the one `choice` names, else the family's, else the first
  /// that takes writes (in `choice.service` first).
  func writeCharacteristic(_ choice: CharacteristicChoice) throws(TransportError) -> Characteristic {
    if let uuid = choice.write {
      let wanted = UUIDText.normalised(uuid)
      guard let found = characteristics.first(where: { $0.uuid == wanted }) else {
        throw TransportError(.characteristicMissing(uuid: wanted, printer: printerName))
      }
      return found
    }
    if let family, let found = characteristics.first(where: { $0.uuid == UUIDText.normalised(family.write) })
    {
      return found
    }
    let writable = characteristics.filter { $0.takesRequests || $0.takesCommands }
    let service = choice.service.map(UUIDText.normalised)
    if let found = writable.first(where: { $0.service == service }) ?? writable.first {
      return found
    }
    throw TransportError(
      .noWritableCharacteristic(
        printer: printerName,
        seen: characteristics.map { "\(UUIDText.short($0.uuid)) [\($0.flags.joined(separator: " "))]" }))
  }

  /// The characteristic the printer talks back on: the family's, else one that notifies in
  /// the write characteristic's service.
  func notifyCharacteristic(for write: Characteristic) -> Characteristic? {
    if let uuid = family?.notify,
      let found = characteristics.first(where: { $0.uuid == UUIDText.normalised(uuid) && $0.notifies })
    {
      return found
    }
    return characteristics.first { $0.service == write.service && $0.notifies }
  }

  /// A characteristic whose `ReadValue` can serve as a barrier: the write characteristic
  /// itself, else one in its service, else any readable one.
  func readBarrier(for write: Characteristic) -> Characteristic? {
    if write.readable { return write }
    return characteristics.first { $0.service == write.service && $0.readable }
      ?? characteristics.first(where: \.readable)
  }

  /// Subscribes to notifications on `characteristic`.
  func startNotify(_ characteristic: Characteristic) throws(TransportError) {
    do {
      _ = try bluez.call(characteristic.path, BlueZName.characteristic, "StartNotify", timeout: timeout)
    } catch {
      throw TransportError(.callFailed(call: "StartNotify", name: error.name, message: error.message))
    }
  }

  /// Reads a characteristic's value.
  func read(_ characteristic: Characteristic) throws(TransportError) -> [UInt8] {
    do {
      let reply = try bluez.call(
        characteristic.path, BlueZName.characteristic, "ReadValue", [.options([:])], timeout: timeout)
      return reply.first?.bytes ?? []
    } catch {
      throw TransportError(.callFailed(call: "ReadValue", name: error.name, message: error.message))
    }
  }

  /// Device Information, the write and the notify characteristics.
  func info(_ choice: CharacteristicChoice) throws(TransportError) -> PrinterInfo {
    let labels = [
      ("2A29", "manufacturer"), ("2A24", "model"), ("2A25", "serial"), ("2A26", "firmware"),
      ("2A27", "hardware"),
      ("2A28", "software"),
    ]
    var information: [(label: String, value: String)] = []
    for (short, label) in labels {
      guard let characteristic = characteristics.first(where: { $0.uuid == UUIDText.normalised(short) })
      else {
        continue
      }
      let bytes = try read(characteristic)
      let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: ["\0", " "])
      information.append((label, text))
    }
    let write = try writeCharacteristic(choice)
    var device = self.device
    device.family = family
    return PrinterInfo(
      device: device, deviceInformation: information, write: write, notify: notifyCharacteristic(for: write),
      characteristics: characteristics)
  }

  /// Why the link is down, asked of BlueZ now rather than read from the signals seen so far
  /// (its answer comes after every signal it sent before it): it dropped, or BlueZ is gone.
  /// Nil when the link is up, or BlueZ does not say within the timeout.
  func askWhyDown() -> TransportError.Reason? {
    do {
      let reply = try bluez.call(
        device.path, BlueZName.properties, "Get", [.string(BlueZName.device), .string("Connected")],
        timeout: timeout)
      return reply.first?.bool == false ? .linkDropped(printer: printerName) : nil
    } catch {
      switch error.name {
      case "org.freedesktop.DBus.Error.UnknownObject": return .linkDropped(printer: printerName)
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.Disconnected":
        return .bluezGone
      default: return nil
      }
    }
  }

  /// Whether the link is still up, as far as BlueZ has said.
  var isConnected: Bool {
    bluez.properties(device.path, BlueZName.device)?["Connected"]?.bool ?? false
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
