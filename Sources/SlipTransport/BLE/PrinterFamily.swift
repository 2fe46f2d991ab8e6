/// A kind of BLE printer recognised by its GATT service or its name, with the characteristics
/// to write to and listen on (shared/notes/ble.md lists where these come from).
public struct PrinterFamily: Sendable, Equatable {
  /// A short identifier, such as `zebra`.
  public var id: String
  /// What to call it, such as `Zebra`.
  public var name: String
  /// The GATT service.
  public var service: String
  /// Other UUIDs the family advertises instead of `service` (Zebra's SIG UUID FE79).
  public var advertised: [String]
  /// The characteristic print data goes to.
  public var write: String
  /// The characteristic the printer talks back on, if any.
  public var notify: String?
  /// Name prefixes seen on these printers, for the ones that advertise no service.
  public var namePrefixes: [String]
  /// A notification asking the sender to stop, and the one to go on (cat printers' flow control).
  public var pause: [UInt8]?
  /// The notification that ends a pause.
  public var resume: [UInt8]?

  /// The families Slip knows, most specific first.
  public static let known: [PrinterFamily] = [
    PrinterFamily(
      id: "zebra", name: "Zebra", service: "38EB4A80-C570-11E3-9507-0002A5D5C51B",
      advertised: [uuid16("FE79")],
      write: "38EB4A82-C570-11E3-9507-0002A5D5C51B", notify: "38EB4A81-C570-11E3-9507-0002A5D5C51B",
      namePrefixes: ["Zebra", "ZQ", "ZD", "ZR", "iMZ", "QLn"]),
    PrinterFamily(
      id: "clone-18f0", name: "generic 18F0 clone", service: uuid16("18F0"), write: uuid16("2AF1"),
      notify: uuid16("2AF0"), namePrefixes: ["POS-", "MPT-", "MTP-", "PT-", "XP-", "Printer"]),
    PrinterFamily(
      id: "issc", name: "ISSC transparent UART", service: "49535343-FE7D-4AE5-8FA9-9FAFD205E455",
      write: "49535343-8841-43F4-A8D4-ECBE34729BB3", notify: "49535343-1E4D-4BD9-BA61-23C647249616",
      namePrefixes: ["TM-P", "SM-L", "SM-S"]),
    PrinterFamily(
      id: "clone-e7810a71", name: "E7810A71 clone", service: "E7810A71-73AE-499D-8C15-FAA9AEF0C3F2",
      write: "BEF8D6C9-9C21-4C9E-B632-BD58C1009F9F", notify: "BEF8D6C9-9C21-4C9E-B632-BD58C1009F9F"),
    PrinterFamily(
      id: "phomemo", name: "Phomemo", service: uuid16("FF00"), write: uuid16("FF02"), notify: uuid16("FF03"),
      namePrefixes: ["M02", "M03", "M04", "M110", "M120", "M200", "M220", "T02", "D30", "Q30"]),
    PrinterFamily(
      id: "cat", name: "cat printer", service: uuid16("AE30"), write: uuid16("AE01"), notify: uuid16("AE02"),
      namePrefixes: ["GB0", "GT0", "MX0", "MX1", "YT0"],
      pause: [0x51, 0x78, 0xAE, 0x01, 0x01, 0x00, 0x10, 0x70, 0xFF],
      resume: [0x51, 0x78, 0xAE, 0x01, 0x01, 0x00, 0x00, 0x00, 0xFF]),
    PrinterFamily(
      id: "hm-10", name: "HM-10 serial module", service: uuid16("FFE0"), write: uuid16("FFE1"),
      notify: uuid16("FFE1"), namePrefixes: ["HMSoft", "BT05", "HM-10"]),
  ]

  /// A family.
  public init(
    id: String, name: String, service: String, advertised: [String] = [], write: String, notify: String?,
    namePrefixes: [String] = [], pause: [UInt8]? = nil, resume: [UInt8]? = nil
  ) {
    self.id = id
    self.name = name
    self.service = service
    self.advertised = advertised
    self.write = write
    self.notify = notify
    self.namePrefixes = namePrefixes
    self.pause = pause
    self.resume = resume
  }

  /// The family whose service (or advertised UUID) is among `uuids`, else whose name prefix
  /// `name` has; services win, since names are whatever the owner typed.
  public static func recognise(uuids: [String], name: String?) -> PrinterFamily? {
    let advertised = Set(uuids.map(UUIDText.normalised))
    if let byService = known.first(where: { family in
      ([family.service] + family.advertised).contains { advertised.contains(UUIDText.normalised($0)) }
    }) {
      return byService
    }
    guard let name, !name.isEmpty else { return nil }
    return known.first { family in family.namePrefixes.contains { name.hasPrefix($0) } }
  }

  /// The family with this `id`.
  public static func named(_ id: String) -> PrinterFamily? {
    known.first { $0.id == id }
  }

  /// The 128-bit form of a 16-bit SIG UUID.
  static func uuid16(_ short: String) -> String {
    "0000\(short)-0000-1000-8000-00805F9B34FB"
  }
}

/// UUIDs as users and BlueZ write them: `18f0`, `18F0`, `000018f0-0000-1000-8000-00805f9b34fb`.
public enum UUIDText {
  /// The 128-bit, upper-case form of a UUID; 16- and 32-bit SIG forms are expanded.
  public static func normalised(_ text: String) -> String {
    let upper = text.uppercased()
    switch upper.count {
    case 4: return "0000\(upper)-0000-1000-8000-00805F9B34FB"
    case 8: return "\(upper)-0000-1000-8000-00805F9B34FB"
    default: return upper
    }
  }

  /// Whether `text` is a UUID in one of the accepted forms.
  public static func isValid(_ text: String) -> Bool {
    let hex = Set("0123456789ABCDEFabcdef")
    switch text.count {
    case 4, 8: return text.allSatisfy(hex.contains)
    case 36:
      return text.enumerated().allSatisfy { index, character in
        [8, 13, 18, 23].contains(index) ? character == "-" : hex.contains(character)
      }
    default: return false
    }
  }

  /// The short form for display: `18F0` for a SIG UUID, the whole UUID otherwise.
  public static func short(_ text: String) -> String {
    let uuid = normalised(text)
    if uuid.hasPrefix("0000"), uuid.hasSuffix("-0000-1000-8000-00805F9B34FB") {
      return String(uuid.dropFirst(4).prefix(4))
    }
    return uuid
  }
}
