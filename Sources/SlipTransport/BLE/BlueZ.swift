/// BlueZ's D-Bus names, in one place.
enum BlueZName {
  static let service = "org.bluez"
  static let objectManager = "org.freedesktop.DBus.ObjectManager"
  static let properties = "org.freedesktop.DBus.Properties"
  static let adapter = "org.bluez.Adapter1"
  static let device = "org.bluez.Device1"
  static let gattService = "org.bluez.GattService1"
  static let characteristic = "org.bluez.GattCharacteristic1"
  static let inProgress = "org.bluez.Error.InProgress"
  static let notPermitted = "org.bluez.Error.NotPermitted"
  static let profileManager = "org.bluez.ProfileManager1"
  static let profile = "org.bluez.Profile1"
}

/// A client of BlueZ: the bus connection, BlueZ's object tree kept current from its signals,
/// and the calls Slip makes. Owns its connection; one thread at a time.
final class BlueZ {
  /// What an incoming message meant, for the loop that waits on it.
  enum Event {
    /// The reply (or error) to the call with this serial.
    case reply(serial: UInt32, BusMessage)
    /// Properties of `path` changed (already applied to the tree).
    case changed(path: String, interface: String, [String: BusValue])
    /// Objects appeared or went (already applied to the tree).
    case objects
    /// BlueZ called an object of ours (`Profile1`); it waits for a reply.
    case call(BusMessage)
    /// BlueZ left the bus (bluetoothd stopped or crashed), or the bus itself went away: no
    /// call in flight will be answered by it.
    case serviceLost
  }

  let bus: BusConnection
  /// path → interface → property → value, as BlueZ last told us.
  private(set) var objects: [String: [String: [String: BusValue]]] = [:]

  /// Connects to the bus at `address` (nil: the system bus), subscribes to BlueZ's signals,
  /// then reads the object tree: signals first, so no change falls between the two.
  init(address: String?, timeout: Duration) throws(TransportError) {
    do {
      bus = try BusConnection(address: address)
    } catch {
      throw TransportError(.busUnavailable(error.message))
    }
    do {
      let sender = "sender='\(BlueZName.service)'"
      try bus.addMatch("type='signal',\(sender),interface='\(BlueZName.objectManager)',path='/'")
      try bus.addMatch(
        "type='signal',\(sender),interface='\(BlueZName.properties)',member='PropertiesChanged',"
          + "path_namespace='/org/bluez'")
      // BlueZ crashing shows only here: its name loses its owner, and no reply comes back.
      try bus.addMatch(
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
          + "member='NameOwnerChanged',arg0='\(BlueZName.service)'")
      let reply = try call("/", BlueZName.objectManager, "GetManagedObjects", timeout: timeout)
      for (path, interfaces) in reply.first?.dictionary ?? [:] {
        objects[path] = Self.interfaces(interfaces)
      }
    } catch {
      if error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
        throw TransportError(.bluetoothUnavailable)
      }
      throw TransportError(.busUnavailable(error.message))
    }
  }

  private static func interfaces(_ value: BusValue) -> [String: [String: BusValue]] {
    var result: [String: [String: BusValue]] = [:]
    for (interface, properties) in value.dictionary ?? [:] {
      result[interface] = (properties.dictionary ?? [:]).mapValues(\.unwrapped)
    }
    return result
  }

  /// The properties of `interface` at `path`, if BlueZ has that object.
  func properties(_ path: String, _ interface: String) -> [String: BusValue]? {
    objects[path]?[interface]
  }

  /// The paths that have `interface`, sorted.
  func paths(with interface: String) -> [String] {
    objects.filter { $0.value[interface] != nil }.keys.sorted()
  }

  /// Calls a BlueZ method and waits for its reply's arguments.
  func call(
    _ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = [], timeout: Duration
  ) throws(BusError) -> [BusValue] {
    let message = BusMessage(
      call: BlueZName.service, path: path, interface: interface, member: member, arguments: arguments)
    return try bus.call(message, milliseconds: timeout.milliseconds).arguments
  }

  /// Sends a call without waiting; its reply comes back from `next` as `.reply` with this serial.
  func send(_ path: String, _ interface: String, _ member: String, _ arguments: [BusValue]) throws(BusError)
    -> UInt32
  {
    try bus.send(
      BusMessage(
        call: BlueZName.service, path: path, interface: interface, member: member, arguments: arguments))
  }

  /// The next event, waiting at most `milliseconds`; signals are applied to the tree first.
  func next(milliseconds: Int) -> Event? {
    guard let message = bus.next(milliseconds: milliseconds) else { return nil }
    switch message.kind {
    case .reply, .error:
      return .reply(serial: message.replySerial, message)
    case .signal:
      return apply(message)
    case .call:
      return .call(message)
    case .other:
      return nil
    }
  }

  private func apply(_ signal: BusMessage) -> Event? {
    let arguments = signal.arguments
    switch (signal.interface, signal.member) {
    case (BlueZName.properties, "PropertiesChanged"):
      guard let path = signal.path, let interface = arguments.first?.string,
        let changed = arguments.dropFirst().first?.dictionary?.mapValues(\.unwrapped)
      else { return nil }
      var properties = objects[path]?[interface] ?? [:]
      properties.merge(changed) { $1 }
      for name in arguments.dropFirst(2).first?.strings ?? [] { properties[name] = nil }
      if objects[path] != nil { objects[path]?[interface] = properties }
      return .changed(path: path, interface: interface, changed)
    case (BlueZName.objectManager, "InterfacesAdded"):
      guard let path = arguments.first?.string, let added = arguments.dropFirst().first else { return nil }
      objects[path, default: [:]].merge(Self.interfaces(added)) { $1 }
      return .objects
    case (BlueZName.objectManager, "InterfacesRemoved"):
      guard let path = arguments.first?.string else { return nil }
      for interface in arguments.dropFirst().first?.strings ?? [] { objects[path]?[interface] = nil }
      if objects[path]?.isEmpty == true { objects[path] = nil }
      return .objects
    case ("org.freedesktop.DBus", "NameOwnerChanged"):
      let owner = arguments.dropFirst(2).first?.string
      return arguments.first?.string == BlueZName.service && owner?.isEmpty != false ? .serviceLost : nil
    case ("org.freedesktop.DBus.Local", "Disconnected"):
      // libdbus's own signal: the bus daemon is gone.
      return .serviceLost
    default:
      return nil
    }
  }

  /// The first powered adapter that can be an LE central.
  func adapter() throws(TransportError) -> String {
    let adapters = paths(with: BlueZName.adapter)
    guard !adapters.isEmpty else { throw TransportError(.noAdapter) }
    let usable = adapters.first { path in
      let properties = self.properties(path, BlueZName.adapter) ?? [:]
      let central = properties["Roles"]?.strings?.contains("central") ?? true
      return central && properties["Powered"]?.bool == true
    }
    guard let usable else { throw TransportError(.adapterOff(adapters[0])) }
    return usable
  }
}

extension Duration {
  /// Whole milliseconds, rounded up so that a wait never ends early.
  var milliseconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}
