import Glibc

/// Where the service listens: `127.0.0.1:8631`, `[::1]:8631`, `0.0.0.0:8631` (port 0: one the
/// system chooses, which the service then prints).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
  /// The numeric host, without brackets.
  public var host: String
  /// The port; 0 lets the system choose.
  public var port: UInt16
  /// Whether the host is IPv6.
  public var isIPv6: Bool

  /// The default: loopback only, port 8631.
  public static let standard = ListenAddress(host: "127.0.0.1", port: 8631, isIPv6: false)

  /// An address of these parts.
  public init(host: String, port: UInt16, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  /// Parses `HOST:PORT`; the host is an IPv4 address, `[IPv6]` or `localhost`.
  public init(_ text: String) throws(ListenAddressError) {
    guard let colon = text.lastIndex(of: ":") else {
      throw ListenAddressError(message: "expected HOST:PORT such as 127.0.0.1:8631, not '\(text)'")
    }
    var host = String(text[..<colon])
    let portText = text[text.index(after: colon)...]
    guard let port = UInt16(portText) else {
      throw ListenAddressError(message: "'\(portText)' is not a port from 0 to 65535")
    }
    var isIPv6 = false
    if host.hasPrefix("["), host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
      isIPv6 = true
    }
    if host == "localhost" { host = "127.0.0.1" }
    guard Self.numeric(host, ipv6: isIPv6) else {
      throw ListenAddressError(
        message: "'\(host)' is not a numeric \(isIPv6 ? "IPv6" : "IPv4") address (write IPv6 as [::1]:8631)")
    }
    self.init(host: host, port: port, isIPv6: isIPv6)
  }

  /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
  public var isLoopback: Bool {
    isIPv6 ? host == "::1" || host == "0:0:0:0:0:0:0:1" : host.hasPrefix("127.")
  }

  /// `127.0.0.1:8631`, `[::1]:8631`.
  public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// Calls `body` with the address as a `sockaddr`.
  func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      _ = inet_pton(AF_INET6, host, &address.sin6_addr)
      return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
  }

  /// Whether `host` is a numeric address of its family (inet_pton decides).
  private static func numeric(_ host: String, ipv6: Bool) -> Bool {
    var buffer = in6_addr()
    return inet_pton(ipv6 ? AF_INET6 : AF_INET, host, &buffer) == 1
  }
}

/// A `--listen` value that is not an address.
public struct ListenAddressError: Error, Sendable, Equatable {
  /// What is wrong.
  public var message: String
}
