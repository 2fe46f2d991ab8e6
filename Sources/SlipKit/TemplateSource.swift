import Foundation
import SlipCore
import SlipFiles

/// A template to render: its text, and where its includes and images come from.
public struct TemplateSource: Sendable {
  /// The template's bytes and the path diagnostics name it by.
  public var file: SourceFile
  /// Resolves `include` and `image` paths; nil means the template cannot name other files.
  public var loader: (any TemplateLoader)?

  /// A template of `file`'s bytes whose includes and images go through `loader`.
  public init(_ file: SourceFile, loader: (any TemplateLoader)? = nil) {
    self.file = file
    self.loader = loader
  }

  /// The template file at `path`; its includes and images are files inside `root` (default:
  /// the template's folder).
  public init(path: String, root: String? = nil) throws(InputError) {
    self.init(
      SourceFile(path: path, bytes: try InputFile.read(path, what: "template")),
      loader: Self.loader(forTemplateAt: path, root: root))
  }

  /// The loader for the includes and images of a template at `path` (`-` for one without a
  /// file: standard input): files inside `root`, or the template's folder.
  public static func loader(forTemplateAt path: String, root: String?) -> FileSystemLoader {
    let folder =
      root ?? (path == "-" ? "." : URL(fileURLWithPath: path).deletingLastPathComponent().path)
    return FileSystemLoader(root: folder)
  }
}

/// The data a template renders with.
public enum TemplateData: Sendable {
  /// No data: every name the template uses must be one it sets itself.
  case none
  /// A JSON document; a malformed one is reported at its line and column.
  case json(SourceFile)
  /// Values an app already holds.
  case object(JSONObject)

  /// The JSON document at `path`.
  public static func file(_ path: String) throws(InputError) -> TemplateData {
    .json(SourceFile(path: path, bytes: try InputFile.read(path, what: "data file")))
  }
}
