/// A BLE device BlueZ knows, as discovery saw it.
public struct BLEDevice: Sendable, Equatable {
  /// BlueZ's object path, such as `/org/bluez/hci0/dev_DC_0D_30_48_95_01`.
  public var path: String
  /// `DC:0D:30:48:95:01`.
  public var address: String
  /// The advertised name, if any.
  public var name: String?
  /// Signal strength in dBm, when it was heard during this discovery.
  public var rssi: Int?
  /// Advertised service UUIDs, upper case.
  public var uuids: [String]
  /// The family recognised from the services or the name.
  public var family: PrinterFamily?
  /// Whether it is connected already.
  public var connected: Bool

  /// `name` when there is one, else the address.
  public var displayName: String { name ?? address }

  /// Reads a Device1's properties.
  init(path: String, properties: [String: BusValue]) {
    self.path = path
    address = properties["Address"]?.string ?? ""
    name = properties["Name"]?.string
    rssi = properties["RSSI"]?.int
    uuids = (properties["UUIDs"]?.strings ?? []).map(UUIDText.normalised)
    family = PrinterFamily.recognise(uuids: uuids, name: name)
    connected = properties["Connected"]?.bool ?? false
  }
}

/// Which printer a job goes to: `ble:ADDRESS` or `ble:NAME`.
public enum BLETarget: Sendable, Equatable, CustomStringConvertible {
  /// By Bluetooth address.
  case address(String)
  /// By advertised name, exactly (ignoring case).
  case name(String)

  /// Parses the part after `ble:`; an address is six hex pairs separated by colons.
  public init?(_ text: String) {
    guard !text.isEmpty else { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count == 6, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) {
      self = .address(text.uppercased())
    } else {
      self = .name(text)
    }
  }

  /// `ble:…`, as the user wrote it.
  public var description: String {
    switch self {
    case .address(let address): "ble:\(address)"
    case .name(let name): "ble:\(name)"
    }
  }

  func matches(_ device: BLEDevice) -> Bool {
    switch self {
    case .address(let address): device.address.uppercased() == address
    case .name(let name): device.name?.lowercased() == name.lowercased()
    }
  }
}

/// What `slip scan` looks for.
public struct ScanFilter: Sendable, Equatable {
  /// Part of the name, ignoring case.
  public var name: String?
  /// A service the device must advertise (or, for a known family, advertise instead).
  public var service: String?
  /// The weakest signal to keep (dBm).
  public var rssiMin: Int?
  /// The strongest signal to keep (dBm): very strong readings are often a reflection or a
  /// device on the table that is not the printer.
  public var rssiMax: Int?

  /// A filter; nil fields match everything.
  public init(name: String? = nil, service: String? = nil, rssiMin: Int? = nil, rssiMax: Int? = nil) {
    self.name = name
    self.service = service
    self.rssiMin = rssiMin
    self.rssiMax = rssiMax
  }

  /// BlueZ merges discovery filters across its clients, so every match is checked here again.
  func matches(_ device: BLEDevice) -> Bool {
    if let name, !(device.name ?? "").lowercased().contains(name.lowercased()) { return false }
    if let service, !device.uuids.contains(UUIDText.normalised(service)) { return false }
    if rssiMin != nil || rssiMax != nil {
      guard let rssi = device.rssi else { return false }
      if let rssiMin, rssi < rssiMin { return false }
      if let rssiMax, rssi > rssiMax { return false }
    }
    return true
  }
}

/// Finds printers: BlueZ discovery with a filter, over a time window.
public final class BLEScanner {
  let bluez: BlueZ
  private let adapter: String

  /// Connects to BlueZ on the bus at `busAddress` (nil: the system bus).
  public init(busAddress: String? = nil, timeout: Duration = .seconds(10)) throws(TransportError) {
    bluez = try BlueZ(address: busAddress, timeout: timeout)
    adapter = try bluez.adapter()
  }

  init(bluez: BlueZ) throws(TransportError) {
    self.bluez = bluez
    adapter = try bluez.adapter()
  }

