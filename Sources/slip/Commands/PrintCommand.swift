import SlipESCPOS
import SlipKit

/// `slip print TEMPLATE --data FILE --to PRINTER [--printer PROFILE] [sending options]`.
struct PrintCommand {
  static let usage = """
    USAGE: slip print TEMPLATE [--data FILE|-] --to PRINTER [--printer ID|FILE]
                      [--root DIR] [--check-status] [--timeout S] [--quiet]
                      [--write request|command] [--rate BYTES/S] [--fast]

    Renders a template as ESC/POS for the printer and sends it in one step: 'slip render'
    and 'slip send' together, nothing written to disk.

    ARGUMENTS:
      TEMPLATE             the template file (.slip)

      --data FILE|-        JSON data for the template; '-' reads standard input
      --root DIR           the folder includes must stay in (default: the template's)
    \(RenderSetup.maximumItemsHelp)
    \(JobOptions.help)
    EXIT CODES:
      0 every byte confirmed, 1 template errors, 64 usage, 65 bad data, 66 missing file,
      69 printer not found or not reachable, or it reports a problem before the job,
      74 the link dropped, a write failed, the printer stopped answering or paused for good
      (with the counts), or the printer reports a problem after the job

    """

  static let spec = Arguments.Spec(
    command: "print", valued: JobOptions.valued + [["--data"], ["--root"], ["--max-items"]],
    flags: JobOptions.flags + [["-h", "--help"]])

  let template: String
  let data: String?
  let root: String?
  let job: JobOptions
  /// `--max-items`: the most lines and pictures the receipt may print.
  let maximumItems: Int?

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    template = try arguments.single("template", missing: "missing the template to print")
    data = arguments.value("--data")
    root = arguments.value("--root")
    job = try JobOptions(arguments, command: "print")
    maximumItems = try RenderSetup.maximumItems(arguments, command: "print")
    if template == "-", data == "-" {
      throw UsageError(
        message: "the template and the data cannot both come from standard input", command: "print")
    }
  }

  /// Compiles, renders for the profile (or the generic printer of the paper) and sends.
  func run() throws(CommandFailure) -> ExitCode {
    let profile = try job.printer.map { name throws(CommandFailure) in try RenderSetup.profile(name) }
    let renderer = try RenderSetup.renderer(maximumItems: maximumItems)
    let rendering = renderer.render(
      try RenderSetup.template(template, root: root), data: try RenderSetup.data(data),
      target: .escpos(profile))
    DiagnosticPrinter().print(rendering.diagnostics, sources: rendering.sources)
    guard let document = rendering.document, !rendering.hasErrors else {
      return ExitCode.forDiagnostics(rendering.diagnostics)
    }
    let chosen = profile ?? PrinterProfile.generic(forPaper: document.media.paper)
    return try job.send(rendering.bytes, profile: chosen, language: job.language ?? .escpos)
  }
}
