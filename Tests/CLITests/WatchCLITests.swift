import Foundation
import Testing

/// `slip render --watch`, run as a child process: each step waits (up to a bound, never a fixed
/// sleep) for the line that says the watcher saw it.
@Suite struct WatchCLITests {
  /// How long any one step may take before the test fails instead of hanging the suite: far
  /// more than a render takes, even on a loaded 2-core machine.
  static let bound: TimeInterval = 20

  /// A running `slip` whose output is collected as it comes.
  final class Child: @unchecked Sendable {
    let process = Process()
    private let condition = NSCondition()
    private var out = ""
    private var err = ""
    private let exited = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in folder: URL) throws {
      process.executableURL = CLITests.binary
      process.arguments = arguments
      process.currentDirectoryURL = folder
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardOutput = stdout
      process.standardError = stderr
      process.standardInput = FileHandle.nullDevice
      stdout.fileHandleForReading.readabilityHandler = { handle in
        self.append(handle.availableData, toError: false)
      }
      stderr.fileHandleForReading.readabilityHandler = { handle in
        self.append(handle.availableData, toError: true)
      }
      process.terminationHandler = { [exited] _ in exited.signal() }
      try process.run()
    }

    /// Ends the child if a failed step left it running, and lets go of its pipes.
    func stop() {
      if process.isRunning { process.terminate() }
      (process.standardOutput as? Pipe)?.fileHandleForReading.readabilityHandler = nil
      (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
    }

    private func append(_ data: Data, toError: Bool) {
      condition.lock()
      if toError {
        err += String(decoding: data, as: UTF8.self)
      } else {
        out += String(decoding: data, as: UTF8.self)
      }
      condition.broadcast()
      condition.unlock()
    }

    /// Waits until `ready(stdout, stderr)` holds; false after the bound.
    func wait(until ready: (String, String) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(WatchCLITests.bound)
      condition.lock()
      defer { condition.unlock() }
      while !ready(out, err) {
        if !condition.wait(until: deadline) { return ready(out, err) }
      }
      return true
    }

    /// Standard output and error so far.
    var output: (out: String, err: String) {
      condition.lock()
      defer { condition.unlock() }
      return (out, err)
    }

    /// Sends SIGINT and waits for the exit; nil if it did not exit within the bound.
    func interrupt() -> Int32? {
      process.interrupt()
      return exitStatus()
    }

    /// Waits for the exit; nil if it did not exit within the bound.
    func exitStatus() -> Int32? {
      guard exited.wait(timeout: .now() + WatchCLITests.bound) == .success else { return nil }
      return process.terminationStatus
    }
  }

  static func count(_ text: String, _ part: String) -> Int {
    text.components(separatedBy: part).count - 1
  }

  @Test func reRendersOnEveryChangeAndKeepsTheLastGoodPreview() throws {
    let folder = try PreviewCLITests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ text: String, _ name: String) throws {
      // Atomically, as editors save: a new file renamed over the old one.
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let preview = folder.appendingPathComponent("out.png")
    try write("receipt paper=58mm\ntext \"{{ name }}\"\ninclude \"parts/footer.slip\"\ncut\n", "r.slip")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
    try write("text \"first footer\"\n", "parts/footer.slip")
    try write("{\"name\": \"Kopi Senja\"}", "r.json")

    let child = try Child(
      ["render", "r.slip", "--data", "r.json", "--preview", "out.png", "--watch"], in: folder)
    defer { child.stop() }
    let rendered = "rendered in "
    #expect(child.wait { out, _ in Self.count(out, rendered) >= 1 }, "\(child.output)")
    #expect(child.output.out.contains("ms → out.png"))
    let first = try Data(contentsOf: preview)

    // An included file, in a folder of its own.
    try write("text \"second footer, longer\"\n", "parts/footer.slip")
    #expect(child.wait { out, _ in Self.count(out, rendered) >= 2 }, "\(child.output)")
    let second = try Data(contentsOf: preview)
    #expect(second != first)

    // Errors are printed as 'slip render' prints them; the preview stays as it was.
    try write("receipt paper=58mm\ntext \"{{ name | rupia }}\"\ncut\n", "r.slip")
    #expect(child.wait { out, err in out.contains("not rendered") && err.contains("unknown filter 'rupia'") })
    #expect(child.output.err.contains("r.slip:2:17: error: unknown filter 'rupia' [E0302]"))
    #expect(try Data(contentsOf: preview) == second)

    // Fixed, with an include that does not exist yet: creating it renders again.
    try write("receipt paper=58mm\ntext \"{{ name }}\"\ninclude \"later.slip\"\ncut\n", "r.slip")
    #expect(child.wait { _, err in err.contains("cannot find 'later.slip'") }, "\(child.output)")
    try write("text \"later\"\n", "later.slip")
    #expect(child.wait { out, _ in Self.count(out, rendered) >= 3 }, "\(child.output)")

    // The data is watched too.
    try write("{\"name\": \"Warung\"}", "r.json")
    #expect(child.wait { out, _ in Self.count(out, rendered) >= 4 }, "\(child.output)")
    #expect(try Data(contentsOf: preview) != second)

    #expect(child.interrupt() == 0)
  }

  @Test func watchingNeedsFilesToKeepUpToDate() throws {
    let alone = try CLITests.slip("render", "templates/kopi-senja.slip", "--watch")
    #expect(alone.status == 64)
    #expect(alone.stderr.contains("'--watch' keeps files up to date"))
    let piped = try CLITests.slip("render", "-", "--preview", "x.png", "--watch", stdin: "receipt\n")
    #expect(piped.status == 64)
    #expect(piped.stderr.contains("cannot come from standard input"))
    // A template missing from the start is a typo to report, not a file to wait for.
    let missing = try Child(
      ["render", "no-such-template.slip", "--preview", "x.png", "--watch"], in: CLITests.root)
    defer { missing.stop() }
    #expect(missing.exitStatus() == 66)
    // The pipe may deliver the message after the exit: wait for it too.
    #expect(missing.wait { _, err in err.contains("template 'no-such-template.slip' does not exist") })
  }
}
