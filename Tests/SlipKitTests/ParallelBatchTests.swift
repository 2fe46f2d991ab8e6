import Foundation
import SlipCore
import SlipESCPOS
import SlipKit
import SlipRecords
import SlipTestSupport
import SlipZPL
import Testing

/// A batch with several jobs renders records on several threads and writes them in order: its
/// events (bytes, diagnostics, the files they point into, lines) are those of one job, record for
/// record, over files that mix good records with unreadable ones and ones that fail to render.
@Suite struct ParallelBatchTests {
  /// One event of a batch, comparable.
  struct Outcome: Equatable, CustomStringConvertible {
    var kind: String
    var line = 0
    var column: Int?
    var bytes: [UInt8] = []
    var diagnostics: [Diagnostic]
    var sources = SourceFiles()

    init(_ event: BatchEvent) {
      switch event {
      case .rendered(let record), .skipped(let record), .unreadable(let record):
        if case .rendered = event {
          kind = "rendered"
        } else if case .skipped = event {
          kind = "skipped"
        } else {
          kind = "unreadable"
        }
        line = record.line
        column = record.column
        bytes = record.bytes
        diagnostics = record.diagnostics
        sources = record.sources
      case .stopped(let problem):
        kind = "stopped"
        diagnostics = [problem]
      }
    }

    var description: String { "\(kind) \(line) \(diagnostics.map(\.id)) \(bytes.count) bytes" }
  }

