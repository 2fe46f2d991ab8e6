import Foundation
import SlipTestSupport
import Testing

/// End-to-end tests that run the built `slip` binary as a user or a pipeline would.
@Suite struct CLITests {
  static let root = Repository.root

  static var binary: URL { Repository.product("slip") }

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func slip(_ arguments: String..., stdin: String? = nil) throws -> Outcome {
    try run(arguments, stdin: stdin)
  }

  static func run(_ arguments: [String], stdin: String? = nil) throws -> Outcome {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = root
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  static let sampleText = """
          Kopi Senja
     Jl. Tunjungan No. 12, Surabaya
    --------------------------------
    Kopi Susu x2           Rp 36.000
    Roti Bakar x1          Rp 18.000
    --------------------------------
    TOTAL                  Rp 54.000

             Terima kasih!

    """

  @Test func rendersTheSampleReceipt() throws {
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "text")
    #expect(result.status == 0)
    #expect(result.stdout == Self.sampleText)
    #expect(result.stderr.isEmpty)
  }

  @Test func readsDataFromStandardInput() throws {
    let data = try String(
      contentsOf: Self.root.appendingPathComponent("templates/kopi-senja.json"), encoding: .utf8)
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "-", "--target", "text", stdin: data)
    #expect(result.status == 0)
    #expect(result.stdout == Self.sampleText)
  }

  @Test func writesTheIRDumpToAFile() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-cli-\(UUID()).ir")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "ir", "-o",
      output.path)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let dump = try String(contentsOf: output, encoding: .utf8)
    #expect(dump.hasPrefix("receipt paper=58mm width=384 dpi=203 font=A columns=32\n"))
    #expect(dump.contains("run col=3 width=10 bold \"Kopi Senja\""))
  }

  @Test func templateErrorsExitOne() throws {
    let template = try Self.temporaryFile("receipt paper=58mm\ntext \"{{ x | rupia }}\"\n", suffix: ".slip")
    let result = try Self.slip("check", template)
    #expect(result.status == 1)
    #expect(result.stderr.contains(":2:14: error: unknown filter 'rupia' [E0302]"))
    #expect(result.stderr.contains("did you mean 'rupiah'?"))
  }

  @Test func dataErrorsExitSixtyFive() throws {
    let data = try Self.temporaryFile("{\"shop\": {\"name\": \"A\"},}", suffix: ".json")
    let result = try Self.slip("render", "templates/kopi-senja.slip", "--data", data)
    #expect(result.status == 65)
    #expect(result.stderr.contains(":1:23: error: invalid JSON"))

    let missing = try Self.temporaryFile("{\"shop\": {\"name\": \"A\"}}", suffix: ".json")
    let second = try Self.slip("render", "templates/kopi-senja.slip", "--data", missing)
    #expect(second.status == 65)
    #expect(second.stderr.contains("data path 'shop.address' does not exist"))
    #expect(second.stdout.isEmpty)
  }

  @Test func usageErrorsExitSixtyFour() throws {
    for arguments in [
      ["render"], ["render", "a.slip", "--target", "pdf"], ["render", "a.slip", "--dat", "x"], ["frobnicate"],
      [],
    ] {
      let process = try Self.run(arguments)
      #expect(process.status == 64, "\(arguments)")
      #expect(process.stderr.contains("slip: error:") || arguments.isEmpty, "\(arguments)")
    }
    let typo = try Self.slip("render", "a.slip", "--dat", "x")
    #expect(typo.stderr.contains("did you mean '--data'?"))
  }

  @Test func missingFilesExitSixtySix() throws {
    let result = try Self.slip("render", "no-such-template.slip")
    #expect(result.status == 66)
    #expect(result.stderr.contains("template 'no-such-template.slip' does not exist"))
    let data = try Self.slip("render", "templates/kopi-senja.slip", "--data", "nope.json")
    #expect(data.status == 66)
  }

  @Test func renderReportsJSONLinesOnStandardErrorAndKeepsItsOutput() throws {
    let data = try Self.temporaryFile(
      #"{"shop": {"name": "K\u0007S", "address": "x"}, "items": [], "discount": 0, "total": 0}"#,
      suffix: ".json")
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", data, "--target", "text", "--format", "json")
    #expect(result.status == 0)
    #expect(result.stdout.contains("TOTAL"))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["id"] as? String == "W0501")
      #expect(object?["severity"] as? String == "warning")
      #expect(object?["line"] as? Int == 4)
      #expect(object?["file"] as? String == "templates/kopi-senja.slip")
    }
    let records = try Self.temporaryFile("{}\n", suffix: ".jsonl")
    let batch = try Self.slip("render", "templates/event-badge.slip", "--data", records, "--format", "json")
    #expect(batch.status == 64)
    #expect(batch.stderr.contains("'--format json' is for one receipt or label"))
  }

  @Test func checkReportsJSONForPipelines() throws {
    let template = try Self.temporaryFile("receipt paper=58mm\ntxt \"a\"\nfor x in y\n", suffix: ".slip")
    let result = try Self.slip("check", template, "templates/kopi-senja.slip", "--format", "json")
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let diagnostics = try #require(object?["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 2)
    let first = diagnostics[0]
    #expect(first["line"] as? Int == 2)
    #expect(first["column"] as? Int == 1)
    #expect(first["endColumn"] as? Int == 4)
    #expect(first["severity"] as? String == "error")
    #expect(first["id"] as? String == "E0201")
    let fixIts = try #require(first["fixIts"] as? [[String: Any]])
    #expect(fixIts.first?["replacement"] as? String == "text")
    let notes = try #require(diagnostics[1]["notes"] as? [[String: Any]])
    #expect(notes.first?["line"] as? Int == 3)
  }

  @Test func checkPassesCleanTemplates() throws {
    let result = try Self.slip("check", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.isEmpty)
  }

  @Test func fmtRewritesChecksAndFilters() throws {
    let messy = "receipt   paper=58mm\n  text \"a\"  bold   align=center # hi\n"
    let tidy = "receipt paper=58mm\ntext \"a\" align=center bold # hi\n"
    let piped = try Self.slip("fmt", "-", stdin: messy)
    #expect(piped.status == 0)
    #expect(piped.stdout == tidy)

    let file = try Self.temporaryFile(messy, suffix: ".slip")
    let check = try Self.slip("fmt", "--check", file)
    #expect(check.status == 1)
    #expect(check.stderr.contains("\(file): would be reformatted"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == messy)

    #expect(try Self.slip("fmt", file).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == tidy)
    #expect(try Self.slip("fmt", "--check", file).status == 0)

    let broken = try Self.temporaryFile("receipt\nfor x in\n", suffix: ".slip")
    let refused = try Self.slip("fmt", broken)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("error:"))
    #expect(try String(contentsOfFile: broken, encoding: .utf8) == "receipt\nfor x in\n")
  }

  @Test func everyCommandHasHelp() throws {
    for command in [["--help"], ["render", "--help"], ["check", "--help"], ["fmt", "--help"]] {
      let result = try Self.run(command)
      #expect(result.status == 0)
      #expect(result.stdout.contains("USAGE: slip"))
    }
  }

  static func temporaryFile(_ contents: String, suffix: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-cli-\(UUID())\(suffix)")
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
