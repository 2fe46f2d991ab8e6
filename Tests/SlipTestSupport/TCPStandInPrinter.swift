import Foundation

/// The stand-in network printer (scripts/printer-standin/tcp_printer.py) on 127.0.0.1 and a
/// port the system picks (or the config's `port`): every connection's bytes recorded, status
/// questions answered when configured; it exits when this object closes its standard input.
public final class TCPStandInPrinter: @unchecked Sendable {
  /// One connection as the printer saw it.
  public struct Connection: Decodable, Sendable {
    /// The bytes it read, in hexadecimal.
    public var hex: String
    /// `client` (it closed), `printer` (reset mid-job on purpose), `error`, or nil (still open).
    public var closedBy: String?
    /// Bytes the kernel acknowledged that the printer never read, when it reset the connection.
    public var bufferedAtClose: Int
    /// The status questions it answered, in order.
    public var questions: [String]

    enum CodingKeys: String, CodingKey {
      case hex, questions
      case closedBy = "closed_by"
      case bufferedAtClose = "buffered_at_close"
    }

    /// The bytes it read.
    public var bytes: [UInt8] { Hex.bytes(hex) }
  }

  /// Why the printer could not be started or asked.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer: [UInt8] = []
  /// The port it listens on.
  public private(set) var port = 0

  /// Starts a printer configured as tcp_printer.py describes; waits at most 10 s.
  public init(_ config: [String: Any] = [:]) throws {
    let json = try JSONSerialization.data(withJSONObject: config)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Repository.root.appendingPathComponent("scripts/printer-standin/tcp_printer.py").path, "--config",
      String(decoding: json, as: UTF8.self),
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try Spawn.run(process)
    let line = try readLine(timeout: 10)
    guard line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
      process.terminate()
      throw Failure(description: "the TCP printer did not start: '\(line)'")
    }
    self.port = port
  }

  deinit { stop() }

  /// Ends the printer (it stops listening), waiting at most 5 s.
  public func stop() {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
  }

  /// `tcp:127.0.0.1:PORT`.
  public var destination: String { "tcp:127.0.0.1:\(port)" }

  /// Every connection so far, in the order they were accepted, once each has finished reading
  /// what arrived.
  public func connections() throws -> [Connection] {
    input.fileHandleForWriting.write(Data("records\n".utf8))
    let line = try readLine(timeout: 10)
    return try JSONDecoder().decode([Connection].self, from: Data(line.utf8))
  }

  /// The jobs it received: the connections that brought bytes.
  public func jobs() throws -> [[UInt8]] {
    try connections().map { $0.bytes }.filter { !$0.isEmpty }
  }

  /// A port nothing listens on now (the system's pick, released), for a printer that is off.
  public static func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length)
        return getsockname(fd, pointer, &length)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private func readLine(timeout: Double) throws -> String {
    let fd = output.fileHandleForReading.fileDescriptor
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard poll(&descriptor, 1, left) > 0 else {
        throw Failure(description: "the TCP printer did not answer in time")
      }
      let count = read(fd, &chunk, chunk.count)
      guard count > 0 else { throw Failure(description: "the TCP printer exited") }
      buffer += chunk[0..<count]
    }
  }
}
