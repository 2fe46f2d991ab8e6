import SlipIR
import SlipSupport

/// The compiler's front door: check a template, compile it once, render it with data.
///
/// Nothing here prints or keeps global state: files come in as ``SourceFile`` values, includes
/// through a ``TemplateLoader``, the clock through ``RenderOptions``; results are values. An app
/// compiles a template once with ``prepare(_:)`` and renders the ``CompiledTemplate`` for every
/// order without parsing it again.
public struct Compiler: Sendable {
  /// Resolves `include` and `image` paths; nil means a template cannot name other files.
  public var loader: (any TemplateLoader)?
  /// Decodes the files `image` statements name; nil means templates cannot have images.
  public var imageDecoder: (any ImageDecoder)?
  /// Encodes `qr` and `barcode` data; nil means templates cannot have symbols.
  public var symbolEncoder: (any SymbolEncoder)?
  /// Measures label text in the label font; nil means ``ApproximateTextMeasurer``.
  public var textMeasurer: (any TextMeasurer)?
  /// Measures receipt text that needs shaping in dots; nil measures it in cells.
  public var shapedTextMeasurer: (any ShapedTextMeasurer)?

  /// A compiler whose includes and images go through `loader`, images decoded by
  /// `imageDecoder`, symbols encoded by `symbolEncoder`.
  public init(
    loader: (any TemplateLoader)? = nil, imageDecoder: (any ImageDecoder)? = nil,
    symbolEncoder: (any SymbolEncoder)? = nil, textMeasurer: (any TextMeasurer)? = nil,
    shapedTextMeasurer: (any ShapedTextMeasurer)? = nil
  ) {
    self.loader = loader
    self.imageDecoder = imageDecoder
    self.symbolEncoder = symbolEncoder
    self.textMeasurer = textMeasurer
    self.shapedTextMeasurer = shapedTextMeasurer
  }

  /// What a compilation produced: the document when there were no errors, every diagnostic,
  /// and the files they point into.
  public struct Result: Sendable {
    /// The laid-out document; nil when there were errors.
    public var document: Document?
    /// Errors and warnings from every stage, in the order found.
    public var diagnostics: [Diagnostic]
    /// The template, its includes and the data file.
    public var sources: SourceFiles

    /// A result of these values (a pipeline that checks before it renders reports its own).
    public init(document: Document?, diagnostics: [Diagnostic], sources: SourceFiles) {
      self.document = document
      self.diagnostics = diagnostics
      self.sources = sources
    }
  }

  /// A template compiled for rendering, or the reasons it could not be.
  public struct Preparation: Sendable {
    /// The compiled template; nil when the template has errors.
    public var template: CompiledTemplate?
    /// Errors and warnings found in the template and its includes.
    public var diagnostics: [Diagnostic]
    /// The template and its includes.
    public var sources: SourceFiles
  }

  /// Lexes, parses and checks `template` and its includes: every problem in the templates.
  public func check(_ template: SourceFile) -> Result {
    let preparation = prepare(template)
    return Result(document: nil, diagnostics: preparation.diagnostics, sources: preparation.sources)
  }

  /// Compiles `template` once, for rendering with many data values.
  public func prepare(_ template: SourceFile) -> Preparation {
    var sources = SourceFiles()
    let file = sources.add(template)
    guard template.bytes.count <= SourceFile.maximumTemplateSize else {
      let problem = Diagnostic(
        .templateTooLarge(SourceFile.maximumTemplateSize), at: SourceRange(file: file, start: 0, end: 0))
      return Preparation(template: nil, diagnostics: [problem], sources: sources)
    }
    var lexer = Lexer(source: template, file: file)
    let (tokens, lexDiagnostics) = lexer.tokenize()
    var parser = Parser(tokens: tokens)
    let (syntax, parseDiagnostics) = parser.parse()
    var checker = Checker(
      sources: sources, loader: loader, imageDecoder: imageDecoder, symbolEncoder: symbolEncoder)
    let (checked, checkDiagnostics) = checker.check(syntax)
    sources = checker.sources
    let diagnostics = (lexDiagnostics + parseDiagnostics + checkDiagnostics).sorted { a, b in
      ((a.range?.file ?? 0), (a.range?.start ?? 0)) < ((b.range?.file ?? 0), (b.range?.start ?? 0))
    }
    guard let checked, !diagnostics.hasErrors else {
      return Preparation(template: nil, diagnostics: diagnostics, sources: sources)
    }
    let compiled = CompiledTemplate(
      checked: checked, sources: sources, warnings: diagnostics, symbolEncoder: symbolEncoder,
      textMeasurer: textMeasurer, shapedTextMeasurer: shapedTextMeasurer, loader: loader,
      imageDecoder: imageDecoder)
    return Preparation(template: compiled, diagnostics: diagnostics, sources: sources)
  }

