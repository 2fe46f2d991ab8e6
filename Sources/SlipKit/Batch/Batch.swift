import SlipCore
import SlipIR
import SlipRecords
import SlipZPL

/// A template rendered for every record of a file, in order: each record's bytes are handed over
/// as soon as they are made, so memory stays that of a few records whatever the file's length.
///
/// A record that cannot be read or rendered is reported with its line and left out; the others
/// go on. With a stored format (`^DF`), the first record that renders also defines the format,
/// whose bytes come before its recall (`^XF`); values the next record shares (the event on every
/// badge) may be part of the format, and a record that changes one gets a format of its own
/// holding only what depends on no data at all.
///
/// With more than one job, the records ahead (a few runs of them a job) are rendered on that many
/// threads at once, the caller's among them, while the caller's thread writes the ones before
/// them in order: the writer's graphic cache, the stored format and its look at the following
/// record, numbered copies and the font warning stay on that thread, so the events, bytes and
/// diagnostics are those of one job, record for record.
public struct Batch {
  private let renderer: Renderer
  private let compiled: CompiledTemplate
  private var records: Records
  private var target: Target
  /// The stored format's name, when the labels are recalls of one.
  private let storedFormatName: String?
  private var storedFormat: ZPLStoredFormat?
  /// Whether the stored format holds only what depends on no data at all: then a record that
  /// does not fit it is printed whole, not given a format of its own.
  private var formatIsSafe = false
  /// One ZPL writer for the batch: it makes each picture's graphic field once.
  private let zplWriter: ZPLWriter
  private var stopped = false
  /// The warning that the label face is missing, given with the first record.
  private var fontProblem: Diagnostic?
  /// How many copies of each record are rendered one by one: `--copies` of a template that
  /// numbers them (`copy`, `serial`), whose copies differ; 1 when the printer repeats them.
  private let numberedCopies: Int
  /// The records read ahead and rendered on workers; nil with one job, when each record is
  /// read and rendered as its turn comes.
  private var ahead: RecordsAhead?

  /// How many copies of a record a worker renders ahead of its writing: numbered copies beyond
  /// these are rendered by the batch, so the records in flight stay small whatever `--copies` is.
  static let copiesAhead = 8
  /// How many records a worker renders at a time: enough that handing them over costs little
  /// beside rendering them.
  static let recordsARun = 32
  /// How many runs each job may have read ahead: enough that no worker waits for the writer.
  static let runsAheadPerJob = 4

  /// A batch rendering `compiled` with each of `records` as `target`; `storedFormat` names a
  /// stored format (labels as ZPL only). With `jobs` above 1, records are rendered on that many
  /// threads at once (`jobs - 1` workers and the thread calling ``next()``), and written in
  /// order as with one.
  public init(
    renderer: Renderer, template compiled: CompiledTemplate, records: Records, target: Target,
    storedFormat: String? = nil, jobs: Int = 1
  ) {
    var renderer = renderer
    // A batch draws no previews: QR codes the printer draws are only measured, as a rendering's.
    if Renderer.printerDrawsQRCodes(target, of: compiled) { renderer.options.printerDrawsQRCodes = true }
    self.renderer = renderer
    self.compiled = compiled
    self.records = records
    storedFormatName = storedFormat
    self.target = target
    if case .zpl(var settings) = target {
      numberedCopies = compiled.numbersCopies ? max(1, settings.copies ?? 1) : 1
      if numberedCopies > 1 {
        // Each copy is a label of its own, printed once.
        settings.copies = nil
        self.target = .zpl(settings)
      }
      zplWriter = ZPLWriter(
        settings: settings, textPictures: renderer.zplTextPictures, compressor: Renderer.zplCompressor)
    } else {
      numberedCopies = 1
      zplWriter = ZPLWriter(textPictures: renderer.zplTextPictures, compressor: Renderer.zplCompressor)
    }
    fontProblem = compiled.isLabel ? renderer.labelFontProblem() : nil
    if jobs > 1 {
      let (path, options, copies) = (self.records.path, self.renderer.options, numberedCopies)
      ahead = RecordsAhead(
        workers: RecordWorkers(limit: jobs - 1), window: jobs * Self.runsAheadPerJob * Self.recordsARun,
        run: Self.recordsARun
      ) { input in
        RecordRender.make(
          object: input.object, line: input.line, json: input.json, path: path, template: compiled,
          options: options,
          numberedCopies: copies, copiesAhead: Self.copiesAhead)
      }
    }
  }

  /// The next record's outcome; nil when the records are done (or after ``BatchEvent/stopped(_:)``).
  public mutating func next() -> BatchEvent? {
    guard !stopped else { return nil }
    let record: DataRecord
    let render: RecordRender
    switch read() {
    case .end(let failed):
      stopped = true
      return failed
        ? .stopped(Diagnostic(.unreadable("cannot read data file '\(records.path)'"), at: nil)) : nil
    case .problem(let error):
      return .unreadable(
        BatchRecord(
          line: error.line, column: error.column, bytes: [],
          diagnostics: [Diagnostic(DiagnosticMessage(id: error.id, .error, error.message), at: nil)],
          sources: SourceFiles()))
    case .record(let next, let rendered):
      record = next
      render =
        rendered
        ?? RecordRender.make(
          object: next.object, line: next.line, json: next.json, path: records.path, template: compiled,
          options: renderer.options, numberedCopies: numberedCopies, copiesAhead: 0)
    }
    var result = render.first
    if let fontProblem {
      result.diagnostics.append(fontProblem)
      self.fontProblem = nil
    }
    guard let document = result.document else {
      if let again = render.again { result = again }
      return .skipped(
        BatchRecord(line: record.line, bytes: [], diagnostics: result.diagnostics, sources: result.sources))
    }
    var diagnostics = result.diagnostics
    do throws(BackendError) {
      let bytes = try write(
        document, record: record, copies: render.copies, diagnostics: &diagnostics, sources: result.sources)
      return .rendered(
        BatchRecord(line: record.line, bytes: bytes, diagnostics: diagnostics, sources: result.sources))
    } catch {
      stopped = true
      ahead?.settle()
      return .stopped(BackendDiagnostics.error(error, sources: result.sources))
    }
  }

