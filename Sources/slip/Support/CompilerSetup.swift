import Foundation
import SlipCore
import SlipImages
import SlipSymbols

/// How the CLI sets up a compilation: includes from disk below the template root, barcodes and
/// QR codes drawn by zint, label text measured in the preview's face, and the clock from
/// `SOURCE_DATE_EPOCH` when set (reproducible builds), else the system clock.
enum CompilerSetup {
  /// A compiler whose includes stay inside `root`, or the template's own folder.
  static func compiler(template: String, root: String?) -> Compiler {
    compiler(loader: loader(template: template, root: root))
  }

  /// The loader for `template`'s includes and images: files inside `root`, or the template's folder.
  static func loader(template: String, root: String?) -> FileSystemLoader {
    let folder =
      root ?? (template == "-" ? "." : URL(fileURLWithPath: template).deletingLastPathComponent().path)
    return FileSystemLoader(root: folder)
  }

  /// A compiler reading includes and images through `loader`.
  static func compiler(loader: any TemplateLoader) -> Compiler {
    Compiler(
      loader: loader, imageDecoder: ImageFileDecoder(), symbolEncoder: ZintSymbolEncoder(),
      textMeasurer: LabelFontMeasurer())
  }

  /// Rendering options with `now`; a malformed `SOURCE_DATE_EPOCH` is a usage error.
  static func renderOptions() throws(CommandFailure) -> RenderOptions {
    if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = ExactDecimal(epoch), seconds.isInteger else {
        throw CommandFailure(
          message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'", code: .usage)
      }
      return RenderOptions(now: seconds)
    }
    return RenderOptions(now: ExactDecimal(Int(Date().timeIntervalSince1970)))
  }
}
