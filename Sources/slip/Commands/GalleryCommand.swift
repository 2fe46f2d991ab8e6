import Foundation
import SlipKit

/// `slip gallery TEMPLATES_DIR -o SITE`.
struct GalleryCommand {
  static let usage = """
    USAGE: slip gallery TEMPLATES_DIR -o SITE

    Renders every template in a folder with each of its sample data files into a static
    site: SITE/index.html shows the previews (at true size and at 2×, the paper's width
    marked), the printer bytes with their listing, the text and the diagnostics side by
    side. It needs no server: open the file, or publish the folder.

    Data: 'name.slip' is rendered with 'name.json' and every 'name.*.json' (such as
    'kopi-senja.empty.json'); a template with no data file with '{}'. A template with no
    data file that another template in the folder includes (such as 'footer.slip') is a
    partial: listed, not rendered alone. Receipts get ESC/POS for the generic printer of
    their paper, labels ZPL.

    ARGUMENTS:
      TEMPLATES_DIR        the folder of templates and data files (not searched deeper)

    OPTIONS:
      -o, --output SITE    the folder to write (created if needed): index.html and a
                           folder per case
      -h, --help           show this help

    EXIT CODES:
      0 ok, 1 a template has errors, 64 usage, 65 a data file is bad or does not fit,
      66 missing folder, 74 cannot write; the whole site is written in every case but
      64, 66 and 74

    """

  static let spec = Arguments.Spec(
    command: "gallery", valued: [["-o", "--output"]], flags: [["-h", "--help"]])

  let folder: String
  let site: String

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    folder = try arguments.single("folder", missing: "missing the folder of templates")
    guard let site = arguments.value("--output"), site != "-" else {
      throw UsageError(message: "missing the site folder to write: add '-o SITE'", command: "gallery")
    }
    self.site = site
  }

  /// Writes the site; diagnostics go to standard error, a summary to standard output.
  func run() throws(CommandFailure) -> ExitCode {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw CommandFailure(message: "'\(folder)' is not a folder of templates", code: .missingInput)
    }
    let catalog: GalleryCatalog
    do throws(InputError) {
      catalog = try GalleryCatalog(folder: folder, root: nil)
    } catch {
      throw CommandFailure(error)
    }
    let renderer = try RenderSetup.renderer()
    let cases = catalog.cases.map { GalleryCase($0, renderer: renderer) }
    let index: String
    do throws(InputError) {
      index = try GallerySite.write(cases, partials: catalog.partials, folder: folder, to: site)
    } catch {
      throw CommandFailure(message: error.message, code: .ioError)
    }
    var codes: [ExitCode] = []
    for item in cases {
      DiagnosticPrinter().print(item.diagnostics, sources: item.sources)
      if let failure = item.failure {
        Console.error("slip: error: \(failure.message)\n")
        codes.append(CommandFailure(failure).code)
      }
      codes.append(ExitCode.forDiagnostics(item.diagnostics))
    }
    let failing = cases.filter { $0.failure != nil || $0.diagnostics.hasErrors }.count
    Console.out("wrote \(index): \(cases.count) cases, \(failing) with errors\n")
    return ExitCode.worst(codes)
  }
}
