import Foundation
import SlipPNG
import SlipTestSupport
import Testing

/// The docs' command-line examples run as written, so the docs cannot drift from the CLI.
///
/// In every `docs/*.md`:
/// - a ```` ```console ```` block is a terminal session: each `$ ` line is run by `/bin/sh` (the
///   built `slip` first on `PATH`, standard error into standard output, `$?` carried from one
///   command to the next) in a fresh folder where `docs/` and `templates/` are the repository's,
///   and the block must be exactly the commands and what they printed;
/// - a block whose info string names a file (```` ```slip file=docs/cookbook/badge.slip ````)
///   must be that file's contents, so what the reader copies is what the commands ran;
/// - a picture `![…](images/NAME.png)` must be written as `NAME.png` by a command of that page,
///   and the committed `docs/images/NAME.png` must have the same pixels.
///   `SLIP_RECORD=1` rewrites the pictures and fails, so a recording is always reviewed.
@Suite struct DocsCommandTests {
  static let root = CLITests.root
  static let docs = root.appendingPathComponent("docs")

  /// A fenced block: its info string, the line after its opening fence, its text.
  struct Block {
    var info: String
    var line: Int
    var body: String
  }

  /// The pages with something to run or compare.
  static var pages: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().filter { name in
      blocks(in: name).contains { $0.info == "console" || $0.info.contains("file=") }
    }
  }

  static func blocks(in page: String) -> [Block] {
    guard let text = try? String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8) else {
      return []
    }
    var blocks: [Block] = []
    var open: Block?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        if let block = open {
          blocks.append(block)
          open = nil
        } else {
          open = Block(info: String(line.dropFirst(3)), line: number + 2, body: "")
        }
      } else if open != nil {
        open!.body += line + "\n"
      }
    }
    return blocks
  }

  @Test func theDocsHaveSessions() {
    #expect(Self.pages.contains("DIAGNOSTICS.md"))
    #expect(Self.pages.contains("COOKBOOK.md"))
  }

  @Test(arguments: pages)
  func page(_ page: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "slip-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for shared in ["docs", "templates"] {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(shared),
        withDestinationURL: Self.root.appendingPathComponent(shared))
    }
    for block in Self.blocks(in: page) {
      if block.info == "console" {
        let printed = try Self.session(block.body, in: folder)
        #expect(printed == block.body, "\(page):\(block.line): the session prints otherwise")
      } else if let file = block.info.split(separator: " ").first(where: { $0.hasPrefix("file=") }) {
        let path = Self.root.appendingPathComponent(String(file.dropFirst(5)))
        let contents = try? String(contentsOf: path, encoding: .utf8)
        #expect(contents == block.body, "\(page):\(block.line): differs from \(path.path)")
      }
    }
    try comparePictures(of: page, madeIn: folder)
  }

  /// Every diagnostic ID in the sources falls in a row of DIAGNOSTICS.md's table (`E01xx`), and
  /// the catalog files the table names exist.
  @Test func everyIdentifierIsInTheTable() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("DIAGNOSTICS.md"), encoding: .utf8)
    let rows = Set(page.matches(of: /`([EW]0\d)xx`/).map { String($0.output.1) })
    var seen: Set<String> = []
    let walker = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources").path)
    while let path = walker?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/\(path)"), encoding: .utf8)
      for match in text.matches(of: /"([EW]0\d)\d\d"/) { seen.insert(String(match.output.1)) }
    }
    #expect(seen.count >= 10)
    // The catalogs it names are where it says.
    for match in page.matches(of: /`(Sources\/[A-Za-z0-9_\/]+\.swift)`/) {
      let path = String(match.output.1)
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
        "DIAGNOSTICS.md names \(path), which does not exist")
    }
    #expect(
      seen.subtracting(rows).isEmpty, "IDs missing from DIAGNOSTICS.md: \(seen.subtracting(rows).sorted())")
  }

  /// The pattern EDITORS.md gives for problem matchers takes apart every first line of the
  /// text diagnostics, and finds the places the JSON gives.
  @Test func theProblemMatcherPatternMatches() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("EDITORS.md"), encoding: .utf8)
    let pattern = try #require(page.firstMatch(of: /`(\^\(\.\+\)[^`]+)`/)).output.1
    let regex = try Regex(String(pattern))
    let text = try CLITests.slip("check", "docs/diagnostics/receipt.slip").stderr
    let json = try CLITests.slip("check", "docs/diagnostics/receipt.slip", "--format", "json").stdout
    let firstLines = text.split(separator: "\n").filter {
      $0.contains(": error: ") || $0.contains(": warning: ")
    }
    #expect(firstLines.count == 3)
    for line in firstLines {
      let match = try #require(try regex.wholeMatch(in: line), "no match: \(line)")
      let place =
        "\"line\": \(match.output[2].substring ?? ""), \"column\": \(match.output[3].substring ?? "")"
      #expect(json.contains(place), "\(place) is not in the JSON")
    }
  }

  /// Foundation's JSON parser reads what `slip check --format json` prints, and each diagnostic,
  /// note and fix-it has exactly the fields DIAGNOSTICS.md documents.
  @Test func theJSONHasTheDocumentedFields() throws {
    let page = try String(contentsOf: Self.docs.appendingPathComponent("DIAGNOSTICS.md"), encoding: .utf8)
    let rows = page.split(separator: "\n").compactMap { $0.firstMatch(of: /^\| `([a-zA-Z]+)` \|/)?.output.1 }
    let documented = Set(rows.map(String.init))
    let place: Set = ["file", "line", "column", "endLine", "endColumn"]
    var seen: [Set<String>] = []
    for arguments in [
      ["check", "docs/diagnostics/receipt.slip", "--format", "json"],
      ["check", "docs/diagnostics/prize.slip", "--data", "docs/diagnostics/prize.json", "--format", "json"],
    ] {
      let output = try CLITests.run(arguments).stdout
      let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["diagnostics"])
      for diagnostic in try #require(object["diagnostics"] as? [[String: Any]]) {
        seen.append(Set(diagnostic.keys))
        for note in diagnostic["notes"] as? [[String: Any]] ?? [] {
          #expect(Set(note.keys) == place.union(["message"]))
        }
        for fixIt in diagnostic["fixIts"] as? [[String: Any]] ?? [] {
          #expect(Set(fixIt.keys) == place.union(["message", "replacement"]))
        }
      }
    }
    #expect(seen.count == 4)
    for keys in seen {
      #expect(keys == documented, "documented: \(documented.sorted()), printed: \(keys.sorted())")
    }
  }

  /// Runs a session's commands in one shell and returns the transcript it would show.
  static func session(_ body: String, in folder: URL) throws -> String {
    var script =
      "PATH=\(quote(CLITests.binary.deletingLastPathComponent().path)):$PATH\nexec 2>&1\nstatus=0\n"
    for line in body.split(separator: "\n") where line.hasPrefix("$ ") {
      let command = String(line.dropFirst(2))
      script += "printf '%s\\n' \(quote("$ " + command))\n(exit $status)\n\(command)\nstatus=$?\n"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// A shell word holding `text` exactly.
  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Each picture the page shows was drawn by its commands, pixel for pixel.
  func comparePictures(of page: String, madeIn folder: URL) throws {
    let text = try String(contentsOf: Self.docs.appendingPathComponent(page), encoding: .utf8)
    let names = text.matches(of: /\]\(images\/([A-Za-z0-9_.-]+\.png)\)/).map { String($0.output.1) }
    let recording = GoldenRecording.isOn
    for name in Set(names).sorted() {
      let made = folder.appendingPathComponent(name)
      let committed = Self.docs.appendingPathComponent("images/\(name)")
      guard let madeBytes = try? Data(contentsOf: made) else {
        Issue.record("\(page): no command writes \(name)")
        continue
      }
      if recording {
        try FileManager.default.createDirectory(
          at: committed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try madeBytes.write(to: committed)
        Issue.record("recorded docs/images/\(name); unset SLIP_RECORD and look at it")
        continue
      }
      let committedBytes = try Data(contentsOf: committed)
      let decoder = PNGDecoder()
      #expect(
        try decoder.decode(Array(madeBytes)) == decoder.decode(Array(committedBytes)),
        "\(page): docs/images/\(name) is not what the command draws")
    }
  }
}
