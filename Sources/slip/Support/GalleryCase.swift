import Foundation
import SlipCore
import SlipESCPOS
import SlipIR
import SlipRaster
import SlipText
import SlipZPL

/// One case of the gallery rendered into its folder of the site: the preview pages, the printer
/// bytes (ESC/POS for receipts with the generic printer of their paper, ZPL for labels), their
/// listing, the text of a receipt, and every diagnostic, kept as values for the page.
struct GalleryCase {
  /// A preview page written to the site.
  struct Picture {
    /// Its path relative to the site.
    var file: String
    var width: Int
    var height: Int
  }

  /// A diagnostic as the page shows it.
  struct Problem {
    var severity: Diagnostic.Severity
    /// Formatted as `slip check` prints it.
    var text: String
  }

  /// What the case is.
  let source: GalleryCatalog.Case
  /// The preview pages, one per cut.
  private(set) var pictures: [Picture] = []
  /// The printer bytes' file relative to the site, with what they are.
  private(set) var printerFile: (file: String, size: Int, kind: String)?
  /// The `slip disasm` listing of ESC/POS, or the ZPL text.
  private(set) var listing: String?
  /// A receipt as plain text.
  private(set) var text: String?
  /// The paper: its width in millimetres, the printable dots and their DPI.
  private(set) var paper: (millimetres: Double, dots: Int, dpi: Int)?
  /// What the paper is, in words: `58 mm receipt`, `4 × 3 in label`.
  private(set) var media = ""
  /// Errors and warnings from the compiler, the printer writer and the preview.
  private(set) var problems: [Problem] = []
  /// How the case went, as an exit code.
  private(set) var code = ExitCode.ok

  /// Renders `source`, writing its files under `site/<id>/`; nothing here throws: whatever goes
  /// wrong is a problem shown on the page.
  init(_ source: GalleryCatalog.Case, site: String) {
    self.source = source
    let folder = site + "/" + source.id
    do throws(CommandFailure) {
      try? FileManager.default.removeItem(atPath: folder)
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure(message: "cannot create '\(folder)'", code: .ioError)
      }
      try render(into: folder)
    } catch {
      problems.append(Problem(severity: .error, text: "error: \(error.message)"))
      code = ExitCode.worst([code, error.code])
    }
    try? Console.write(Array(GalleryPage.plain(problems).utf8), to: folder + "/diagnostics.txt")
  }

  private mutating func render(into folder: String) throws(CommandFailure) {
    let template = SourceFile(
      path: source.template, bytes: try Console.read(source.template, what: "template"))
    let data = try source.data.map { path throws(CommandFailure) in
      SourceFile(path: path, bytes: try Console.read(path, what: "data file"))
    }
    let compiler = CompilerSetup.compiler(template: source.template, root: nil)
    let result = compiler.compile(template, data: data, options: try CompilerSetup.renderOptions())
    var diagnostics = result.diagnostics
    defer { report(diagnostics, sources: result.sources) }
    code = ExitCode.forDiagnostics(result.diagnostics)
    guard let document = result.document else { return }
    if let page = document.page {
      try label(page, document: document, folder: folder, diagnostics: &diagnostics, sources: result.sources)
    } else {
      try receipt(document, folder: folder, diagnostics: &diagnostics, sources: result.sources)
    }
  }

  /// A receipt: ESC/POS for the generic printer of its paper, its listing, text and preview pages.
  private mutating func receipt(
    _ document: Document, folder: String, diagnostics: inout [Diagnostic], sources: SourceFiles
  ) throws(CommandFailure) {
    let profile = PrinterProfile.generic(forPaper: document.media.paper)
    let writer = ESCPOSWriter(profile: profile, rasterizer: Preview.rasterizer)
    let output: ESCPOSOutput
    let drawn: RasterOutput
    do throws(ESCPOSError) {
      output = try writer.emit(document)
      drawn = try writer.preview(document)
    } catch {
      throw Preview.failure(error)
    }
    // The preview repeats the writer's warnings about characters no font has.
    for diagnostic in BackendWarnings.diagnostics(output.warnings + drawn.warnings, sources: sources)
    where !diagnostics.contains(where: { $0.id == diagnostic.id && $0.range == diagnostic.range }) {
      diagnostics.append(diagnostic)
    }
    let millimetres = Double(document.media.paper.prefix { $0.isNumber }) ?? 0
    media =
      "\(document.media.paper.replacingOccurrences(of: "mm", with: " mm")) receipt, printed by \(profile.id)"
    paper = (millimetres, document.media.widthDots, profile.dpi)
    try write(output.bytes, "receipt.bin", in: folder)
    printerFile = (source.id + "/receipt.bin", output.bytes.count, "ESC/POS for \(profile.id)")
    listing = ESCPOSDisassembler(codePages: profile.codePages).listing(output.bytes)
    let plain = PlainTextWriter().write(document)
    text = plain
    try write(Array(plain.utf8), "receipt.txt", in: folder)
    for (index, page) in drawn.pages.enumerated() {
      try picture(page.bitmap, dpi: profile.dpi, number: index + 1, in: folder)
    }
  }

  /// A label: ZPL, shown as it is, and the preview drawn as a Zebra prints it.
  private mutating func label(
    _ page: LabelPage, document: Document, folder: String, diagnostics: inout [Diagnostic],
    sources: SourceFiles
  ) throws(CommandFailure) {
    let output = ZPLWriter().emit(document)
    diagnostics += BackendWarnings.diagnostics(output.warnings, sources: sources)
    let drawn = try Preview.drawLabel(page)
    diagnostics += BackendWarnings.diagnostics(drawn.warnings, sources: sources)
    let inches = { (dots: Int) in
      String(format: "%g", (Double(dots) / Double(page.dpi) * 100).rounded() / 100)
    }
    media = "\(inches(page.widthDots)) × \(inches(page.heightDots)) in label, in ZPL"
    paper = (Double(page.widthDots) / Double(page.dpi) * 25.4, page.widthDots, page.dpi)
    try write(output.bytes, "label.zpl", in: folder)
    printerFile = (source.id + "/label.zpl", output.bytes.count, "ZPL")
    listing = String(decoding: output.bytes, as: UTF8.self)
    try picture(drawn.bitmap, dpi: page.dpi, number: 1, in: folder)
  }

  /// Writes a preview page as `preview.png`, `preview-2.png`…
  private mutating func picture(_ bitmap: Bitmap, dpi: Int, number: Int, in folder: String)
    throws(CommandFailure)
  {
    let name = number == 1 ? "preview.png" : "preview-\(number).png"
    try write(try Preview.png(bitmap, dpi: dpi), name, in: folder)
    pictures.append(Picture(file: source.id + "/" + name, width: bitmap.width, height: bitmap.height))
  }

  private func write(_ bytes: [UInt8], _ name: String, in folder: String) throws(CommandFailure) {
    try Console.write(bytes, to: folder + "/" + name)
  }

  /// Keeps the diagnostics as text for the page, prints them as `slip check` would, and
  /// counts their errors in the case's exit code.
  private mutating func report(_ diagnostics: [Diagnostic], sources: SourceFiles) {
    let formatter = DiagnosticFormatter(colors: false)
    problems =
      diagnostics.map { Problem(severity: $0.severity, text: formatter.format($0, sources: sources)) }
      + problems
    DiagnosticPrinter.print(diagnostics, sources: sources)
    code = ExitCode.worst([code, ExitCode.forDiagnostics(diagnostics)])
  }
}
