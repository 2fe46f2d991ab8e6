import Foundation

/// Runs the built `slip` for the transport tests: any arguments, extra environment, and what
/// it printed and returned.
enum CLIRun {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `slip arguments` from the package root with `environment` added, standard input
  /// empty; at most `seconds` before it is killed (a hang fails the test, not the run).
  static func slip(_ arguments: [String], environment: [String: String] = [:], seconds: Double = 60) throws
    -> Outcome
  {
    let process = Process()
    process.executableURL = BLESendTests.binary
    process.arguments = arguments
    process.currentDirectoryURL = StandIn.root
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    process.environment = merged
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try Spawn.run(process)
    let deadline = Date().addingTimeInterval(seconds)
    let watchdog = Thread {
      while process.isRunning, Date() < deadline { usleep(20_000) }
      if process.isRunning { process.terminate() }
    }
    watchdog.start()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Bytes from hex text.
  static func bytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.count / 2)
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return bytes
  }
}

/// The stand-in network printer (scripts/printer-standin/tcp_printer.py) on 127.0.0.1 and a
/// port the system picks; it exits when this object closes its standard input.
final class TCPPrinter {
  /// One connection as the printer saw it.
  struct Connection: Decodable {
    var hex: String
    /// `client` (it closed), `printer` (reset mid-job on purpose), `error`, or nil (still open).
    var closedBy: String?
    /// Bytes the kernel acknowledged that the printer never read, when it reset the connection.
    var bufferedAtClose: Int
    /// The status questions it answered, in order.
    var questions: [String]

    enum CodingKeys: String, CodingKey {
      case hex, questions
      case closedBy = "closed_by"
      case bufferedAtClose = "buffered_at_close"
    }

    var bytes: [UInt8] { CLIRun.bytes(hex) }
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer: [UInt8] = []
  /// The port it listens on.
  private(set) var port = 0

  /// Starts a printer configured as tcp_printer.py describes; waits at most 10 s.
  init(_ config: [String: Any] = [:]) throws {
    let json = try JSONSerialization.data(withJSONObject: config)
    process.executableURL = URL(fileURLWithPath: StandIn.python)
    process.arguments = [
      StandIn.root.appendingPathComponent("scripts/printer-standin/tcp_printer.py").path, "--config",
      String(decoding: json, as: UTF8.self),
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try Spawn.run(process)
    let line = try readLine(timeout: 10)
    guard line.hasPrefix("ready "), let port = Int(line.dropFirst(6)) else {
      process.terminate()
      throw StandIn.Failure(description: "the TCP printer did not start: '\(line)'")
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
  }

  /// `tcp:127.0.0.1:PORT`.
  var destination: String { "tcp:127.0.0.1:\(port)" }

  /// Every connection so far, once each has finished reading what arrived.
  func connections() throws -> [Connection] {
    input.fileHandleForWriting.write(Data("records\n".utf8))
    let line = try readLine(timeout: 10)
    return try JSONDecoder().decode([Connection].self, from: Data(line.utf8))
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
        throw StandIn.Failure(description: "the TCP printer did not answer in time")
      }
      let count = read(fd, &chunk, chunk.count)
      guard count > 0 else { throw StandIn.Failure(description: "the TCP printer exited") }
      buffer += chunk[0..<count]
    }
  }
}

/// Starting child processes with every signal deliverable.
///
/// The test runner's threads block almost every signal, and a child inherits the blocked set:
/// a bus daemon started by `dbus-run-session` then never sees the SIGTERM that should end it
/// (hundreds of them outlived their tests), nor cupsd the one that stops it. So the calling
/// thread unblocks everything for the moment of the spawn.
enum Spawn {
  static func run(_ process: Process) throws {
    var none = sigset_t()
    sigemptyset(&none)
    var saved = sigset_t()
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try process.run()
  }
}