  /// Compiles `template` and renders it with the JSON in `data` (nil: no data).
  public func compile(_ template: SourceFile, data: SourceFile?, options: RenderOptions = RenderOptions())
    -> Result
  {
    let preparation = prepare(template)
    guard let compiled = preparation.template else {
      return Result(document: nil, diagnostics: preparation.diagnostics, sources: preparation.sources)
    }
    guard let data else { return compiled.render(JSONObject(), options: options) }
    return compiled.render(json: data, options: options)
  }
}

/// What rendering may vary besides the data.
public struct RenderOptions: Sendable {
  /// The time `now` stands for, in seconds since 1970 (UTC); nil means `now` is not available.
  /// The CLI takes it from `SOURCE_DATE_EPOCH` when set, so pipelines get reproducible output.
  public var now: ExactDecimal?
  /// The most lines and pictures one rendering may print (statements as the evaluator runs
  /// them, and lines once text is wrapped): a loop over a million items is an error, not a
  /// receipt that exhausts memory or paper. The CLI's `--max-items` sets it.
  public var maximumItems: Int
  /// Which of the copies being printed this rendering is: what `copy` and `copies` stand for
  /// (`serial` numbers count from it).
  public var copy: CopyNumber
  /// Whether the document is for a printer that draws QR codes from their data (ZPL's `^BQ`):
  /// then a QR code from the data is only measured, and its modules are drawn when something
  /// reads them (a preview, a dump, a picture of it), which a `^BQ` field never does. The
  /// document is the same either way; this only decides when the modules are drawn.
  public var printerDrawsQRCodes: Bool

  /// Options with `now` at the given time.
  public init(
    now: ExactDecimal? = nil, maximumItems: Int = 10_000, copy: CopyNumber = CopyNumber(),
    printerDrawsQRCodes: Bool = false
  ) {
    self.now = now
    self.maximumItems = maximumItems
    self.copy = copy
    self.printerDrawsQRCodes = printerDrawsQRCodes
  }
}

/// One copy of several (`--copies`), counted from 1.
public struct CopyNumber: Sendable, Equatable {
  /// This copy, from 1.
  public var number: Int
  /// How many copies there are.
  public var count: Int

  /// Copy `number` of `count`; the default is the only one.
  public init(_ number: Int = 1, of count: Int = 1) {
    self.number = number
    self.count = count
  }
}

/// A checked template, ready to render with any number of data values without parsing again.
public struct CompiledTemplate: Sendable {
  let checked: CheckedTemplate
  /// The template and its includes.
  public let sources: SourceFiles
  /// Warnings found while compiling; every rendering repeats them.
  public let warnings: [Diagnostic]

  /// The template files' paths, as every rendered document lists them.
  private let templatePaths: [String]
  /// Line and column of every position in the template's files, for the IR's spans.
  private let spans: SpanIndex
  /// Encodes symbols whose data comes from the data.
  private let symbolEncoder: (any SymbolEncoder)?
  /// Measures label text.
  private let textMeasurer: (any TextMeasurer)?
  /// Measures receipt text that needs shaping.
  private let shapedTextMeasurer: (any ShapedTextMeasurer)?
  /// Read pictures the data names or sends, when the receipt renders.
  private let loader: (any TemplateLoader)?
  private let imageDecoder: (any ImageDecoder)?

