import Foundation
import SlipCore
import SlipKit
import SlipTestSupport
import Testing

/// Batches through SlipKit give the bytes `slip render --data FILE.jsonl` writes, record by
/// record, and report bad records with their lines.
@Suite struct BatchTests {
  static let records = "Tests/SlipZPLTests/Cases/batch-badge/records.jsonl"
  static let template = "templates/event-badge.slip"

  func batch(storedFormat: String?) throws -> (bytes: [UInt8], events: [BatchEvent]) {
    let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    let root = Repository.root.path + "/"
    let source = try TemplateSource(path: root + Self.template)
    let preparation = renderer.prepare(
      TemplateSource(SourceFile(path: Self.template, bytes: source.file.bytes), loader: source.loader))
    let compiled = try #require(preparation.template)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + Self.records)))
    var batch = Batch(
      renderer: renderer, template: compiled,
      records: Records(bytes: bytes, format: .jsonLines, path: Self.records), target: .zpl(),
      storedFormat: storedFormat)
    var out: [UInt8] = []
    var events: [BatchEvent] = []
    while let event = batch.next() {
      if case .rendered(let record) = event { out += record.bytes }
      events.append(event)
    }
    return (out, events)
  }

  @Test(arguments: [nil, "BADGE"] as [String?])
  func sameBytesAsTheCLI(storedFormat: String?) throws {
    let (bytes, events) = try batch(storedFormat: storedFormat)
    let cli = try ProcessRun.run(
      Repository.product("slip"),
      ["render", Self.template, "--data", Self.records]
        + (storedFormat.map { ["--stored-format", $0] } ?? []),
      environment: ["SOURCE_DATE_EPOCH": "1764511509"])
    #expect(cli.status == 65)
    #expect(bytes == cli.output)
    let skipped = events.compactMap { event -> Int? in
      if case .skipped(let record) = event { return record.line }
      return nil
    }
    #expect(skipped == [5, 6])
    #expect(events.filter { if case .rendered = $0 { true } else { false } }.count == 4)
  }

  @Test func unreadableRecordsHaveTheirLine() throws {
    let renderer = Renderer()
    let preparation = renderer.prepare(
      TemplateSource(SourceFile(path: "t.slip", text: "receipt paper=58mm\ntext \"{{ name }}\"\n")))
    let compiled = try #require(preparation.template)
    let csv = Array("name,city\nAni,Solo\nBudi\nCici,Medan\n".utf8)
    var batch = Batch(
      renderer: renderer, template: compiled, records: Records(bytes: csv, format: .csv, path: "v.csv"),
      target: .text)
    var lines: [String] = []
    while let event = batch.next() {
      switch event {
      case .rendered(let record):
        lines.append("\(record.line): " + String(decoding: record.bytes, as: UTF8.self))
      case .unreadable(let record): lines.append("\(record.line): \(record.diagnostics.map(\.id))")
      case .skipped(let record): lines.append("\(record.line): skipped")
      case .stopped(let problem): lines.append("stopped \(problem.id)")
      }
    }
    #expect(lines == ["2: Ani\n\n", "3: [\"E0482\"]", "4: Cici\n\n"])
  }

  @Test func theReportNamesLinesAndSaysEachWarningOnce() throws {
    let (_, events) = try batch(storedFormat: nil)
    var report = BatchReport(path: Self.records)
    var leftOut: [String] = []
    for event in events {
      switch event {
      case .rendered(let record): _ = report.freshWarnings(record)
      case .skipped(let record): leftOut.append(report.leftOut(record))
      default: break
      }
    }
    // A warning repeated in every record is reported once and counted after that.
    let seenAgain = events.compactMap { event -> BatchRecord? in
      if case .rendered(let record) = event { return record }
      return nil
    }
    let copy = try #require(seenAgain.first)
    let before = report.repeated
    #expect(report.freshWarnings(copy).isEmpty)
    #expect(report.repeated == before + copy.diagnostics.count)
    #expect(
      leftOut == [5, 6].map { "\(Self.records):\($0): note: the record on this line is left out" })
    let summary = report.summary(rendered: 4, failed: 2, labels: true)
    #expect(summary.last == "slip: 2 records of '\(Self.records)' left out; 4 labels written")
    #expect(BatchReport(path: "v.csv").summary(rendered: 3, failed: 0, labels: false).isEmpty)
    let renderer = Renderer()
    let compiled = try #require(
      renderer.prepare(
        TemplateSource(SourceFile(path: "t.slip", text: "receipt paper=58mm\ntext \"{{ name }}\"\n"))
      )
      .template)
    var csv = Batch(
      renderer: renderer, template: compiled,
      records: Records(bytes: Array("name,city\nBudi\n".utf8), format: .csv, path: "v.csv"), target: .text)
    guard case .unreadable(let record) = csv.next() else {
      Issue.record("the short CSV row is not unreadable")
      return
    }
    let lines = BatchReport(path: "v.csv").unreadable(record)
    #expect(lines.count == 1 && lines[0].hasPrefix("v.csv:2:") && lines[0].hasSuffix("[E0482]"))
  }
}
