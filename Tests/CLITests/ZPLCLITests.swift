import Foundation
import SlipTestSupport
import Testing

/// `slip render --target zpl` and batches of records, as a user runs them.
///
/// The batch goldens live with the ZPL goldens: each folder of `Tests/SlipZPLTests/Cases` with a
/// `command.txt` holds the arguments after `slip render` (`{case}` is the folder, `{cases}` the
/// folder of cases) and the expected `out.zpl`, `out.listing` and `out.stderr` (with the exit
/// code). A stored-format command also keeps `plain.zpl`, the same records without it:
/// `scripts/zpl-check` holds the two to the same pixels in zplkit.
@Suite struct ZPLCLITests {
  static let cases = "Tests/SlipZPLTests/Cases"

  static func slip(_ arguments: String..., stdin: String? = nil) throws -> CLITests.Outcome {
    try CLITests.run(arguments, stdin: stdin)
  }

  static func temporary(_ name: String, _ contents: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("slip-zpl-\(UUID())-\(name)")
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  static var batchCases: [String] {
    let folder = CLITests.root.appendingPathComponent(cases)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/command.txt").path)
    }.sorted()
  }

  /// The `slip render` arguments of batch case `name`: its command.txt with its places filled in.
  static func arguments(of name: String) throws -> [String] {
    let folder = CLITests.root.appendingPathComponent(cases).appendingPathComponent(name)
    let command = try String(contentsOf: folder.appendingPathComponent("command.txt"), encoding: .utf8)
    return command.split(whereSeparator: \.isWhitespace).map {
      $0.replacingOccurrences(of: "{cases}", with: cases)
        .replacingOccurrences(of: "{case}", with: "\(cases)/\(name)")
    }
  }

  @Test func thereAreBatchCases() {
    #expect(Self.batchCases.count >= 4)
  }

  @Test(arguments: batchCases)
  func batch(_ name: String) throws {
    let folder = CLITests.root.appendingPathComponent(Self.cases).appendingPathComponent(name)
    let arguments = try Self.arguments(of: name)
    let result = try CLITests.run(["render"] + arguments)
    var actual = [
      "out.zpl": result.stdout,
      "out.listing": try Self.slip("disasm", "-", stdin: result.stdout).stdout,
      "out.stderr": result.stderr + "exit \(result.status)\n",
    ]
    if let index = arguments.firstIndex(of: "--stored-format") {
      var plain = arguments
      plain.removeSubrange(index...(index + 1))
      if let copies = plain.firstIndex(of: "--copies") { plain.removeSubrange(copies...(copies + 1)) }
      actual["plain.zpl"] = try CLITests.run(["render"] + plain).stdout
    }
    let files = ["out.zpl", "out.listing", "out.stderr", "plain.zpl"]
    if GoldenRecording.isOn {
      for file in files {
        let url = folder.appendingPathComponent(file)
        if let text = actual[file] {
          try text.write(to: url, atomically: true, encoding: .utf8)
        } else {
          try? FileManager.default.removeItem(at: url)
        }
      }
      GoldenRecording.recorded(name)
      return
    }
    for file in files {
      let expected = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(actual[file] == expected, "\(name)/\(file) differs")
    }
  }

  /// Every batch case gives the same bytes, messages and exit code with one job as with several.
  @Test(arguments: batchCases)
  func jobsChangeNothingButTheTime(_ name: String) throws {
    let arguments = try Self.arguments(of: name)
    let one = try CLITests.run(["render"] + arguments + ["--jobs", "1"])
    for jobs in ["2", "5"] {
      let many = try CLITests.run(["render"] + arguments + ["--jobs", jobs])
      #expect(many.stdout == one.stdout, "\(name) --jobs \(jobs)")
      #expect(many.stderr == one.stderr, "\(name) --jobs \(jobs)")
      #expect(many.status == one.status, "\(name) --jobs \(jobs)")
    }
  }

