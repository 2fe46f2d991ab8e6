/// Where a job goes: the forms `--to` takes.
public enum Destination: Sendable, Equatable, CustomStringConvertible {
  /// `ble:ADDRESS` or `ble:NAME`: Bluetooth LE through BlueZ.
  case ble(BLETarget)
  /// `spp:ADDRESS` or `spp:NAME`: classic Bluetooth's Serial Port Profile through BlueZ.
  case spp(BLETarget)
  /// `tcp:HOST[:PORT]`: a network printer's raw port, 9100 unless given.
  case tcp(host: String, port: Int)
  /// `cups:QUEUE`: a raw job in a CUPS queue.
  case cups(queue: String)
  /// `file:PATH`: a device such as `/dev/usb/lp0`, or a plain file that will hold the job.
  case file(path: String)

  /// The forms, for messages and help.
  public static let forms = "ble:ADDRESS|NAME, spp:ADDRESS|NAME, tcp:HOST[:PORT], cups:QUEUE or file:PATH"

  /// Parses `--to`'s value; the error says what is wrong in lower case, without a final period.
  public init(_ text: String) throws(DestinationError) {
    guard let colon = text.firstIndex(of: ":") else {
      throw DestinationError(message: DestinationMessages.noScheme(text))
    }
    let scheme = text[..<colon].lowercased()
    let rest = String(text[text.index(after: colon)...])
    switch scheme {
    case "ble", "spp":
      guard let target = BLETarget(rest) else {
        throw DestinationError(message: DestinationMessages.empty(scheme, "an address or a name"))
      }
      self = scheme == "ble" ? .ble(target) : .spp(target)
    case "tcp":
      let (host, port) = try Self.hostAndPort(rest)
      self = .tcp(host: host, port: port)
    case "cups":
      guard !rest.isEmpty else {
        throw DestinationError(message: DestinationMessages.empty(scheme, "a queue"))
      }
      guard !rest.contains(where: { $0 == "/" || $0 == "#" || $0.isWhitespace }) else {
        throw DestinationError(message: DestinationMessages.badQueue(rest))
      }
      self = .cups(queue: rest)
    case "file":
      guard !rest.isEmpty else {
        throw DestinationError(message: DestinationMessages.empty(scheme, "a path"))
      }
      self = .file(path: rest)
    default:
      throw DestinationError(message: DestinationMessages.unknownScheme(String(scheme)))
    }
  }

  /// `HOST`, `HOST:PORT`, `[IPv6]:PORT`, or a bare IPv6 address.
  private static func hostAndPort(_ text: String) throws(DestinationError) -> (String, Int) {
    var host = text
    var portText: String?
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      host = String(text[text.index(after: text.startIndex)..<close])
      let after = text[text.index(after: close)...]
      if after.hasPrefix(":") { portText = String(after.dropFirst()) } else if !after.isEmpty { host = text }
    } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
      host = String(text[..<colon])
      portText = String(text[text.index(after: colon)...])
    }
    guard !host.isEmpty else { throw DestinationError(message: DestinationMessages.empty("tcp", "a host")) }
    guard let portText else { return (host, 9100) }
    guard let port = Int(portText), (1...65535).contains(port) else {
      throw DestinationError(message: DestinationMessages.badPort(portText))
    }
    return (host, port)
  }

  /// The destination as `--to` takes it.
  public var description: String {
    switch self {
    case .ble(let target): target.description
    case .spp(let target): "spp:" + target.description.dropFirst(4)
    case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
    case .cups(let queue): "cups:\(queue)"
    case .file(let path): "file:\(path)"
    }
  }

  /// Whether the printer can talk back on this route, so that its status can be asked.
  public var answers: Bool {
    switch self {
    case .ble, .spp, .tcp: true
    case .cups, .file: false
    }
  }
}

/// A `--to` value that is not a destination.
public struct DestinationError: Error, Sendable, Equatable {
  /// What is wrong.
  public var message: String
}

/// The destination parser's messages, alphabetical; lower case, no final period.
enum DestinationMessages {
  static func badPort(_ text: String) -> String {
    "'\(text)' is not a port (1 to 65535)"
  }

  static func badQueue(_ text: String) -> String {
    "'\(text)' is not a CUPS queue name (no '/', '#' or spaces)"
  }

  static func empty(_ scheme: String, _ what: String) -> String {
    "'\(scheme):' needs \(what) after it"
  }

  static func noScheme(_ text: String) -> String {
    "'\(text)' is not a printer; '--to' takes \(Destination.forms)"
  }

  static func unknownScheme(_ scheme: String) -> String {
    "'\(scheme):' is not a way to a printer; '--to' takes \(Destination.forms)"
  }
}

extension Destination {
  /// The transport that reaches this destination: BLE with `options` (its timeout the others'
  /// too), printer notifications and answers handed to `notifications` where the route has them.
  public func transport(options: BLESendOptions, notifications: @escaping ([UInt8]) -> Void = { _ in })
    -> any Transport
  {
    switch self {
    case .ble(let target):
      BLETransport(target: target, options: options, notifications: notifications)
    case .spp(let target):
      SPPTransport(target: target, timeout: options.timeout, notifications: notifications)
    case .tcp(let host, let port):
      TCPTransport(host: host, port: port, timeout: options.timeout, notifications: notifications)
    case .cups(let queue):
      CUPSTransport(queue: queue, timeout: options.timeout)
    case .file(let path):
      FileTransport(path: path, timeout: options.timeout)
    }
  }
}
