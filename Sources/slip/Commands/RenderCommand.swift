import SlipCore
import SlipESCPOS
import SlipKit
import SlipRecords

/// `slip render TEMPLATE [--data FILE|-] [--target escpos|zpl|text|ir] [--printer ID|FILE] [--raster]
/// [--preview FILE.png] [-o FILE|-] [--watch]`.
struct RenderCommand {
  static let usage = """
    USAGE: slip render TEMPLATE [--data FILE|-] [--target escpos|zpl|text|ir]
                       [--printer ID|FILE] [--raster] [--preview FILE.png]
                       [ZPL options] [--jobs N] [-o FILE|-] [--watch]

    Compiles a template with its data and writes the result. A data file of many records
    (.jsonl, one JSON object per line, or .csv with a header row) gives one label or
    receipt per record, written as each is made.

    ARGUMENTS:
      TEMPLATE             the template file (.slip)

    OPTIONS:
      --data FILE|-        JSON data for the template ('-' reads standard input), or
                           records: FILE.jsonl or FILE.csv ('visitor.name' columns nest)
      --target escpos|zpl|text|ir
                           what to write: ESC/POS bytes for a receipt printer (default for
                           receipts), ZPL for a Zebra (default for labels), the receipt as
                           plain text, or the layout IR dump
      --printer ID|FILE    the printer for escpos, text and the preview: a built-in
                           ID ('slip printers' lists them) or a profile file (default:
                           generic-58 or generic-80, by the template's paper)
      --raster             print the whole receipt as raster images (GS v 0), drawn
                           exactly as the preview
      --preview FILE.png   also write what the printer prints as a 1-bit PNG at its
                           resolution (a further cut starts FILE-2.png)
      -o, --output FILE|-  where to write it (default: standard output; ESC/POS bytes are
                           not written to a terminal)
      --jobs N             records rendered at once, each on a core of its own (default 1),
                           written in order: the same output
      --root DIR           the folder includes must stay in (default: the template's)
      --format text|json   diagnostics on standard error as compiler text (default) or as
                           JSON Lines: one object a diagnostic, the fields of 'slip check
                           --format json' (docs/DIAGNOSTICS.md); not with records
      --watch              render again whenever the template, an include, an image or
                           the data changes, until Ctrl-C; needs '--preview' or '-o FILE'
                           (and writes only those). Errors are printed and the files
                           written last are kept
    \(RenderSetup.maximumItemsHelp)
    \(ZPLOptions.help)
      -h, --help           show this help

    EXIT CODES:
      0 ok, 1 template errors, 64 usage, 65 bad data, 66 missing file, 74 cannot write

    """

  static let spec = Arguments.Spec(
    command: "render",
    valued: [
      ["--data"], ["--target"], ["-o", "--output"], ["--root"], ["--printer"], ["--preview"], ["--max-items"],
      ["--format"], ["--jobs"],
    ]
      + ZPLOptions.valued,
    flags: [["-h", "--help"], ["--raster"], ["--watch"]])

