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

  /// Rendering options with `now` and the most lines a rendering may print (`--max-items`,
  /// the compiler's default when nil); a malformed `SOURCE_DATE_EPOCH` is a usage error.
  static func renderOptions(maximumItems: Int? = nil) throws(CommandFailure) -> RenderOptions {
    let limit = maximumItems ?? RenderOptions().maximumItems
    if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = ExactDecimal(epoch), seconds.isInteger else {
        throw CommandFailure(
          message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'", code: .usage)
      }
      return RenderOptions(now: seconds, maximumItems: limit)
    }
    return RenderOptions(now: ExactDecimal(Int(Date().timeIntervalSince1970)), maximumItems: limit)
  }

  /// The `--max-items N` option's help lines.
  static let maximumItemsHelp = """
      --max-items N        the most lines and pictures one receipt may print (default
                           10000); past it rendering stops with error E0440
    """

  /// The `--max-items` value, when given: a whole number from 1 to 100 million.
  static func maximumItems(_ arguments: Arguments, command: String) throws(UsageError) -> Int? {
    guard let text = arguments.value("--max-items") else { return nil }
    guard let value = Int(text), (1...100_000_000).contains(value) else {
      throw UsageError(
        message: "invalid value '\(text)' for '--max-items'; expected 1 to 100000000", command: command)
    }
    return value
  }
}