  init(
    checked: CheckedTemplate, sources: SourceFiles, warnings: [Diagnostic],
    symbolEncoder: (any SymbolEncoder)?,
    textMeasurer: (any TextMeasurer)?, shapedTextMeasurer: (any ShapedTextMeasurer)? = nil,
    loader: (any TemplateLoader)? = nil, imageDecoder: (any ImageDecoder)? = nil
  ) {
    self.loader = loader
    self.imageDecoder = imageDecoder
    self.shapedTextMeasurer = shapedTextMeasurer
    self.checked = checked
    self.sources = sources
    self.warnings = warnings
    self.templatePaths = sources.files.map { $0.path }
    self.spans = SpanIndex(sources)
    self.symbolEncoder = symbolEncoder
    self.textMeasurer = textMeasurer
  }

  /// Whether this is a label template (a page of positioned elements) rather than a receipt.
  public var isLabel: Bool { checked.label != nil }

  /// Whether the template names `copy` or `copies`: then each copy is rendered on its own,
  /// since they differ (serial numbers), rather than printed N times alike.
  public var numbersCopies: Bool { checked.numbersCopies }

  /// What the template prints on.
  public var media: ReceiptMedia { checked.media }

  /// Renders with data an app already holds.
  public func render(_ data: JSONObject, options: RenderOptions = RenderOptions()) -> Compiler.Result {
    run(data: data, sources: sources, options: options)
  }

  /// Renders with a JSON data file; a malformed file is an error that points into it.
  public func render(json data: SourceFile, options: RenderOptions = RenderOptions()) -> Compiler.Result {
    var sources = self.sources
    let file = sources.add(data)
    switch Self.readData(data, file: file) {
    case .object(let object):
      return run(data: object, sources: sources, options: options)
    case .problem(let problem):
      return Compiler.Result(document: nil, diagnostics: warnings + [problem], sources: sources)
    }
  }

  private func run(data: JSONObject, sources: SourceFiles, options: RenderOptions) -> Compiler.Result {
    var evaluator = Evaluator(
      data: data, now: options.now, symbolEncoder: symbolEncoder, paperDots: checked.media.widthDots,
      maximumItems: options.maximumItems, loader: loader, imageDecoder: imageDecoder, copy: options.copy,
      measuresQRCodes: options.printerDrawsQRCodes)
    let (items, evalDiagnostics) = evaluator.evaluate(checked)
    var all = warnings + evalDiagnostics
    guard !all.hasErrors else { return Compiler.Result(document: nil, diagnostics: all, sources: sources) }
    var layout = Layout(
      media: checked.media, label: checked.label, measurer: textMeasurer ?? ApproximateTextMeasurer(),
      shapedMeasurer: shapedTextMeasurer,
      sources: sources, spans: spans, templatePaths: templatePaths, maximumBlocks: options.maximumItems)
    let (document, layoutDiagnostics) = layout.layout(items)
    all += layoutDiagnostics
    // An empty receipt is a template or data mistake more often than a wish: text and ZPL
    // would be empty files, ESC/POS a reset and a cut. Say so rather than print nothing quietly.
    if checked.label == nil, let header = checked.headerRange,
      !document.blocks.contains(where: { $0.marksPaper })
    {
      all.append(Diagnostic(.receiptPrintsNothing(), at: header))
    }
    return Compiler.Result(document: all.hasErrors ? nil : document, diagnostics: all, sources: sources)
  }

  private enum DataOutcome {
    case object(JSONObject)
    case problem(Diagnostic)
  }

  /// The data file as a JSON object, or a diagnostic pointing into it.
  private static func readData(_ data: SourceFile, file: Int) -> DataOutcome {
    do throws(JSONSyntaxError) {
      let value = try JSONReader().read(data.bytes)
      guard case .object(let object) = value else {
        return .problem(
          Diagnostic(.dataNotObject(value.kindName), at: SourceRange(file: file, start: 0, end: 0)))
      }
      return .object(object)
    } catch {
      let offset = data.offset(line: error.location.line, column: error.location.column)
      return .problem(
        Diagnostic(.invalidJSON(error.message), at: SourceRange(file: file, start: offset, end: offset + 1)))
    }
  }
}