  /// Every device heard in `duration` that passes `filter`, strongest first.
  public func scan(_ filter: ScanFilter, duration: Duration) throws(TransportError) -> [BLEDevice] {
    var heard = Set<String>()
    try discover(filter, until: ContinuousClock.now + duration) { path in
      heard.insert(path)
      return false
    }
    return devices(heard).filter(filter.matches).sorted { ($0.rssi ?? -999) > ($1.rssi ?? -999) }
  }

  /// The device `target` names: one BlueZ already knows, else the first heard within `timeout`.
  /// Not found: the error lists every device heard.
  public func find(_ target: BLETarget, timeout: Duration, rssi: ScanFilter = ScanFilter())
    throws(TransportError) -> BLEDevice
  {
    try find(target, timeout: timeout, rssi: rssi, transport: "le")
  }

  /// `find` over a discovery `transport`: `le`, or `auto` for a classic (SPP) printer.
  func find(_ target: BLETarget, timeout: Duration, rssi: ScanFilter, transport: String)
    throws(TransportError) -> BLEDevice
  {
    let known = devices(Set(bluez.paths(with: BlueZName.device)))
    if let device = known.first(where: { target.matches($0) && ($0.connected || rssi == ScanFilter()) }) {
      return device
    }
    var heard = Set<String>()
    var found: BLEDevice?
    try discover(rssi, until: ContinuousClock.now + timeout, transport: transport) { path in
      heard.insert(path)
      guard let properties = bluez.properties(path, BlueZName.device) else { return false }
      let device = BLEDevice(path: path, properties: properties)
      if target.matches(device), rssi.matches(device) || rssi == ScanFilter() {
        found = device
        return true
      }
      return false
    }
    if let found { return found }
    throw TransportError(
      .notFound(target: target.description, seconds: timeout.seconds, seen: devices(heard)))
  }

  private func devices(_ paths: Set<String>) -> [BLEDevice] {
    paths.sorted().compactMap { path in
      bluez.properties(path, BlueZName.device).map { BLEDevice(path: path, properties: $0) }
    }
  }

  /// Runs discovery until `deadline` or until `heard` returns true for a device path (a device
  /// counts as heard when it appears or its RSSI is updated).
  private func discover(
    _ filter: ScanFilter, until deadline: ContinuousClock.Instant, transport: String = "le",
    heard: (String) -> Bool
  )
    throws(TransportError)
  {
    var options: [String: BusValue] = ["Transport": .string(transport), "DuplicateData": .bool(true)]
    if let service = filter.service {
      // A family advertising another UUID (Zebra: FE79) is found by that one too.
      let family = PrinterFamily.known.first {
        UUIDText.normalised($0.service) == UUIDText.normalised(service)
      }
      let uuids = [service] + (family?.advertised ?? [])
      options["UUIDs"] = .array(element: "s", uuids.map { .string(UUIDText.normalised($0).lowercased()) })
    }
    if let floor = filter.rssiMin { options["RSSI"] = .int16(Int16(clamping: floor)) }
    do {
      _ = try bluez.call(
        adapter, BlueZName.adapter, "SetDiscoveryFilter", [.options(options)], timeout: .seconds(5))
      _ = try bluez.call(adapter, BlueZName.adapter, "StartDiscovery", timeout: .seconds(5))
    } catch {
      throw TransportError(.callFailed(call: "StartDiscovery", name: error.name, message: error.message))
    }
    defer {
      _ = try? bluez.call(adapter, BlueZName.adapter, "StopDiscovery", timeout: .seconds(5))
    }
    // Devices BlueZ already listed count once discovery runs (they may not re-advertise at once).
    for path in bluez.paths(with: BlueZName.device)
    where bluez.properties(path, BlueZName.device)?["RSSI"] != nil {
      if heard(path) { return }
    }
    while ContinuousClock.now < deadline {
      let wait = max(0, (deadline - ContinuousClock.now).milliseconds)
      switch bluez.next(milliseconds: wait) {
      case .changed(let path, BlueZName.device, let changed) where changed["RSSI"] != nil:
        if heard(path) { return }
      case .objects:
        for path in bluez.paths(with: BlueZName.device)
        where bluez.properties(path, BlueZName.device)?["RSSI"] != nil {
          if heard(path) { return }
        }
      default:
        continue
      }
    }
  }
}
