import Foundation
import SlipTestSupport
import Testing

/// Every input kept under Fixtures/TARGET/ (what a fuzzer once found, and hand-made inputs at
/// the limits) replayed through the same entry point libFuzzer drives: the SlipFuzz replay
/// build, `SlipFuzz TARGET FILE`. Each must finish, without a crash, in a few seconds.
@Suite struct FuzzRegressionTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The fuzz targets, as SlipFuzz names them.
  static let targets = ["template", "data", "png", "records", "disasm", "profile"]

  /// The `SlipFuzz` built next to this test bundle.
  static var binary: URL { Repository.product("SlipFuzz") }

  @Test(arguments: targets)
  func savedInputsReplayCleanly(_ target: String) throws {
    let folder = Self.fixtures.appendingPathComponent(target)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty, "no saved inputs for \(target)")
    for file in files {
      let process = Process()
      process.executableURL = Self.binary
      process.arguments = [target, folder.appendingPathComponent(file).path]
      try process.run()
      // A debug build is some ten times slower than the fuzzer's; 1 s there is 10 s here.
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning, Date() < deadline { usleep(10_000) }
      let hung = process.isRunning
      if hung { process.terminate() }
      process.waitUntilExit()
      #expect(!hung, "\(target)/\(file) ran longer than 10 s")
      let how = process.terminationReason == .exit ? "status" : "signal"
      #expect(
        process.terminationReason == .exit && process.terminationStatus == 0,
        "\(target)/\(file) ended with \(how) \(process.terminationStatus)")
    }
  }
}
