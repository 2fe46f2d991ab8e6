import Foundation
import SlipCore
import SlipESCPOS
import SlipText

/// One case of the gallery rendered into its folder of the site: the preview pages, the printer
/// bytes (ESC/POS for receipts with the generic printer of their paper, ZPL for labels), their
/// listing, the text of a receipt, and every diagnostic, kept as values for the page.
public struct GalleryCase: Sendable {
  /// A preview page written to the site.
  public struct Picture: Sendable {
    /// Its path relative to the site.
    public var file: String
    public var width: Int
    public var height: Int
  }

  /// A diagnostic as the page shows it.
  public struct Problem: Sendable {
    public var severity: Diagnostic.Severity
    /// Formatted as `slip check` prints it.
    public var text: String
  }

  /// What the case is.
  public let source: GalleryCatalog.Case
  /// The preview pages, one per cut.
  public private(set) var pictures: [Picture] = []
  /// The printer bytes' file relative to the site, with what they are.
  public private(set) var printerFile: (file: String, size: Int, kind: String)?
  /// The `slip disasm` listing of ESC/POS, or the ZPL text.
  public private(set) var listing: String?
  /// A receipt as plain text.
  public private(set) var text: String?
  /// The paper: its width in millimetres, the printable dots and their DPI.
  public private(set) var paper: (millimetres: Double, dots: Int, dpi: Int)?
  /// What the paper is, in words: `58 mm receipt`, `4 × 3 in label`.
  public private(set) var media = ""
  /// Errors and warnings from the compiler, the printer writer and the preview.
  public private(set) var problems: [Problem] = []
  /// Every diagnostic of the case, for printing and exit codes.
  public private(set) var diagnostics: [Diagnostic] = []
  /// The files the diagnostics point into.
  public private(set) var sources = SourceFiles()
  /// An input that could not be read (the template, its data), when one could not.
  public private(set) var failure: InputError?
  /// The case's files, by their path relative to the site: `<id>/preview.png`, `<id>/receipt.bin`…
  public private(set) var files: [(path: String, bytes: [UInt8])] = []

  /// Renders `source` with `renderer`; nothing here throws: whatever goes wrong is a problem
  /// shown on the page (and in `<id>/diagnostics.txt`).
  public init(_ source: GalleryCatalog.Case, renderer: Renderer) {
    self.source = source
    do throws(InputError) {
      try render(with: renderer)
    } catch {
      problems.append(Problem(severity: .error, text: "error: \(error.message)"))
      failure = error
    }
    write(Array(GalleryPage.plain(problems).utf8), "diagnostics.txt")
  }

  /// Receipts as ESC/POS for the generic printer of their paper, with their listing and text;
  /// labels as ZPL, shown as it is; and the preview pages of both.
  private mutating func render(with renderer: Renderer) throws(InputError) {
    let template = try TemplateSource(path: source.template)
    let data =
      try source.data.map { path throws(InputError) in try TemplateData.file(path) } ?? TemplateData.none
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
      write(rendering.bytes, "label.zpl")
      printerFile = (source.id + "/label.zpl", rendering.bytes.count, "ZPL")
      listing = String(decoding: rendering.bytes, as: UTF8.self)
    } else {
      let profile = PrinterProfile.generic(forPaper: document.media.paper)
      let millimetres = Double(document.media.paper.prefix { $0.isNumber }) ?? 0
      media =
        "\(document.media.paper.replacingOccurrences(of: "mm", with: " mm")) receipt, printed by \(profile.id)"
      paper = (millimetres, document.media.widthDots, dpi)
      write(rendering.bytes, "receipt.bin")
      printerFile = (source.id + "/receipt.bin", rendering.bytes.count, "ESC/POS for \(profile.id)")
      listing = ESCPOSDisassembler(codePages: profile.codePages).listing(rendering.bytes)
      let plain = PlainTextWriter().write(document)
      text = plain
      write(Array(plain.utf8), "receipt.txt")
    }
    for (index, page) in rendering.previews.enumerated() {
      let name = index == 0 ? "preview.png" : "preview-\(index + 1).png"
      write(page.png, name)
      pictures.append(
        Picture(file: source.id + "/" + name, width: page.bitmap.width, height: page.bitmap.height))
    }
  }

  private mutating func write(_ bytes: [UInt8], _ name: String) {
    files.append((source.id + "/" + name, bytes))
  }

  /// Keeps the diagnostics, and as text for the page.
  private mutating func report(_ diagnostics: [Diagnostic], sources: SourceFiles) {
    let formatter = DiagnosticFormatter(colors: false)
    problems =
      diagnostics.map { Problem(severity: $0.severity, text: formatter.format($0, sources: sources)) }
      + problems
    self.diagnostics = diagnostics
    self.sources = sources
  }
}
