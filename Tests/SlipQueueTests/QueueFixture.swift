import Foundation
import SlipQueue
import SlipTransport

/// A state directory of its own, and helpers to wait for the queue.
struct QueueFixture {
  /// A fresh, empty state directory, in a folder of the temporary folder's that keeps only the
  /// last hour's (tests cannot all clean up after themselves: a queue may still hold its
  /// directory when its test ends).
  static func directory() -> String {
    _ = sweep
    return parent.appendingPathComponent(UUID().uuidString).path
  }

  private static let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
    "slip-queue-tests")

  /// Makes the folder, and removes state directories more than an hour old, once per test run.
  private static let sweep: Void = {
    let manager = FileManager.default
    try? manager.createDirectory(at: parent, withIntermediateDirectories: true)
    let old = Date(timeIntervalSinceNow: -3600)
    for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] {
      let path = parent.appendingPathComponent(name).path
      let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
      if let modified, modified < old { try? manager.removeItem(atPath: path) }
    }
  }()

  /// A printer at `destination` (`tcp:…`) with a short timeout.
  static func printer(_ destination: String, checkStatus: Bool = false, timeout: Duration = .seconds(3))
    throws -> QueuePrinter
  {
    var options = BLESendOptions()
    options.timeout = timeout
    return QueuePrinter(destination: try Destination(destination), options: options, checkStatus: checkStatus)
  }

  /// Quick backoff, so that tests do not wait long for a printer that comes back.
  static var options: QueueOptions {
    var options = QueueOptions()
    options.backoff = .milliseconds(50)
    options.maximumBackoff = .milliseconds(400)
    options.busyTimeout = .milliseconds(300)
    return options
  }

  /// Polls `condition` every 20 ms until it holds or `seconds` pass; whether it held. It
  /// sleeps as a task, so a test waiting for the queue does not hold one of the few threads the
  /// whole test run shares.
  static func wait(_ seconds: Double = 20, until condition: () throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
  }

  /// A job's bytes: `count` bytes from `seed`, different for every job.
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
  }
}
