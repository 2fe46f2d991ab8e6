import Foundation
import Glibc

/// A few bytes to a local port and whatever comes back: the tests speak HTTP by hand so they
/// can send what no client library would (too large, malformed).
enum RawClient {
  /// Sends `request` to 127.0.0.1:`port` and reads until the server closes or `timeout` passes.
  static func exchange(port: UInt16, _ request: [UInt8], timeout: Int = 5) -> [UInt8] {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return [] }
    defer { close(socket) }
    var wait = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return [] }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes {
        send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { break }
      sent += count
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      received += buffer[..<count]
    }
    return received
  }

  /// The status code of a raw response; nil when nothing came back.
  static func status(_ response: [UInt8]) -> Int? {
    let line = String(decoding: response.prefix(40), as: UTF8.self).split(separator: " ")
    return line.count > 1 ? Int(line[1]) : nil
  }

  /// The body of a raw response (after the blank line).
  static func body(_ response: [UInt8]) -> String {
    let text = String(decoding: response, as: UTF8.self)
    return text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
  }

  /// A request of `method`, `path`, `headers` and `body`, closing the connection after it.
  static func request(_ method: String, _ path: String, headers: [String] = [], body: String = "") -> [UInt8]
  {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
    if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
    for header in headers { head += header + "\r\n" }
    return Array((head + "\r\n" + body).utf8)
  }
}
