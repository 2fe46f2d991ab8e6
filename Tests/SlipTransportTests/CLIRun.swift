import Foundation
import SlipTestSupport

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
}

/// The stand-in TCP printer, shared with the queue's tests.
typealias TCPPrinter = TCPStandInPrinter
