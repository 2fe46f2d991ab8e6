import SlipIR

/// Validates a parsed template and resolves its options: the header, every statement's
/// options, filters and their arities, and names that only exist in some places (`loop`).
struct Checker {
  let filters: FilterCatalog
  let loader: (any TemplateLoader)?
  let imageDecoder: (any ImageDecoder)?
  let symbolEncoder: (any SymbolEncoder)?
  var diagnostics: [Diagnostic] = []
  /// How many `for` blocks enclose the statement being checked.
  var loopDepth = 0
  /// The table whose rows are being checked, if any.
  var table: TableSpec?
  /// How many `box` blocks enclose the statement being checked.
  var boxDepth = 0
  /// The label, for label templates: positions and sizes are in its dots.
  var label: LabelSpec?
  /// Whether an expression names `copy` or `copies` (a template that numbers its copies).
  var namesCopies = false
  /// The numeric options of the label element being checked that are written as expressions.
  var computedOptions: [ComputedOption] = []
  /// The files being included, innermost last, to catch cycles.
  var includeStack: [String] = []
  /// Includes expanded so far. A file included twice is parsed once but checked (and printed)
  /// twice, so two includes a level, 30 levels deep, would be a billion copies: the total is
  /// capped, and the cap reported once.
  var includesExpanded = 0
  /// The most includes one template may expand in all, counting repeats.
  static let maximumIncludes = 1_000
  /// Included templates parsed so far, by path: a file included twice is parsed once.
  var parsed: [String: Template] = [:]
  /// Every file read, the top template first; included files are added as they are loaded.
  var sources: SourceFiles

  /// A checker for a template whose file is already in `sources`; `loader` resolves includes.
  init(
    sources: SourceFiles, loader: (any TemplateLoader)?, imageDecoder: (any ImageDecoder)? = nil,
    symbolEncoder: (any SymbolEncoder)? = nil, filters: FilterCatalog = .standard
  ) {
    self.sources = sources
    self.loader = loader
    self.imageDecoder = imageDecoder
    self.symbolEncoder = symbolEncoder
    self.filters = filters
  }

  /// The checked template (nil when the header is unusable) and the problems found.
  mutating func check(_ template: Template) -> (template: CheckedTemplate?, diagnostics: [Diagnostic]) {
    if let top = sources.files.first { includeStack = [top.path] }
    var statements = template.statements[...]
    var media: ReceiptMedia?
    var headerRange: SourceRange?
    if case .receipt(let header) = statements.first {
      media = header.kind == "label" ? checkLabelHeader(header) : checkHeader(header)
      headerRange = header.range
      statements = statements.dropFirst()
    } else {
      let place = statements.first?.range ?? SourceRange(file: 0, start: 0, end: 0)
      diagnostics.append(
        Diagnostic(
          .missingHeader(), at: place,
          help: [Help.startWithHeader()]))
    }
    let body = checkBlock(Array(statements), media: media ?? Self.defaultMedia)
    guard let media else { return (nil, diagnostics) }
    var checked = CheckedTemplate(media: media, label: label, body: body)
    checked.numbersCopies = namesCopies
    checked.headerRange = headerRange
    return (checked, diagnostics)
  }

  /// 58 mm, font A: what checking continues with when the header is missing.
  static let defaultMedia = ReceiptMedia(
    paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42)

  /// About a metre and a quarter of paper at 203 dpi: taller is a mistake, not a logo.
  static let maximumImageHeight = 10_000

  /// Line and column of a range, for IR values that point back at the template.
  func span(_ range: SourceRange) -> SourceSpan? {
    guard range.file < sources.files.count else { return nil }
    let file = sources[range.file]
    let start = file.location(at: range.start)
    let end = file.location(at: range.end)
    return SourceSpan(
      file: range.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column)
  }

}
