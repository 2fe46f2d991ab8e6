import Foundation
import Testing

/// Every limit on untrusted input (docs/SECURITY.md lists them) as a user meets it: an error
/// with its file, line and column and its ID, a non-zero exit, and no crash, hang or half output.
@Suite struct LimitsCLITests {
  /// A fresh folder for one test's files.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-limits-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func write(_ contents: String, to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  static func write(bytes: [UInt8], to name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// A PNG of only a signature and a header claiming `width`×`height` (its CRC is not checked
  /// before the size is).
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func big(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + Array("IHDR".utf8) + big(width)
      + big(height) + [8, 0, 0, 0, 0] + [0, 0, 0, 0]
  }

  @Test func includesNestedMoreThan32DeepAreAnError() throws {
    let folder = try Self.folder()
    for level in 1...40 {
      _ = try Self.write("include \"f\(level + 1).slip\"\n", to: "f\(level).slip", in: folder)
    }
    _ = try Self.write("text \"bottom\"\n", to: "f41.slip", in: folder)
    let top = try Self.write("receipt paper=58mm\ninclude \"f1.slip\"\n", to: "top.slip", in: folder)
    let outcome = try CLITests.slip("check", top)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains(":1:9: error: includes are nested more than 32 deep [E0319]"))
  }

  /// Twelve files each including the next twice would be 4096 copies; before the limit,
  /// 24 levels hung `slip check`.
  @Test func includesExpandAtMost1000TimesInAll() throws {
    let folder = try Self.folder()
    for level in 1...24 {
      _ = try Self.write(
        "include \"f\(level + 1).slip\"\ninclude \"f\(level + 1).slip\"\n", to: "f\(level).slip", in: folder)
    }
    _ = try Self.write("text \"x\"\n", to: "f25.slip", in: folder)
    let top = try Self.write("receipt paper=58mm\ninclude \"f1.slip\"\n", to: "top.slip", in: folder)
    let started = Date()
    let outcome = try CLITests.slip("check", top)
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains(
        "error: the template includes more than 1000 files in all, counting repeats [E0335]"))
    #expect(outcome.stderr.components(separatedBy: "[E0335]").count == 2, "reported once")
  }

  /// A million items: the loop stops at the item limit (10,000, or --max-items) with an error at
  /// the statement, in bounded memory, and no receipt is written.
  @Test func aMillionItemLoopStopsAtTheConfigurableMaximum() throws {
    let folder = try Self.folder()
    let template = try Self.write(
      "receipt paper=58mm\nfor i in items\n  text \"{{ i }}\"\nend\n", to: "t.slip", in: folder)
    let data = try Self.write(
      "{\"items\": [" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]}", to: "d.json",
      in: folder)
    let output = folder.appendingPathComponent("out.bin").path
    let outcome = try Self.measured(["render", template, "--data", data, "-o", output])
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("t.slip:3:3: error: this data makes the template print more than 10000 lines"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let peak = outcome.stderr.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[1]) } ?? .max
    #expect(peak < 600_000, "peak memory \(peak) KB")

    let limited = try CLITests.slip(
      "render", template, "--data", data, "--target", "text", "--max-items", "50")
    #expect(limited.status == 65)
    #expect(limited.stderr.contains("more than 50 lines and pictures"))
    let usage = try CLITests.slip("render", template, "--data", data, "--max-items", "0")
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("invalid value '0' for '--max-items'"))
  }

  /// `slip` with `arguments` under `/usr/bin/time`, whose last line of standard error is the
  /// peak memory: "peak N KB".
  static func measured(_ arguments: [String]) throws -> CLITests.Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "peak %M KB", CLITests.binary.path] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLITests.Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Wrapped text counts too: one statement with 2,000 words is 2,000 lines of a 58 mm receipt.
  @Test func wrappedLinesCountTowardTheMaximum() throws {
    let folder = try Self.folder()
    let template = try Self.write("receipt paper=58mm\ntext \"{{ note }}\"\n", to: "t.slip", in: folder)
    let words = Array(repeating: "abcdefghijklmnopqrstuvwxyz0123", count: 2_000).joined(separator: " ")
    let data = try Self.write("{\"note\": \"\(words)\"}", to: "d.json", in: folder)
    let outcome = try CLITests.slip(
      "render", template, "--data", data, "--target", "text", "--max-items", "1000")
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("t.slip:2:1: error: this data makes the template print more than 1000 lines"))
  }

  @Test func loopsThatPrintNothingStopAfterAMillionRuns() throws {
    let folder = try Self.folder()
    let template = try Self.write(
      "receipt paper=58mm\nfor a in items\n  for b in items\n    set x = a\n  end\nend\ntext \"done\"\n",
      to: "t.slip", in: folder)
    let data = try Self.write(
      "{\"items\": [" + Array(repeating: "1", count: 2_000).joined(separator: ",") + "]}", to: "d.json",
      in: folder)
    let outcome = try CLITests.slip("render", template, "--data", data, "--target", "text")
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("t.slip:3:12: error: with this data the loops run more than 1000000 times"))
    #expect(outcome.stderr.contains("[E0441]"))
  }

  @Test func oneStatementPrintsAtMost64KiB() throws {
    let folder = try Self.folder()
    let template = try Self.write("receipt paper=58mm\ntext \"Name: {{ name }}\"\n", to: "t.slip", in: folder)
    let data = try Self.write(
      "{\"name\": \"\(String(repeating: "x", count: 70_000))\"}", to: "d.json", in: folder)
    let outcome = try CLITests.slip("render", template, "--data", data, "--target", "text")
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains(
        "t.slip:2:6: error: with this data the text is 70006 bytes long; one statement prints at most 65536 [E0442]"
      ))
  }

  @Test func picturesOverTheSizeLimitsAreErrorsAtTheirStatement() throws {
    let folder = try Self.folder()
    _ = try Self.write(bytes: Self.pngHeader(width: 30_000, height: 10), to: "wide.png", in: folder)
    _ = try Self.write(bytes: Self.pngHeader(width: 7_000, height: 7_000), to: "many.png", in: folder)
    _ = try Self.write(bytes: Array("P5 25000 1 255\n".utf8) + [0], to: "wide.pgm", in: folder)
    let template = try Self.write(
      "receipt paper=58mm\nimage \"wide.png\"\nimage \"many.png\"\nimage \"wide.pgm\"\n", to: "t.slip",
      in: folder)
    let outcome = try CLITests.slip("check", template)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("t.slip:2:7: error: cannot read 'wide.png': the image is 30000×10 pixels;"))
    #expect(
      outcome.stderr.contains("t.slip:3:7: error: cannot read 'many.png': the image is 7000×7000 pixels;"))
    #expect(
      outcome.stderr.contains("t.slip:4:7: error: cannot read 'wide.pgm': the image is 25000×1 pixels;"))
    #expect(outcome.stderr.contains("at most 20000 pixels a side and 40000000 pixels in all [E0323]"))
  }

  @Test func dataFilesOver64MiBAreRefusedBeforeReading() throws {
    let folder = try Self.folder()
    let template = try Self.write("receipt paper=58mm\ntext \"{{ a }}\"\n", to: "t.slip", in: folder)
    let data = folder.appendingPathComponent("big.json")
    #expect(FileManager.default.createFile(atPath: data.path, contents: nil))
    let handle = try FileHandle(forWritingTo: data)
    try handle.seek(toOffset: 65 << 20)
    try handle.write(contentsOf: Data([0x20]))
    try handle.close()
    let outcome = try CLITests.slip("render", template, "--data", data.path, "--target", "text")
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("data file '\(data.path)' is larger than 64 MiB, the most Slip reads whole"))
  }

  /// A JSON Lines record over 1 MiB is reported with its line and left out; the others print.
  @Test func recordsOver1MiBAreLeftOut() throws {
    let folder = try Self.folder()
    let template = try Self.write(
      "label width=2in height=1in dpi=203\ntext \"{{ name }}\" x=10 y=10 size=30\n", to: "t.slip", in: folder)
    let long = "{\"name\": \"\(String(repeating: "x", count: 1_200_000))\"}"
    let data = try Self.write("\(long)\n{\"name\": \"Budi\"}\n", to: "d.jsonl", in: folder)
    let outcome = try CLITests.slip("render", template, "--data", data, "--target", "zpl")
    #expect(outcome.status == 65)
    #expect(outcome.stderr.contains("d.jsonl:1: error: this record is longer than 1 MiB"))
    #expect(outcome.stderr.contains("[E0484]"))
    #expect(outcome.stdout.components(separatedBy: "^XA").count == 2, "the good record printed")
    #expect(outcome.stdout.contains("^FDBudi^FS"))
  }

  /// A CSV header of 90,000 columns (under the 1 MiB record limit) took over a minute, every
  /// column compared with every other; now its clashes are lookups.
  @Test func aWideCSVHeaderIsReadInLinearTime() throws {
    let folder = try Self.folder()
    let template = try Self.write(
      "label width=2in height=1in dpi=203\ntext \"{{ v.c1 }}\" x=10 y=10 size=30\n", to: "t.slip", in: folder)
    let columns = 0..<90_000
    let data = try Self.write(
      columns.map { "v.c\($0)" }.joined(separator: ",") + "\n"
        + columns.map { _ in "7" }.joined(separator: ",")
        + "\n", to: "d.csv", in: folder)
    let started = Date()
    let outcome = try CLITests.slip("render", template, "--data", data, "--target", "zpl")
    #expect(Date().timeIntervalSince(started) < 20)
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("^FD7^FS"))
  }

  /// zint's own limit comes second: our error says how long the data is and what fits.
  @Test func qrDataLongerThanAQRCodeHoldsIsOurError() throws {
    let folder = try Self.folder()
    let template = try Self.write("receipt paper=80mm\nqr \"{{ url }}\" ecc=H\n", to: "t.slip", in: folder)
    let data = try Self.write(
      "{\"url\": \"https://x.example/\(String(repeating: "a", count: 1_300))\"}", to: "d.json", in: folder)
    let outcome = try CLITests.slip("render", template, "--data", data, "--target", "text")
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr.contains("t.slip:2:4: error: cannot encode 'https://x.example/aaaaaaaaaaaaaaaaaaaaaa…'"))
    #expect(
      outcome.stderr.contains(
        "(1318 characters) as qr: it is 1318 bytes long; a QR code at level H holds at most 1273 [E0430]"))
  }
}