  @Test func badJobsAreUsageErrors() throws {
    let records = "\(Self.cases)/batch-badge/records.jsonl"
    for value in ["0", "-2", "two", "1025"] {
      let result = try Self.slip("render", "templates/event-badge.slip", "--data", records, "--jobs", value)
      #expect(result.status == 64)
      #expect(result.stderr.contains("invalid value '\(value)' for '--jobs'; expected 1 to 1024"))
      #expect(result.stdout.isEmpty)
    }
    for data in [["--data", "templates/event-badge.json"], []] {
      let result = try CLITests.run(["render", "templates/event-badge.slip", "--jobs", "2"] + data)
      #expect(result.status == 64)
      #expect(result.stderr.contains("'--jobs' needs records: '--data FILE.jsonl' or '.csv'"))
    }
  }

  @Test func zplIsTheDefaultForLabels() throws {
    let result = try Self.slip("render", "templates/event-badge.slip", "--data", "templates/event-badge.json")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("^XA\n^PW812^LL609^LH0,0^CI28\n"))
    #expect(result.stdout.hasSuffix("^XZ\n"))
    #expect(result.stderr.isEmpty)
  }

  @Test func receiptsPrintOnContinuousMediaWithZPL() throws {
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "zpl",
      "--darkness", "15")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("^XA\n^MNN~SD15\n^PW384^LL"))
  }

  @Test func zplOptionsNeedTheZPLTarget() throws {
    let explicit = try Self.slip(
      "render", "templates/event-badge.slip", "--data", "templates/event-badge.json", "--target", "text",
      "--copies", "2")
    #expect(explicit.status == 64)
    #expect(explicit.stderr.contains("ZPL options apply to '--target zpl' only"))
    let byTemplate = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--copies", "2", "-o",
      "/dev/null")
    #expect(byTemplate.status == 64)
    #expect(byTemplate.stderr.contains("not 'escpos'"))
  }

  @Test func outOfRangeSettingsAreUsageErrors() throws {
    let result = try Self.slip(
      "render", "templates/event-badge.slip", "--data", "templates/event-badge.json", "--darkness", "31")
    #expect(result.status == 64)
    #expect(result.stderr.contains("invalid value '31' for '--darkness'; expected 0 to 30"))
  }

  @Test func storedFormatsAreForLabels() throws {
    let data = try Self.temporary(
      "r.jsonl",
      try String(contentsOfFile: "\(CLITests.root.path)/templates/kopi-senja.json", encoding: .utf8)
        .replacingOccurrences(of: "\n", with: " ") + "\n")
    defer { try? FileManager.default.removeItem(at: data) }
    let result = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", data.path, "--target", "zpl", "--stored-format", "R")
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--stored-format' is for labels"))
  }

  @Test func aBadStoredFormatNameIsRefused() throws {
    let result = try Self.slip(
      "render", "templates/event-badge.slip", "--data", "templates/event-badge.json", "--stored-format",
      "my badge")
    #expect(result.status == 64)
    #expect(result.stderr.contains("'my badge' cannot name a stored format"))
  }

  @Test func receiptsBatchToo() throws {
    let record = try String(
      contentsOfFile: "\(CLITests.root.path)/templates/kopi-senja.json", encoding: .utf8
    )
    .replacingOccurrences(of: "\n", with: " ")
    let data = try Self.temporary("r.jsonl", record + "\n" + record + "\n")
    defer { try? FileManager.default.removeItem(at: data) }
    let text = try Self.slip("render", "templates/kopi-senja.slip", "--data", data.path, "--target", "text")
    #expect(text.status == 0)
    #expect(text.stdout.components(separatedBy: "Kopi Senja").count == 3)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-zpl-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: output) }
    let escpos = try Self.slip("render", "templates/kopi-senja.slip", "--data", data.path, "-o", output.path)
    #expect(escpos.status == 0)
    let bytes = try Data(contentsOf: output)
    #expect(bytes.starts(with: [0x1B, 0x40]))
    #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}@").count == 3)
  }

  @Test func aFileIsReplacedOnlyWhenTheBatchIsWritten() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-zpl-\(UUID()).zpl")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try Self.slip(
      "render", "templates/event-badge.slip", "--data", "\(Self.cases)/batch-badge/records.jsonl", "-o",
      output.path)
    #expect(result.status == 65)
    let written = try String(contentsOf: output, encoding: .utf8)
    #expect(written.components(separatedBy: "^XA").count == 5)
    #expect(!FileManager.default.fileExists(atPath: output.path + ".slip-partial"))
  }

  @Test func aLabelPrintsOnAReceiptPrinterAsOnePicture() throws {
    let template = try Self.temporary(
      "l.slip",
      "label width=48mm height=20mm dpi=203\nbox x=0 y=0 w=384 h=160 border=3\n"
        + "text \"{{ name }}\" x=10 y=20 w=364 size=40 align=center\n")
    defer { try? FileManager.default.removeItem(at: template) }
    let data = try Self.temporary("l.json", #"{"name": "Kopi Senja"}"#)
    defer { try? FileManager.default.removeItem(at: data) }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-zpl-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try Self.slip(
      "render", template.path, "--data", data.path, "--target", "escpos", "-o", output.path)
    #expect(result.status == 0)
    let listing = try Self.slip("disasm", output.path)
    #expect(listing.stdout.contains("GS v 0 0 48 160    | raster image 384x160 dots"))
  }

  @Test func disasmListsZPLAfterAByteOrderMark() throws {
    let result = try Self.slip("disasm", "Tests/SlipZPLTests/Listings/bom.zpl")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("# UTF-8 byte-order mark (skipped)\n^XA"))
  }

  @Test func disasmStrictRefusesUnknownCommands() throws {
    let file = "Tests/SlipZPLTests/Listings/parameters.zpl"
    let lenient = try Self.slip("disasm", file)
    #expect(lenient.status == 0)
    #expect(lenient.stdout.contains("^QQ1,2                                        # unknown command\n"))
    let strict = try Self.slip("disasm", "--strict", file)
    #expect(strict.status == 65)
    #expect(strict.stdout == lenient.stdout)
    #expect(strict.stderr == "\(file):29:1: error: unknown ZPL command '^QQ'\n")
    let clean = try Self.slip("disasm", "--strict", "Tests/SlipZPLTests/Listings/crlf.zpl")
    #expect(clean.status == 0)
    #expect(clean.stderr.isEmpty)
    let escpos = try Self.slip("disasm", "--strict", "-", stdin: "\u{1B}@\u{7}hi")
    #expect(escpos.status == 65)
    #expect(escpos.stderr == "<stdin>: error: 1 unknown ESC/POS command\n")
  }

  @Test func aLabelWiderThanTheReceiptPrinterIsRefused() throws {
    let result = try Self.slip(
      "render", "templates/event-badge.slip", "--data", "templates/event-badge.json", "--target", "escpos",
      "-o",
      "/dev/null")
    #expect(result.status == 64)
    #expect(result.stderr.contains("the label is 812 dots wide; printer 'generic-58' prints 384 [E0605]"))
  }

  @Test func aMissingDataFileIs66() throws {
    let result = try Self.slip("render", "templates/event-badge.slip", "--data", "nowhere.jsonl")
    #expect(result.status == 66)
    #expect(result.stderr.contains("cannot read data file 'nowhere.jsonl'"))
  }

  @Test func csvHeadersMustNameData() throws {
    let data = try Self.temporary("v.csv", "visitor.name,visitor\nA,B\n")
    defer { try? FileManager.default.removeItem(at: data) }
    let result = try Self.slip("render", "templates/event-badge.slip", "--data", data.path)
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        ":1: error: the header's columns 'visitor.name' and 'visitor' name the same data"))
  }
}
