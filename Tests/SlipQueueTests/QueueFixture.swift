import Foundation
import SlipQueue
import SlipTransport

/// A state directory of its own, and helpers to wait for the queue.
struct QueueFixture {
  /// A fresh, empty state directory under the temporary folder.
  static func directory() -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-queue-\(UUID())")
    return url.path
  }

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

  /// Polls `condition` every 20 ms until it holds or `seconds` pass; whether it held.
  static func wait(_ seconds: Double = 20, until condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(20_000)
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
