import Foundation
import Testing

/// Golden files re-recorded with `SLIP_RECORD=1`: a recording run writes what the code makes
/// now and fails, so it can never pass CI by accident.
public enum GoldenRecording {
  /// Whether this run records instead of comparing.
  public static var isOn: Bool { ProcessInfo.processInfo.environment["SLIP_RECORD"] != nil }

  /// Fails the test that recorded `name`, saying what to do next.
  public static func recorded(
    _ name: String, look: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Issue.record(
      "recorded \(name); \(look.isEmpty ? "" : look + ", ")unset SLIP_RECORD and review the diff",
      sourceLocation: sourceLocation)
  }
}
