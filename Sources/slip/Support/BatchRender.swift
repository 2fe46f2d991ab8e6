import SlipCore
import SlipESCPOS
import SlipIR
import SlipRecords
import SlipText
import SlipZPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `slip render` over a file of records: the template compiled once, then one label (or
/// receipt) per record, each written out as soon as it is made. Memory stays that of one record
/// whatever the file's length.
///
/// A record that cannot be rendered is reported with its line and skipped; the others print,
/// and the command ends with exit code 65. With a stored format the first record that renders
/// also defines the format, which is written before its recall.
struct BatchRender {
  var template: String
  var data: String
  /// JSON Lines or CSV; nil for a single JSON document (a stored format of one record).
  var format: RecordFormat?
  var target: String?
  var output: String
  var root: String?
  var printer: String?
  var zpl: ZPLOptions
  /// `--max-items`, when given.
  var maximumItems: Int?

  func run() throws(CommandFailure) -> ExitCode {
    let profile = try printer.map { name throws(CommandFailure) in try PrinterChoice.load(name) }
    let source = SourceFile(path: template, bytes: try Console.read(template, what: "template"))
    let compiler = CompilerSetup.compiler(template: template, root: root)
    let preparation = compiler.prepare(source)
    DiagnosticPrinter.print(preparation.diagnostics, sources: preparation.sources)
    guard let compiled = preparation.template else { return ExitCode.forDiagnostics(preparation.diagnostics) }
    let target = RenderTarget.resolve(self.target, isLabel: compiled.isLabel)
    try RenderTarget.check(target, output: output, zpl: zpl)
    if zpl.storedFormat != nil, !compiled.isLabel {
      throw CommandFailure(
        message: "'--stored-format' is for labels; a receipt's length changes with its data", code: .usage)
    }
    let options = try CompilerSetup.renderOptions(maximumItems: maximumItems)
    let dataPath = data == "-" ? "<stdin>" : data
    var sink = try OutputSink(path: output)
    var reporter = BatchReporter()
    var writer = BatchWriter(target: target, zpl: zpl, profile: profile)
    var records = try RecordSource(path: data, format: format)
    var rendered = 0
    var failed = 0

    while true {
      let record: DataRecord
      do throws(RecordProblem) {
        guard let next = try records.next() else { break }
        record = next
      } catch {
        failed += 1
        reporter.problem(error, path: dataPath)
        continue
      }
      let result =
        record.object.map { compiled.render($0, options: options) }
        ?? compiled.render(json: record.sourceFile(path: dataPath), options: options)
      guard let document = result.document else {
        failed += 1
        reporter.failedRecord(record, result: result, compiled: compiled, path: dataPath, options: options)
        continue
      }
      reporter.warnings(result.diagnostics, sources: result.sources, line: record.line, path: dataPath)
      do throws(CommandFailure) {
        // The record after this one, when a stored format is about to be defined: values the two
        // share (the event on every badge) may be part of the format.
        let following = writer.needsSample ? records.peek()?.object : nil
        let warnings = try writer.write(
          document, record: record, following: following, compiled: compiled, options: options,
          sources: result.sources, to: &sink)
        reporter.warnings(warnings, sources: result.sources, line: record.line, path: dataPath)
      } catch {
        sink.abandon()
        throw error
      }
      rendered += 1
    }
    if records.failed {
      sink.abandon()
      throw CommandFailure(message: "cannot read data file '\(dataPath)'", code: .missingInput)
    }
    try sink.finish()
    reporter.summary(rendered: rendered, failed: failed, path: dataPath, labels: compiled.isLabel)
    return failed > 0 ? .badData : .ok
  }
}

/// Where the records come from: a file of many, or one JSON document.
struct RecordSource {
  private var reader: RecordReader?
  private var single: DataRecord?
  private var input: ByteInput?
  /// A record read ahead by `peek`, or the problem reading it.
  private var ahead: Result<DataRecord?, RecordProblem>?

  init(path: String, format: RecordFormat?) throws(CommandFailure) {
    if let format {
      let input: ByteInput
      do throws(RecordInputError) {
        input = try ByteInput(path: path, what: "data file")
      } catch {
        throw CommandFailure(message: error.message, code: .missingInput)
      }
      self.input = input
      reader = RecordReader(input, format: format)
      return
    }
    // Rendered from its text, so the compiler reports malformed JSON in it as usual.
    single = DataRecord(object: nil, line: 1, json: try Console.read(path, what: "data file"))
  }

  /// Whether reading the file failed partway.
  var failed: Bool { input?.failed ?? false }

  mutating func next() throws(RecordProblem) -> DataRecord? {
    if let ahead {
      self.ahead = nil
      return try ahead.get()
    }
    if reader != nil { return try reader?.next() }
    defer { single = nil }
    return single
  }

  /// The next record without taking it; nil at the end or when it is bad (`next` reports it).
  mutating func peek() -> DataRecord? {
    if ahead == nil {
      do throws(RecordProblem) {
        ahead = .success(try next())
      } catch {
        ahead = .failure(error)
      }
    }
    guard case .success(let record) = ahead else { return nil }
    return record
  }
}

/// Turns each record's document into the target's bytes.
struct BatchWriter {
  let target: String
  let zpl: ZPLOptions
  let profile: PrinterProfile?
  private var storedFormat: ZPLStoredFormat?
  /// Whether the stored format holds only what depends on no data at all: then a record that
  /// does not fit it is printed whole, not given a format of its own.
  private var formatIsSafe = false
  private var buffer: [UInt8] = []
  /// One writer for the batch: it makes each picture's graphic field once.
  private let writer: ZPLWriter

  /// Whether the next record will define the stored format (and would like the one after it).
  var needsSample: Bool { target == "zpl" && zpl.storedFormat != nil && storedFormat == nil }

  init(target: String, zpl: ZPLOptions, profile: PrinterProfile?) {
    self.target = target
    self.zpl = zpl
    self.profile = profile
    writer = ZPLWriter(settings: zpl.settings)
  }

  /// Writes `document` to `sink`; returns the writer's warnings.
  mutating func write(
    _ document: Document, record: DataRecord, following: JSONObject?, compiled: CompiledTemplate,
    options: RenderOptions, sources: SourceFiles, to sink: inout OutputSink
  ) throws(CommandFailure) -> [Diagnostic] {
    buffer.removeAll(keepingCapacity: true)
    var warnings: [ZPLWarning] = []
    switch target {
    case "zpl":
      if let name = zpl.storedFormat {
        let object = Self.object(record)
        if storedFormat == nil {
          // Values the next record shares stay as they are in the variant: the format may hold them.
          let sample = following.map { compiled.render($0, options: options).document } ?? nil
          storedFormat = try Self.format(
            name: name, samples: [document] + (sample.map { [$0] } ?? []), object: object, keeping: following,
            compiled: compiled, options: options, settings: zpl.settings)
          formatIsSafe = following == nil
          buffer += storedFormat?.definition() ?? []
        } else if let format = storedFormat, !formatIsSafe, !format.fits(document) {
          // A shared value changed: store again what depends on no data at all.
          storedFormat = try Self.format(
            name: name, samples: [document], object: object, keeping: nil, compiled: compiled,
            options: options, settings: zpl.settings)
          formatIsSafe = true
          buffer += storedFormat?.definition() ?? []
        }
        warnings = storedFormat?.recall(document, to: &buffer) ?? []
      } else {
        warnings = writer.emit(document, to: &buffer)
      }
    case "escpos":
      buffer = try PrinterChoice.escpos(document, profile: profile, sources: sources)
    case "text":
      buffer = Array((PlainTextWriter().write(document) + "\n").utf8)
    default:
      buffer = Array(document.dump().utf8)
    }
    try sink.write(buffer)
    return BackendWarnings.diagnostics(warnings, sources: sources)
  }

  /// The record's data, parsed again when it came as text.
  private static func object(_ record: DataRecord) -> JSONObject {
    if let object = record.object { return object }
    guard let json = record.json, case .object(let object) = try? JSONReader().read(json) else {
      return JSONObject()
    }
    return object
  }

  /// The stored format of `samples` and the label of `object` with its values changed (but for
  /// those equal in `keeping`), so what comes out the same in all of them is what does not depend
  /// on the data. A variant the template cannot render (a date that no longer parses) is tried
  /// with its digits kept.
  private static func format(
    name: String, samples: [Document], object: JSONObject, keeping: JSONObject?, compiled: CompiledTemplate,
    options: RenderOptions, settings: ZPLJobSettings
  ) throws(CommandFailure) -> ZPLStoredFormat {
    var all = samples
    for mode in [DataVariant.Mode.lettersAndDigits, .letters] {
      let variant = DataVariant(mode: mode, keeping: keeping).changed(object)
      if let changed = compiled.render(variant, options: options).document {
        all.append(changed)
        break
      }
    }
    do throws(ZPLError) {
      return try ZPLStoredFormat(name: name, samples: all, settings: settings)
    } catch {
      throw CommandFailure(
        message: error.message + " [\(error.id)]" + (error.help.map { "\n   = help: \($0)" } ?? ""),
        code: .usage)
    }
  }
}

/// A record with its values changed, to tell which parts of a label come from the data.
///
/// Every letter moves one along the alphabet and (in the first mode) every digit one along the
/// digits, so texts keep their length and shape; numbers grow by one. Booleans stay: changing
/// them would change which parts print, not what they say.
struct DataVariant {
  enum Mode {
    case lettersAndDigits
    case letters
  }

  var mode: Mode
  /// Another record: values equal to its values at the same place are kept as they are.
  var keeping: JSONObject?

  init(mode: Mode, keeping: JSONObject? = nil) {
    self.mode = mode
    self.keeping = keeping
  }

  func changed(_ object: JSONObject) -> JSONObject {
    changed(object, keeping: keeping)
  }

  private func changed(_ object: JSONObject, keeping other: JSONObject?) -> JSONObject {
    var out = JSONObject()
    for key in object.keys {
      if let value = object[key] { out.set(changed(value, keeping: other?[key]), forKey: key) }
    }
    return out
  }

  private func changed(_ value: Value, keeping other: Value?) -> Value {
    if let other, other == value { return value }
    switch value {
    case .string(let text):
      return .string(changed(text))
    case .number(let number):
      return .number((try? number.adding(ExactDecimal(1))) ?? number)
    case .array(let items):
      var others: [Value]?
      if case .array(let list) = other, list.count == items.count { others = list }
      return .array(items.enumerated().map { changed($1, keeping: others?[$0]) })
    case .object(let object):
      var inner: JSONObject?
      if case .object(let otherObject) = other { inner = otherObject }
      return .object(changed(object, keeping: inner))
    case .null, .bool:
      return value
    }
  }

  private func changed(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let next: UInt32 =
        switch value {
        case 0x41..<0x5A, 0x61..<0x7A: value + 1
        case 0x5A, 0x7A: value - 25
        case 0x30..<0x39 where mode == .lettersAndDigits: value + 1
        case 0x39 where mode == .lettersAndDigits: 0x30
        default: value
        }
      out.append(Unicode.Scalar(next) ?? scalar)
    }
    return String(out)
  }
}

