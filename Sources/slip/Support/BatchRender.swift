import SlipCore
import SlipKit
import SlipRecords

/// `slip render` over a file of records: SlipKit's ``Batch`` renders the template compiled once
/// for each record (`--jobs` at once, on as many cores), and each record's bytes are written in
/// order as soon as they are made. Memory stays that of a few records whatever the file's length.
///
/// A record that cannot be rendered is reported with its line and skipped; the others print,
/// and the command ends with exit code 65.
struct BatchRender {
  /// The render command, validated.
  let command: RenderCommand
  /// The data file: records, or one JSON document for a stored format of one label.
  let data: String

  func run(with renderer: Renderer) throws(CommandFailure) -> ExitCode {
    let printer = DiagnosticPrinter()
    let profile = try command.printer.map { name throws(CommandFailure) in try RenderSetup.profile(name) }
    let preparation = renderer.prepare(try RenderSetup.template(command.template, root: command.root))
    printer.print(preparation.diagnostics, sources: preparation.sources)
    guard let compiled = preparation.template else { return ExitCode.forDiagnostics(preparation.diagnostics) }
    let target = RenderTarget.resolve(
      command.target, isLabel: compiled.isLabel, profile: profile, mode: command.mode, zpl: command.zpl)
    try RenderTarget.check(target, output: command.output, zpl: command.zpl)
    if command.zpl.storedFormat != nil, !compiled.isLabel {
      throw CommandFailure(
        message: "'--stored-format' is for labels; a receipt's length changes with its data", code: .usage)
    }
    let records: Records
    do throws(InputError) {
      records = try Records(path: data)
    } catch {
      throw CommandFailure(error)
    }
    var batch = Batch(
      renderer: renderer, template: compiled, records: records, target: target,
      storedFormat: command.zpl.storedFormat, jobs: command.jobs ?? 1)
    var sink: ByteSink
    do throws(InputError) {
      sink =
        command.output == "-"
        ? ByteSink(descriptor: 1, name: "standard output") : try ByteSink(path: command.output)
    } catch {
      throw CommandFailure(message: error.message, code: .ioError)
    }
    var reporter = BatchReporter(printer: printer, path: records.path)
    var rendered = 0
    var failed = 0
    while let event = batch.next() {
      switch event {
      case .rendered(let record):
        reporter.warnings(record)
        do throws(InputError) {
          try sink.write(record.bytes)
        } catch {
          sink.abandon()
          throw CommandFailure(message: error.message, code: .ioError)
        }
        rendered += 1
      case .skipped(let record):
        reporter.failed(record)
        failed += 1
      case .unreadable(let record):
        reporter.problem(record)
        failed += 1
      case .stopped(let problem):
        sink.abandon()
        printer.print([problem], sources: preparation.sources)
        return ExitCode.forDiagnostics([problem])
      }
    }
    do throws(InputError) {
      try sink.finish()
    } catch {
      throw CommandFailure(message: error.message, code: .ioError)
    }
    reporter.summary(rendered: rendered, failed: failed, labels: compiled.isLabel)
    return failed > 0 ? .badData : .ok
  }
}

/// Prints SlipKit's ``BatchReport`` as the batch goes: diagnostics through the printer, notes
/// and the summary on standard error.
struct BatchReporter {
  let printer: DiagnosticPrinter
  var report: BatchReport

  init(printer: DiagnosticPrinter, path: String) {
    self.printer = printer
    self.report = BatchReport(path: path)
  }

  /// The warnings not printed before, and which record they were first seen in.
  mutating func warnings(_ record: BatchRecord) {
    let fresh = report.freshWarnings(record)
    guard !fresh.isEmpty else { return }
    printer.print(fresh, sources: record.sources)
    Console.error(report.firstSeen(record) + "\n\n")
  }

  /// A record that could not be read, at its line (and column) of the data file.
  func problem(_ record: BatchRecord) {
    for line in report.unreadable(record) { Console.error(line + "\n\n") }
  }

  /// A record the template could not render: its diagnostics, and the line it is on.
  func failed(_ record: BatchRecord) {
    printer.print(record.diagnostics, sources: record.sources)
    Console.error(report.leftOut(record) + "\n\n")
  }

  func summary(rendered: Int, failed: Int, labels: Bool) {
    for line in report.summary(rendered: rendered, failed: failed, labels: labels) {
      Console.error(line + "\n")
    }
  }
}
