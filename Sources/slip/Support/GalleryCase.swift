import Foundation
import SlipCore
import SlipESCPOS
import SlipKit
import SlipText

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

  /// Renders `source` with `renderer`, writing its files under `site/<id>/`; nothing here
  /// throws: whatever goes wrong is a problem shown on the page.
  init(_ source: GalleryCatalog.Case, site: String, renderer: Renderer) {
    self.source = source
    let folder = site + "/" + source.id
    do throws(CommandFailure) {
      try? FileManager.default.removeItem(atPath: folder)
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure(message: "cannot create '\(folder)'", code: .ioError)
      }
      try render(into: folder, with: renderer)
    } catch {
      problems.append(Problem(severity: .error, text: "error: \(error.message)"))
      code = ExitCode.worst([code, error.code])
    }
    try? Console.write(Array(GalleryPage.plain(problems).utf8), to: folder + "/diagnostics.txt")
  }

  /// Receipts as ESC/POS for the generic printer of their paper, with their listing and text;
  /// labels as ZPL, shown as it is; and the preview pages of both.
  private mutating func render(into folder: String, with renderer: Renderer) throws(CommandFailure) {
    let template = try RenderSetup.template(source.template, root: nil)
    let data = try RenderSetup.data(source.data)
    let rendering = renderer.render(template, data: data, previews: PreviewOptions())
    defer { report(rendering.diagnostics, sources: rendering.sources) }
    guard let document = rendering.document, !rendering.hasErrors else { return }
    let dpi = rendering.previews.first?.dpi ?? 203
    if let page = document.page {
      let inches = { (dots: Int) in
        String(format: "%g", (Double(dots) / Double(page.dpi) * 100).rounded() / 100)
      }
      media = "\(inches(page.widthDots)) × \(inches(page.heightDots)) in label, in ZPL"
      paper = (Double(page.widthDots) / Double(page.dpi) * 25.4, page.widthDots, page.dpi)
      try write(rendering.bytes, "label.zpl", in: folder)
      printerFile = (source.id + "/label.zpl", rendering.bytes.count, "ZPL")
      listing = String(decoding: rendering.bytes, as: UTF8.self)
    } else {
      let profile = PrinterProfile.generic(forPaper: document.media.paper)
      let millimetres = Double(document.media.paper.prefix { $0.isNumber }) ?? 0
      media =
        "\(document.media.paper.replacingOccurrences(of: "mm", with: " mm")) receipt, printed by \(profile.id)"
      paper = (millimetres, document.media.widthDots, dpi)
      try write(rendering.bytes, "receipt.bin", in: folder)
      printerFile = (source.id + "/receipt.bin", rendering.bytes.count, "ESC/POS for \(profile.id)")
      listing = ESCPOSDisassembler(codePages: profile.codePages).listing(rendering.bytes)
      let plain = PlainTextWriter().write(document)
      text = plain
      try write(Array(plain.utf8), "receipt.txt", in: folder)
    }
    for (index, page) in rendering.previews.enumerated() {
      let name = index == 0 ? "preview.png" : "preview-\(index + 1).png"
      try write(page.png, name, in: folder)
      pictures.append(Picture(file: source.id + "/" + name, width: page.bitmap.width, height: page.bitmap.height))
    }
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
    DiagnosticPrinter().print(diagnostics, sources: sources)
    code = ExitCode.worst([code, ExitCode.forDiagnostics(diagnostics)])
  }
}