/// Diagnostics of a batch: each record's errors with its line, each distinct warning once.
struct BatchReporter {
  /// Warnings printed so far (up to a bound: memory must not grow with the records).
  private var seen: Set<String> = []
  private var repeated = 0

  /// Prints the warnings not printed before, and which record they were first seen in.
  mutating func warnings(_ diagnostics: [Diagnostic], sources: SourceFiles, line: Int, path: String) {
    let fresh = diagnostics.filter { diagnostic in
      let key = "\(diagnostic.id) \(diagnostic.message) \(String(describing: diagnostic.range))"
      if seen.contains(key) {
        repeated += 1
        return false
      }
      if seen.count < 1000 { seen.insert(key) }
      return true
    }
    guard !fresh.isEmpty else { return }
    DiagnosticPrinter.print(fresh, sources: sources)
    Console.error("\(path):\(line): note: first seen in the record on this line\n\n")
  }

  mutating func problem(_ problem: RecordProblem, path: String) {
    let place = "\(path):\(problem.line):" + (problem.column.map { "\($0):" } ?? "")
    Console.error("\(place) error: \(problem.message) [\(problem.id)]\n\n")
  }

  /// A record the template could not render: its diagnostics, pointing into the record's line
  /// when it is JSON, and the line it is on.
  mutating func failedRecord(
    _ record: DataRecord, result: Compiler.Result, compiled: CompiledTemplate, path: String,
    options: RenderOptions
  ) {
    if record.object == nil {
      DiagnosticPrinter.print(result.diagnostics, sources: result.sources)
    } else if record.json != nil {
      // Again, from the record's text at its own line, so notes point into the file.
      let again = compiled.render(json: record.sourceFile(path: path), options: options)
      DiagnosticPrinter.print(again.diagnostics, sources: again.sources)
    } else {
      DiagnosticPrinter.print(result.diagnostics, sources: result.sources)
    }
    Console.error("\(path):\(record.line): note: the record on this line is left out\n\n")
  }

  func summary(rendered: Int, failed: Int, path: String, labels: Bool) {
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