  /// What reading the next record gave: the record (with its render on a worker, when the batch
  /// has workers), a record that could not be read, or the end.
  private enum Read {
    case record(DataRecord, RecordRender?)
    case problem(RecordProblem)
    case end(failed: Bool)
  }

  /// The next record, from the records read ahead or straight from the file.
  private mutating func read() -> Read {
    if ahead != nil {
      switch ahead?.next(from: &records) {
      case .record(let record, let pending, let index):
        return .record(record, pending?.wait()[index])
      case .problem(let problem): return .problem(problem)
      case .end(let failed): return .end(failed: failed)
      case nil: return .end(failed: records.failed)
      }
    }
    do throws(RecordProblem) {
      guard let record = try records.next() else { return .end(failed: records.failed) }
      return .record(record, nil)
    } catch {
      return .problem(error)
    }
  }

  /// The record after the current one, without taking it (nil at the end or when it is bad).
  private mutating func following() -> DataRecord? {
    if ahead != nil { return ahead?.following(in: &records) }
    return records.peek()
  }

  /// The target's bytes for one record's document, and for each further copy when its copies
  /// are numbered (rendered again with `copy` counting up; the first of them may come rendered
  /// ahead, in `copies`).
  private mutating func write(
    _ document: Document, record: DataRecord, copies: [Compiler.Result], diagnostics: inout [Diagnostic],
    sources: SourceFiles
  ) throws(BackendError) -> [UInt8] {
    var bytes = try writeOne(document, record: record, diagnostics: &diagnostics, sources: sources)
    guard numberedCopies > 1 else { return bytes }
    var object: JSONObject?
    for number in 2...numberedCopies {
      let copy: Compiler.Result
      if number - 2 < copies.count {
        copy = copies[number - 2]
      } else {
        var options = renderer.options
        options.copy = CopyNumber(number, of: numberedCopies)
        if object == nil { object = Self.object(record) }
        copy = compiled.render(object ?? JSONObject(), options: options)
      }
      guard let copyDocument = copy.document else {
        diagnostics += copy.diagnostics.filter { $0.severity == .error }
        break
      }
      bytes += try writeOne(copyDocument, record: record, diagnostics: &diagnostics, sources: sources)
    }
    return bytes
  }

  /// The target's bytes for one document.
  private mutating func writeOne(
    _ document: Document, record: DataRecord, diagnostics: inout [Diagnostic], sources: SourceFiles
  ) throws(BackendError) -> [UInt8] {
    var bytes: [UInt8] = []
    switch target {
    case .zpl(let settings):
      guard let name = storedFormatName else {
        diagnostics.merge(BackendDiagnostics.warnings(zplWriter.emit(document, to: &bytes), sources: sources))
        return bytes
      }
      let object = Self.object(record)
      if storedFormat == nil {
        // The record after this one: values the two share may be part of the format.
        let following = self.following()?.object
        let sample = following.flatMap { compiled.render($0, options: renderer.options).document }
        storedFormat = try format(
          name: name, samples: [document] + (sample.map { [$0] } ?? []), object: object, keeping: following,
          settings: settings)
        formatIsSafe = following == nil
        bytes += storedFormat?.definition() ?? []
      } else if let format = storedFormat, !formatIsSafe, !format.fits(document) {
        // A shared value changed: store again what depends on no data at all.
        storedFormat = try self.format(
          name: name, samples: [document], object: object, keeping: nil, settings: settings)
        formatIsSafe = true
        bytes += storedFormat?.definition() ?? []
      }
      let warnings = storedFormat?.recall(document, to: &bytes) ?? []
      diagnostics.merge(BackendDiagnostics.warnings(warnings, sources: sources))
      return bytes
    case .text:
      return try renderer.bytes(of: document, as: target, diagnostics: &diagnostics, sources: sources) + [
        0x0A
      ]
    case .escpos, .ir:
      return try renderer.bytes(of: document, as: target, diagnostics: &diagnostics, sources: sources)
    }
  }

  /// The record's data, parsed again when it came as text.
  static func object(_ record: DataRecord) -> JSONObject {
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
  private func format(
    name: String, samples: [Document], object: JSONObject, keeping: JSONObject?, settings: ZPLJobSettings
  ) throws(BackendError) -> ZPLStoredFormat {
    var all = samples
    for mode in [DataVariant.Mode.lettersAndDigits, .letters] {
      let variant = DataVariant(mode: mode, keeping: keeping).changed(object)
      if let changed = compiled.render(variant, options: renderer.options).document {
        all.append(changed)
        break
      }
    }
    return try ZPLStoredFormat(
      name: name, samples: all, settings: settings, compressor: Renderer.zplCompressor)
  }
}