  let template: String
  let data: String?
  /// Nil: ZPL for labels, ESC/POS for receipts.
  let target: String?
  let output: String
  let root: String?
  let printer: String?
  let zpl: ZPLOptions
  /// Where the preview goes, when asked for.
  let preview: String?
  /// Text, or the whole receipt as raster.
  let mode: PrintMode
  /// Whether to render again on every change (`--watch`).
  let watch: Bool
  /// `--max-items`: the most lines and pictures a receipt may print.
  let maximumItems: Int?
  /// How diagnostics are printed (`--format`).
  let diagnostics: DiagnosticPrinter.Format
  /// `--jobs`: how many records render at once; nil for one.
  let jobs: Int?

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    template = try arguments.single("template", missing: "missing the template to render")
    data = arguments.value("--data")
    target =
      arguments.value("--target") == nil
      ? nil
      : try arguments.choice("--target", ["escpos", "zpl", "text", "ir"], default: "", command: "render")
    zpl = try ZPLOptions(arguments, command: "render")
    output = arguments.value("--output") ?? "-"
    root = arguments.value("--root")
    printer = arguments.value("--printer")
    preview = arguments.value("--preview")
    mode = arguments.flag("--raster") ? .raster : .text
    watch = arguments.flag("--watch")
    if watch {
      try Self.validateWatch(template: template, data: data, output: output, preview: preview)
    }
    maximumItems = try RenderSetup.maximumItems(arguments, command: "render")
    diagnostics =
      try arguments.choice("--format", ["text", "json"], default: "text", command: "render") == "json"
      ? .jsonLines : .text
    if printer != nil, let target, target != "escpos", target != "text", preview == nil {
      throw UsageError(
        message: "'--printer' applies to '--target escpos', '--target text' and '--preview' only",
        command: "render")
    }
    if mode == .raster, target.map({ $0 != "escpos" }) ?? false, preview == nil {
      throw UsageError(
        message: "'--raster' applies to '--target escpos' and '--preview' only", command: "render")
    }
    if let preview, preview == "-" || (preview == output && output != "-") {
      throw UsageError(
        message: "'--preview' needs a file of its own, such as 'receipt.png'", command: "render")
    }
    if diagnostics == .jsonLines, let data, RecordFormat(path: data) != nil {
      throw UsageError(
        message: "'--format json' is for one receipt or label, not a file of records",
        command: "render")
    }
    if preview != nil, let data, RecordFormat(path: data) != nil {
      throw UsageError(message: "'--preview' draws one receipt; render records without it", command: "render")
    }
    if !zpl.isEmpty, let target, target != "zpl" {
      throw UsageError(message: "ZPL options apply to '--target zpl' only", command: "render")
    }
    jobs = try Self.jobs(arguments, data: data)
    if zpl.storedFormat != nil, data == nil {
      throw UsageError(message: "'--stored-format' needs records: add '--data FILE'", command: "render")
    }
    if template == "-", data == "-" {
      throw UsageError(
        message: "the template and the data cannot both come from standard input", command: "render")
    }
  }

  /// `--jobs N`: a number of 1 or more, for a file of records.
  private static func jobs(_ arguments: Arguments, data: String?) throws(UsageError) -> Int? {
    guard let text = arguments.value("--jobs") else { return nil }
    guard let value = Int(text), (1...1024).contains(value) else {
      throw UsageError(message: "invalid value '\(text)' for '--jobs'; expected 1 to 1024", command: "render")
    }
    guard let data, RecordFormat(path: data) != nil else {
      throw UsageError(message: "'--jobs' needs records: '--data FILE.jsonl' or '.csv'", command: "render")
    }
    return value
  }

  /// `--watch` re-renders files: it needs one to write, and files (not standard input) to watch.
  private static func validateWatch(template: String, data: String?, output: String, preview: String?)
    throws(UsageError)
  {
    if preview == nil, output == "-" {
      throw UsageError(
        message: "'--watch' keeps files up to date: add '--preview FILE.png' or '-o FILE'", command: "render")
    }
    if template == "-" || data == "-" {
      throw UsageError(
        message: "'--watch' watches files; the template and the data cannot come from standard input",
        command: "render")
    }
    if let data, RecordFormat(path: data) != nil {
      throw UsageError(message: "'--watch' renders one receipt; render records without it", command: "render")
    }
  }

  /// Compiles and writes; diagnostics go to standard error, in the format asked for.
  func run() throws(CommandFailure) -> ExitCode {
    let renderer = try RenderSetup.renderer(maximumItems: maximumItems)
    if watch {
      return try RenderWatch(command: self, renderer: renderer).run()
    }
    if let data, RecordFormat(path: data) != nil || zpl.storedFormat != nil {
      return try BatchRender(command: self, data: data).run(with: renderer)
    }
    return try render(with: renderer).code
  }

  /// Renders once with `renderer` (includes and images read through `loader` when given) and
  /// writes the output and the preview; returns the exit code and the files written (none when
  /// there were errors: the files from before stay as they were). Under `--watch` without
  /// `-o FILE`, only the preview is written.
  func render(with renderer: Renderer, loader: (any TemplateLoader)? = nil) throws(CommandFailure) -> (
    code: ExitCode, written: [String]
  ) {
    let printer = DiagnosticPrinter(format: diagnostics)
    let profile = try self.printer.map { name throws(CommandFailure) in try RenderSetup.profile(name) }
    let template = try RenderSetup.template(template, root: root, loader: loader)
    let data = try RenderSetup.data(data)
    let preparation = renderer.prepare(template)
    guard let compiled = preparation.template else {
      printer.print(preparation.diagnostics, sources: preparation.sources)
      return (ExitCode.forDiagnostics(preparation.diagnostics), [])
    }
    let target = RenderTarget.resolve(
      self.target, isLabel: compiled.isLabel, profile: profile, mode: mode, zpl: zpl)
    let writesOutput = !(watch && output == "-")
    try RenderTarget.check(target, output: writesOutput ? output : "", zpl: zpl)
    var rendering = renderer.render(
      compiled, data: data, target: target,
      previews: preview.map { _ in PreviewOptions(printer: profile, mode: mode) })
    if target == .text, let profile, let document = rendering.document,
      let problem = renderer.fitProblem(of: document, on: profile, sources: rendering.sources)
    {
      rendering.diagnostics.append(problem)
    }
    printer.print(rendering.diagnostics, sources: rendering.sources)
    guard !rendering.hasErrors else { return (ExitCode.forDiagnostics(rendering.diagnostics), []) }
    var written: [String] = []
    if let preview {
      written = try Preview.write(rendering.previews, to: preview)
    }
    if writesOutput {
      try Console.write(rendering.bytes, to: output)
      if output != "-" { written.append(output) }
    }
    return (.ok, written)
  }
}