  static let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))

  /// `template` compiled as the CLI compiles it, includes and images from the repository.
  static func compile(_ path: String) throws -> CompiledTemplate {
    let source = try TemplateSource(path: Repository.root.path + "/" + path)
    return try #require(
      renderer.prepare(
        TemplateSource(SourceFile(path: path, bytes: source.file.bytes), loader: source.loader)
      )
      .template)
  }

  /// `text` compiled, its images read from `templates/`.
  static func compile(text: String) throws -> CompiledTemplate {
    let path = Repository.root.path + "/templates/t.slip"
    let loader = TemplateSource.loader(forTemplateAt: path, root: nil)
    return try #require(
      renderer.prepare(TemplateSource(SourceFile(path: path, text: text), loader: loader)).template)
  }

  /// Every event of a batch over `data` with `jobs` jobs.
  static func outcomes(
    _ compiled: CompiledTemplate, data: String, format: RecordFormat = .jsonLines, target: Target,
    storedFormat: String? = nil, jobs: Int
  ) -> [Outcome] {
    var batch = Batch(
      renderer: renderer, template: compiled,
      records: Records(bytes: Array(data.utf8), format: format, path: "r.jsonl"), target: target,
      storedFormat: storedFormat, jobs: jobs)
    var outcomes: [Outcome] = []
    while let event = batch.next() { outcomes.append(Outcome(event)) }
    #expect(batch.next() == nil)
    return outcomes
  }

  /// `count` badge records from a seeded generator: mostly good, some lines not objects
  /// (unreadable), some not JSON, some without the visitor's name (they fail to render), blank
  /// lines; the event's name changes at record `eventChangesAt`.
  static func badges(_ count: Int, eventChangesAt: Int? = nil, seed: UInt64 = 23) -> String {
    var random = SplitMix64(seed: seed)
    let names = [
      "Raden Ajeng Kartini Wulandari", "Budi", "Siti Nurhaliza", "Made", "Ayu Lestari", "Ñoño Ünal",
      "สมชาย ใจดี", "محمد علي",
    ]
    let companies = [
      "Kopi Senja", "Perusahaan Perdagangan Internasional Nusantara Jaya", "Warung Bu Sri", "",
    ]
    var lines: [String] = []
    for index in 0..<count {
      let event = index >= (eventChangesAt ?? .max) ? "Bali Design Days" : "Jakarta Tech Week 2026"
      let name = names[Int(random.next() % UInt64(names.count))]
      let company = companies[Int(random.next() % UInt64(companies.count))]
      let ticket = "JTW26-\(String(index + 1000))"
      switch random.next() % 20 {
      case 0: lines.append("[\"not\", \"an object\"]")
      case 1: lines.append("{\"visitor\": {\"name\": \"\(name)\" \"company\": 1}")
      case 2:
        lines.append(
          "{\"event\": {\"name\": \"\(event)\"}, \"visitor\": {\"company\": \"\(company)\"}, "
            + "\"ticket\": {\"id\": \"\(ticket)\"}}")
      case 3: lines.append("")
      default:
        lines.append(
          "{\"event\": {\"name\": \"\(event)\"}, \"visitor\": {\"name\": \"\(name)\", \"company\": \"\(company)\"}, "
            + "\"ticket\": {\"id\": \"\(ticket)\"}}")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The kinds of events, to show the mix is there.
  static func kinds(_ outcomes: [Outcome]) -> Set<String> { Set(outcomes.map(\.kind)) }

  @Test(arguments: [2, 3, 8])
  func wholeLabelsAreThoseOfOneJob(jobs: Int) throws {
    let compiled = try Self.compile("templates/event-badge.slip")
    let data = Self.badges(300)
    let one = Self.outcomes(compiled, data: data, target: .zpl(), jobs: 1)
    let many = Self.outcomes(compiled, data: data, target: .zpl(), jobs: jobs)
    #expect(Self.kinds(one) == ["rendered", "skipped", "unreadable"])
    #expect(one.count > 250)
    #expect(many == one)
  }

  @Test(arguments: [2, 4])
  func storedFormatRecallsAreThoseOfOneJob(jobs: Int) throws {
    let compiled = try Self.compile("templates/event-badge.slip")
    // The event's name is in the stored format until record 150 changes it.
    let data = Self.badges(300, eventChangesAt: 150)
    let one = Self.outcomes(compiled, data: data, target: .zpl(), storedFormat: "BADGE", jobs: 1)
    let many = Self.outcomes(compiled, data: data, target: .zpl(), storedFormat: "BADGE", jobs: jobs)
    let definitions = one.map { String(decoding: $0.bytes, as: UTF8.self) }.filter { $0.contains("^DF") }
    #expect(definitions.count == 2)
    #expect(many == one)
    // A file whose first record is followed by a bad one, and a file of one record.
    for small in [Self.badges(3, seed: 5), "[1]\n" + Self.badges(2), Self.badges(1, seed: 2)] {
      #expect(
        Self.outcomes(compiled, data: small, target: .zpl(), storedFormat: "BADGE", jobs: jobs)
          == Self.outcomes(compiled, data: small, target: .zpl(), storedFormat: "BADGE", jobs: 1))
    }
  }

  @Test(arguments: [3, 12] as [Int])
  func numberedCopiesAreThoseOfOneJob(copies: Int) throws {
    // Copy 5 of a record without a city fails: its errors join the record's, and its copies stop.
    let compiled = try Self.compile(
      text: "label width=2in height=1in dpi=203\ntext \"{{ n }} {{ copy }}/{{ copies }}\" x=0 y=0\n"
        + "if copy == 5\n  text \"{{ city }}\" x=0 y=40\nend\n")
    var lines: [String] = []
    for index in 0..<200 {
      lines.append(
        index % 13 == 0
          ? "7" : index % 7 == 0 ? "{\"n\": \"\(index)\"}" : "{\"n\": \"\(index)\", \"city\": \"Solo\"}")
    }
    let data = lines.joined(separator: "\n")
    let target = Target.zpl(ZPLJobSettings(copies: copies))
    let one = Self.outcomes(compiled, data: data, target: target, jobs: 1)
    #expect(Self.kinds(one) == ["rendered", "unreadable"])
    // Copy 5's errors are a rendered record's.
    #expect(
      one.contains { $0.kind == "rendered" && $0.diagnostics.contains { $0.severity == .error } }
        == (copies >= 5))
    #expect(Self.outcomes(compiled, data: data, target: target, jobs: 2) == one)
    #expect(
      Self.outcomes(compiled, data: data, target: target, storedFormat: "REC", jobs: 3)
        == Self.outcomes(compiled, data: data, target: target, storedFormat: "REC", jobs: 1))
  }

  @Test func receiptsAreThoseOfOneJob() throws {
    // A record named 'fail' names data it does not have; pictures the data names are read and
    // decoded as each record renders (one that is not there fails); Thai text is shaped.
    let compiled = try Self.compile(
      text: "receipt paper=58mm\ntext \"{{ name }}\" bold\nrow \"{{ city }}\" | \"{{ total }}\"\n"
        + "image \"{{ logo }}\" width=50%\nif name == \"fail\"\n  text \"{{ nothing.here }}\"\nend\ncut\n")
    var csv = "name,city,total,logo\n"
    for index in 0..<300 {
      let logo = index % 23 == 0 ? "nowhere.png" : "logo.png"
      csv +=
        index % 11 == 0
        ? "Budi \(index)\n"
        : index % 17 == 0
          ? "fail,Solo,0,logo.png\n" : "Ani \(index) สมชาย,\"Solo, Jawa\",\(index * 1000),\(logo)\n"
    }
    for target in [Target.escpos(nil, mode: .text), .escpos(nil, mode: .raster), .text] {
      let one = Self.outcomes(compiled, data: csv, format: .csv, target: target, jobs: 1)
      #expect(Self.kinds(one) == ["rendered", "skipped", "unreadable"])
      #expect(Self.outcomes(compiled, data: csv, format: .csv, target: target, jobs: 2) == one)
    }
  }

  @Test func aBackendErrorStopsTheBatchAtTheSameRecord() throws {
    // An 80 mm receipt on a 58 mm printer fits while it prints only a QR code; the first record
    // with text stops the batch.
    let compiled = try Self.compile(
      text: "receipt paper=80mm\nif big\n  text \"{{ name }}\"\nend\nqr \"{{ name }}\"\n")
    var lines: [String] = []
    for index in 0..<200 { lines.append("{\"name\": \"n\(index)\", \"big\": \(index == 150)}") }
    let data = lines.joined(separator: "\n")
    let target = Target.escpos(PrinterProfile.generic(forPaper: "58mm"), mode: .text)
    let one = Self.outcomes(compiled, data: data, target: target, jobs: 1)
    #expect(one.count == 151)
    #expect(one.last?.kind == "stopped")
    #expect(Self.outcomes(compiled, data: data, target: target, jobs: 2) == one)
  }

  @Test func aBatchLeftMidwayCallsOffItsRuns() throws {
    let compiled = try Self.compile("templates/event-badge.slip")
    let data = Self.badges(2000)
    let one = Self.outcomes(compiled, data: data, target: .zpl(), jobs: 1)
    var taken: [Outcome] = []
    do {
      var batch = Batch(
        renderer: Self.renderer, template: compiled,
        records: Records(bytes: Array(data.utf8), format: .jsonLines, path: "r.jsonl"), target: .zpl(),
        jobs: 4)
      for _ in 0..<40 { if let event = batch.next() { taken.append(Outcome(event)) } }
      // The batch goes here, its runs ahead called off or waited for.
    }
    #expect(taken == Array(one.prefix(40)))
  }
}
