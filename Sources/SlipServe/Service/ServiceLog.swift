import Foundation
import Synchronization

/// The service's log: one line per request and per job state change, each starting with the
/// UTC time, written whole (lines from many threads never interleave).
public final class ServiceLog: Sendable {
  private let write: @Sendable (String) -> Void
  private let lock = Mutex(())

  /// A log handing each line (with its newline) to `write`; standard error by default.
  public init(write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) })
  {
    self.write = write
  }

  /// A log that drops everything (tests that do not read it).
  public static let silent = ServiceLog { _ in }

  /// `2026-12-02T00:40:01.123Z text`.
  public func line(_ text: String) {
    let stamp = Date().formatted(
      .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    lock.withLock { _ in write("\(stamp) \(text)\n") }
  }

  /// A request's line: `POST /render 200 1532B 12.4ms`, with a note for a stream or a request
  /// closed before an answer (status 0).
  func request(
    _ method: String, _ target: String, status: Int, bytes: Int, since start: ContinuousClock.Instant,
    note: String
  ) {
    let elapsed = ContinuousClock.now - start
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    let status = status == 0 ? "-" : String(status)
    let tail = note.isEmpty ? "" : " (\(note))"
    line(
      "\(method) \(Self.printable(target)) \(status) \(bytes)B \(String(format: "%.1f", milliseconds))ms\(tail)"
    )
  }

  /// `text` with control characters escaped, so a hostile path cannot forge log lines.
  static func printable(_ text: String) -> String {
    let limited = text.count > 200 ? String(text.prefix(200)) + "…" : text
    var out = ""
    for scalar in limited.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        out += String(format: "\\x%02x", scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
