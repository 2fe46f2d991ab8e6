import SlipCore
import SlipESCPOS
import SlipIR
import SlipPNG
import SlipRaster

/// `--preview FILE.png`: what the printer prints, as 1-bit PNGs at its resolution, drawn by the
/// same raster engine that prints raster mode and the lines no code page has.
enum Preview {
  /// The CLI's raster engine, with the Debian fonts; one for the process, so glyphs are drawn once.
  static let rasterizer = Rasterizer()

  /// Writes `document`'s pages as `profile` (or the generic printer for its paper) prints them in
  /// `mode`: the first page to `path`, the pages after further cuts to `NAME-2.png` and on.
  /// Returns the files written.
  @discardableResult
  static func write(
    _ document: Document, profile: PrinterProfile?, mode: PrintMode, to path: String, sources: SourceFiles,
    showWarnings: Bool
  ) throws(CommandFailure) -> [String] {
    if let page = document.page {
      return try writeLabel(page, to: path, sources: sources)
    }
    let profile = profile ?? PrinterProfile.generic(forPaper: document.media.paper)
    let output: RasterOutput
    do throws(ESCPOSError) {
      output = try ESCPOSWriter(profile: profile, rasterizer: rasterizer, mode: mode).preview(document)
    } catch {
      throw failure(error)
    }
    if showWarnings {
      DiagnosticPrinter.print(
        BackendWarnings.diagnostics(output.warnings, sources: sources), sources: sources)
    }
    guard !output.pages.isEmpty else {
      throw CommandFailure(
        message: "the receipt prints nothing, so there is no preview to write", code: .ioError)
    }
    var written: [String] = []
    for (index, page) in output.pages.enumerated() {
      let file = index == 0 ? path : numbered(path, index + 1)
      try Console.write(try png(page.bitmap, dpi: profile.dpi), to: file)
      written.append(file)
    }
    return written
  }

  /// A label drawn as a Zebra prints it (SlipRaster's LabelRasterizer), at the label's DPI.
  private static func writeLabel(
    _ page: LabelPage, to path: String, sources: SourceFiles
  ) throws(CommandFailure) -> [String] {
    let drawn = try drawLabel(page)
    DiagnosticPrinter.print(BackendWarnings.diagnostics(drawn.warnings, sources: sources), sources: sources)
    try Console.write(try png(drawn.bitmap, dpi: page.dpi), to: path)
    return [path]
  }

  /// A label drawn as a Zebra prints it; a missing font file is a missing input.
  static func drawLabel(_ page: LabelPage) throws(CommandFailure) -> RasterLabel {
    do throws(RasterError) {
      return try LabelRasterizer().render(page)
    } catch {
      throw failure(error, otherwise: .ioError)
    }
  }

  /// A preview page as a 1-bit PNG carrying the printer's DPI.
  static func png(_ bitmap: Bitmap, dpi: Int) throws(CommandFailure) -> [UInt8] {
    do throws(PNGError) {
      return try PNGEncoder().encode(bitmap, dpi: dpi)
    } catch {
      throw CommandFailure(message: "cannot encode the preview: \(error.message)", code: .ioError)
    }
  }

  /// `out.png` → `out-2.png`.
  static func numbered(_ path: String, _ number: Int) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[slash...].lastIndex(of: "."), dot > slash {
      return "\(path[..<dot])-\(number)\(path[dot...])"
    }
    return "\(path)-\(number)"
  }

  /// A backend's error as the CLI reports it, with its help: a missing font file is a missing
  /// input, anything else exits with `code`.
  static func failure(_ error: BackendError, otherwise code: ExitCode = .usage) -> CommandFailure {
    CommandFailure(
      message: "\(error.message) [\(error.id)]" + (error.help.map { "\n   = help: \($0)" } ?? ""),
      code: error.id == "E0701" ? .missingInput : code)
  }
}
