import Foundation
import Testing

/// `slip render --target escpos`, `slip printers` and `slip disasm` as a user runs them.
@Suite struct ESCPOSCLITests {
  static func slip(_ arguments: String..., stdin: String? = nil) throws -> CLITests.Outcome {
    try CLITests.run(arguments, stdin: stdin)
  }

  @Test func escposIsTheDefaultTargetAndStartsWithInit() throws {
    let result = try Self.slip("render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{1B}@"))
    #expect(result.stdout.contains("Kopi Senja"))
    #expect(result.stderr.isEmpty)
  }

  @Test func writesBytesToAFileAndListsThem() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("slip-cli-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: output) }
    let render = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--printer",
      "epson-tm-t20iii",
      "-o", output.path)
    #expect(render.status == 0)
    #expect(render.stdout.isEmpty)
    let listing = try Self.slip("disasm", output.path)
    #expect(listing.status == 0)
    #expect(listing.stdout.hasPrefix("ESC @              | init\nGS L 96 0          | left margin 96\n"))
    #expect(listing.stdout.contains("\"Kopi Senja\"\n"))
    #expect(listing.stdout.contains("GS V 1             | partial cut\n"))
  }

  @Test func refusesToWriteBytesToATerminal() throws {
    // `script` gives the command a terminal as standard output.
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else { return }
    let command = "\(CLITests.binary.path) render templates/kopi-senja.slip --data templates/kopi-senja.json"
    let process = Process()
    process.executableURL = script
    process.arguments = ["-qec", command, "/dev/null"]
    process.currentDirectoryURL = CLITests.root
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = Pipe()
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 64)
    #expect(text.contains("refusing to write ESC/POS bytes to a terminal"))
    #expect(!text.contains("\u{1B}@"))
  }

  @Test func anEightyMillimetreTemplateDoesNotFitFiftyEight() throws {
    let result = try Self.slip(
      "render", "templates/warung-80.slip", "--data", "templates/warung-80.json", "--printer", "generic-58")
    #expect(result.status == 64)
    #expect(result.stderr.contains("the template is laid out for 80mm paper, 48 columns of font A"))
    #expect(result.stderr.contains("[E0601]"))
    #expect(result.stdout.isEmpty)
  }

  @Test func theTextViewTakesAPrinter() throws {
    // The printer decides the columns: a 58 mm template's text for generic-58 is accepted, and
    // an 80 mm one is refused as the ESC/POS target refuses it.
    let fits = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "text",
      "--printer", "generic-58")
    #expect(fits.status == 0)
    #expect(fits.stdout.contains("Kopi Senja"))
    let wide = try Self.slip(
      "render", "templates/warung-80.slip", "--data", "templates/warung-80.json", "--target", "text",
      "--printer", "generic-58")
    #expect(wide.status != 0)
    #expect(wide.stderr.contains("[E0601]"))
    #expect(wide.stdout.isEmpty)
  }

  @Test func aLineWithCharactersNoCodePageHasPrintsAsAnImageOfItself() throws {
    let template = try CLITests.temporaryFile(
      "receipt paper=58mm\ntext \"Caf\u{E9} \u{2605}\"\ntext \"Caf\u{E9}\"\n", suffix: ".slip")
    let output = template + ".bin"
    let result = try Self.slip("render", template, "--printer", "xprinter-xp80t", "-o", output)
    #expect(result.status == 0)
    #expect(!result.stderr.contains("[W0601]"), "\(result.stderr)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    // The line with '★' is a GS v 0 image as wide as the template (48 bytes) and a line (30 rows)
    // tall, no '?'; the other line is text, 'é' as 0x82 in PC437 (ESC t 0).
    #expect(bytes.firstRange(of: [0x1D, 0x76, 0x30, 0, 48, 0, 30, 0]) != nil)
    #expect(bytes.firstRange(of: [0x43, 0x61, 0x66, 0x1B, 0x74, 0, 0x82, 0x0A]) != nil)
    #expect(bytes.firstRange(of: [0x82, 0x20, 0x3F]) == nil)
  }

  @Test func printersAreListedOnePerLineIDFirst() throws {
    let result = try Self.slip("printers")
    #expect(result.status == 0)
    let ids = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ").first.map(String.init) ?? ""
    }
    #expect(
      ids == [
        "generic-58", "generic-80", "epson-tm-t20iii", "epson-tm-t88", "xprinter-xp80t", "rongta-rp326",
      ])
    #expect(result.stdout.contains("generic-58       dots=384 dpi=203 columns=32/42 cutter=none"))
  }

  @Test func aPrintedProfileIsAProfileFile() throws {
    let shown = try Self.slip("printers", "generic-58", "--json")
    #expect(shown.status == 0)
    let edited = shown.stdout.replacingOccurrences(of: "\"generic-58\"", with: "\"my-58\"")
    let file = try CLITests.temporaryFile(edited, suffix: ".json")
    let details = try Self.slip("printers", file)
    #expect(details.status == 0)
    #expect(details.stdout.hasPrefix("my-58: Generic 58 mm"))
    let render = try Self.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--printer", file)
    #expect(render.status == 0)
    #expect(render.stdout.hasPrefix("\u{1B}@"))
  }

  @Test func malformedProfilesAndUnknownPrintersAreClear() throws {
    let file = try CLITests.temporaryFile(
      "{\"id\": \"x\", \"dpi\": 203,\n \"dots\": \"384\"}", suffix: ".json")
    let malformed = try Self.slip("render", "templates/kopi-senja.slip", "--printer", file)
    #expect(malformed.status == 65)
    #expect(
      malformed.stderr.contains(
        ":2:10: invalid printer profile: 'dots': expected a whole number from 8 to 4096"))
    let unknown = try Self.slip("render", "templates/kopi-senja.slip", "--printer", "generic58")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown printer 'generic58'; did you mean 'generic-58'?"))
    let missing = try Self.slip("render", "templates/kopi-senja.slip", "--printer", "./nope.json")
    #expect(missing.status == 66)
    let irPrinter = try Self.slip(
      "render", "templates/kopi-senja.slip", "--target", "ir", "--printer", "generic-58")
    #expect(irPrinter.status == 64)
  }

  @Test func disasmReadsStandardInputAndSurvivesGarbage() throws {
    let result = try Self.slip("disasm", "-", stdin: "\u{1B}@\u{1D}(k\u{3}hi")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("ESC @              | init\n"))
    #expect(result.stdout.contains("truncated"))
  }

  @Test func newCommandsHaveHelp() throws {
    for command in [["printers", "--help"], ["disasm", "--help"]] {
      let result = try CLITests.run(command)
      #expect(result.status == 0)
      #expect(result.stdout.contains("USAGE: slip \(command[0])"))
    }
  }
}
