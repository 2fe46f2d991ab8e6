import SlipIR

/// The compiler's front door: check a template, or compile it with data into a layout document.
///
/// Nothing here reads files or prints: callers pass contents in and get values back, so an app
/// can embed the compiler and a pipeline can run many compilations side by side.
public struct Compiler: Sendable {
  /// A compiler with the standard filters.
  public init() {}

  /// What a compilation produced: the document when there were no errors, every diagnostic,
  /// and the files they point into.
  public struct Result: Sendable {
    /// The laid-out document; nil when there were errors.
    public var document: Document?
    /// Errors and warnings from every stage, in the order found.
    public var diagnostics: [Diagnostic]
    /// The template and data files.
    public var sources: SourceFiles
  }

  /// Lexes, parses and checks `template` without data: every problem in the template itself.
  public func check(_ template: SourceFile) -> Result {
    var sources = SourceFiles()
    let (_, diagnostics) = frontEnd(template, sources: &sources)
    return Result(document: nil, diagnostics: diagnostics, sources: sources)
  }

  /// Compiles `template` with the JSON in `data` (nil: no data) into a document.
  public func compile(_ template: SourceFile, data: SourceFile?) -> Result {
    var sources = SourceFiles()
    let (checked, diagnostics) = frontEnd(template, sources: &sources)
    guard let checked, !diagnostics.hasErrors else {
      return Result(document: nil, diagnostics: diagnostics, sources: sources)
    }
    let templateFiles = sources.files.count
    var root = JSONObject()
    if let data {
      let file = sources.add(data)
      switch Self.readData(data, file: file) {
      case .object(let object): root = object
      case .problem(let problem):
        return Result(document: nil, diagnostics: diagnostics + [problem], sources: sources)
      }
    }
    return run(checked, data: root, diagnostics: diagnostics, sources: sources, templateFiles: templateFiles)
  }

  /// Compiles `template` with data an app already holds.
  public func compile(_ template: SourceFile, values: JSONObject) -> Result {
    var sources = SourceFiles()
    let (checked, diagnostics) = frontEnd(template, sources: &sources)
    guard let checked, !diagnostics.hasErrors else {
      return Result(document: nil, diagnostics: diagnostics, sources: sources)
    }
    return run(
      checked, data: values, diagnostics: diagnostics, sources: sources, templateFiles: sources.files.count)
  }

  // MARK: Stages

  private func frontEnd(_ template: SourceFile, sources: inout SourceFiles) -> (CheckedTemplate?, [Diagnostic]) {
    let file = sources.add(template)
    var lexer = Lexer(source: template, file: file)
    let (tokens, lexDiagnostics) = lexer.tokenize()
    var parser = Parser(tokens: tokens)
    let (ast, parseDiagnostics) = parser.parse()
    var checker = Checker()
    let (checked, checkDiagnostics) = checker.check(ast)
    let all = (lexDiagnostics + parseDiagnostics + checkDiagnostics).sorted { a, b in
      (a.range?.start ?? 0) < (b.range?.start ?? 0)
    }
    return (checked, all)
  }

  private func run(
    _ template: CheckedTemplate, data: JSONObject, diagnostics: [Diagnostic], sources: SourceFiles,
    templateFiles: Int
  ) -> Result {
    var evaluator = Evaluator(data: data)
    let (items, evalDiagnostics) = evaluator.evaluate(template)
    var all = diagnostics + evalDiagnostics
    guard !all.hasErrors else { return Result(document: nil, diagnostics: all, sources: sources) }
    var layout = Layout(media: template.media, sources: sources, templateFiles: templateFiles)
    let (document, layoutDiagnostics) = layout.layout(items)
    all += layoutDiagnostics
    return Result(document: all.hasErrors ? nil : document, diagnostics: all, sources: sources)
  }

  /// The data file as a JSON object, or a diagnostic pointing into it.
  private enum DataOutcome {
    case object(JSONObject)
    case problem(Diagnostic)
  }

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
