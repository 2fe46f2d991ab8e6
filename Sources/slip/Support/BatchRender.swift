import SlipCore
import SlipKit
import SlipRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `slip render` over a file of records: SlipKit's ``Batch`` renders the template compiled once
/// for each record, and each record's bytes are written as soon as they are made. Memory stays
/// that of one record whatever the file's length.
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
      storedFormat: command.zpl.storedFormat)
    var sink = try OutputSink(path: command.output)
    var reporter = BatchReporter(printer: printer, path: records.path)
    var rendered = 0
    var failed = 0
    while let event = batch.next() {
      switch event {
      case .rendered(let record):
        reporter.warnings(record)
        do throws(CommandFailure) {
          try sink.write(record.bytes)
        } catch {
          sink.abandon()
          throw error
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
    try sink.finish()
    reporter.summary(rendered: rendered, failed: failed, labels: compiled.isLabel)
    return failed > 0 ? .badData : .ok
  }
}

/// Diagnostics of a batch: each record's errors with its line, each distinct warning once.
struct BatchReporter {
  let printer: DiagnosticPrinter
  /// The data file, as diagnostics name it.
  let path: String
  /// Warnings printed so far (up to a bound: memory must not grow with the records).
  private var seen: Set<String> = []
  private var repeated = 0

  init(printer: DiagnosticPrinter, path: String) {
    self.printer = printer
    self.path = path
  }

  /// Prints the warnings not printed before, and which record they were first seen in.
  mutating func warnings(_ record: BatchRecord) {
    let fresh = record.diagnostics.filter { diagnostic in
      let key = "\(diagnostic.id) \(diagnostic.message) \(String(describing: diagnostic.range))"
      if seen.contains(key) {
        repeated += 1
        return false
      }
      if seen.count < 1000 { seen.insert(key) }
      return true
    }
    guard !fresh.isEmpty else { return }
    printer.print(fresh, sources: record.sources)
    Console.error("\(path):\(record.line): note: first seen in the record on this line\n\n")
  }

  /// A record that could not be read, at its line (and column) of the data file.
  func problem(_ record: BatchRecord) {
    let place = "\(path):\(record.line):" + (record.column.map { "\($0):" } ?? "")
    for problem in record.diagnostics {
      Console.error("\(place) error: \(problem.message) [\(problem.id)]\n\n")
    }
  }

  /// A record the template could not render: its diagnostics, and the line it is on.
  func failed(_ record: BatchRecord) {
    printer.print(record.diagnostics, sources: record.sources)
    Console.error("\(path):\(record.line): note: the record on this line is left out\n\n")
  }

  func summary(rendered: Int, failed: Int, labels: Bool) {
    if repeated > 0 {
      Console.error("slip: \(repeated) warning\(repeated == 1 ? "" : "s") like those above not shown again\n")
    }
    guard failed > 0 else { return }
    let noun = labels ? "label" : "receipt"
    Console.error(
      "slip: \(failed) record\(failed == 1 ? "" : "s") of '\(path)' left out; "
        + "\(rendered) \(noun)\(rendered == 1 ? "" : "s") written\n")
  }
}

/// The output of a batch, written as it is made: standard output directly, a file through a
/// temporary file beside it that replaces it only when the batch is complete.
struct OutputSink {
  private let descriptor: Int32
  private let path: String?
  private let temporary: String?
  private var pending: [UInt8] = []

  init(path: String) throws(CommandFailure) {
    guard path != "-" else {
      descriptor = 1
      self.path = nil
      temporary = nil
      return
    }
    let temporary = path + ".slip-partial"
    let opened = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard opened >= 0 else {
      throw CommandFailure(
        message: "cannot write '\(path)': \(String(cString: strerror(errno)))", code: .ioError)
    }
    descriptor = opened
    self.path = path
    self.temporary = temporary
  }

  /// Adds `bytes`; they reach the file in 64 KiB writes.
  mutating func write(_ bytes: [UInt8]) throws(CommandFailure) {
    pending += bytes
    if pending.count >= 1 << 16 { try flush() }
  }

  private mutating func flush() throws(CommandFailure) {
    var offset = 0
    while offset < pending.count {
      let count = pending.withUnsafeBytes { raw in
        writeBytes(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw CommandFailure(
          message: "cannot write '\(path ?? "standard output")': \(String(cString: strerror(errno)))",
          code: .ioError)
      }
      offset += count
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Writes what is left and puts the file in place.
  mutating func finish() throws(CommandFailure) {
    try flush()
    guard let path, let temporary else { return }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      throw CommandFailure(
        message: "cannot write '\(path)': \(String(cString: strerror(errno)))", code: .ioError)
    }
  }

  /// Drops a file that will not be complete.
  func abandon() {
    guard let temporary else { return }
    close(descriptor)
    unlink(temporary)
  }
}

/// write(2), by a name a method called `write` does not hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
