import Foundation
import SlipCore
import SlipFiles
import SlipKit

/// The templates folder of the configuration: requests name templates by their path inside it
/// (`receipts/kopi.slip`), and their includes and pictures never leave it.
public struct TemplateFolder: Sendable {
  /// The folder, absolute with symbolic links resolved.
  public let root: String

  /// The folder at `root` (resolved here).
  public init(root: String) {
    self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Why a template name is refused: a name that could leave the folder (400) or one that
  /// names nothing there (404).
  public struct Refusal: Error, Sendable, Equatable {
    /// The HTTP status: 400 or 404.
    public var status: Int
    /// What is wrong.
    public var message: String
  }

  /// The template `name`, with a loader confined to the folder; diagnostics name it `name`.
  public func template(named name: String) throws(Refusal) -> TemplateSource {
    TemplateSource(SourceFile(path: name, bytes: try file(named: name, what: "template")), loader: loader)
  }

  /// The bytes of the file `name` in the folder (a template, an include, sample data): 400 for a
  /// name that could leave it, 404 when there is none.
  public func file(named name: String, what: String = "file") throws(Refusal) -> [UInt8] {
    let path = try resolved(name, what: what)
    do throws(InputError) {
      return try InputFile.read(path, what: what)
    } catch {
      throw Refusal(
        status: error.reason == .missing ? 404 : 400,
        message: error.reason == .missing ? "no \(what) '\(name)' in the templates folder" : error.message)
    }
  }

  /// The absolute path `name` stands for, symbolic links resolved, refused unless it is inside
  /// the folder.
  func resolved(_ name: String, what: String = "template") throws(Refusal) -> String {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0"),
      !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else {
      throw Refusal(
        status: 400,
        message:
          "'\(name)' is not a \(what) name: use its path inside the templates folder, such as 'receipts/kopi.slip'"
      )
    }
    let path = URL(fileURLWithPath: name, relativeTo: URL(fileURLWithPath: root, isDirectory: true))
      .standardizedFileURL.resolvingSymlinksInPath().path
    // A symbolic link inside the folder may still point out of it.
    guard contains(path) else {
      throw Refusal(status: 400, message: "the \(what) '\(name)' is outside the templates folder")
    }
    return path
  }

  /// Whether the absolute, resolved `path` is inside the folder.
  func contains(_ path: String) -> Bool {
    path.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// A template sent as text (`"source"`), named `name`; its includes are read from the folder.
  public func template(text: String, name: String = "source.slip") -> TemplateSource {
    TemplateSource(SourceFile(path: name, text: text), loader: loader)
  }

  /// Includes resolved inside the folder, relative paths from it.
  private var loader: FolderLoader { FolderLoader(FileSystemLoader(root: root, base: root)) }
}

/// The file system loader as the service uses it: the same rules, but an include outside the
/// folder is not told to pass `--root`, which a client of the service cannot.
final class FolderLoader: TemplateLoader {
  let inner: FileSystemLoader

  init(_ inner: FileSystemLoader) { self.inner = inner }

  func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile {
    do throws(TemplateLoadError) {
      return try inner.load(path, includedFrom: includer)
    } catch {
      throw Self.reworded(error, path)
    }
  }

  func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  ) {
    do throws(TemplateLoadError) {
      return try inner.loadData(path, includedFrom: includer)
    } catch {
      throw Self.reworded(error, path)
    }
  }

  private static func reworded(_ error: TemplateLoadError, _ path: String) -> TemplateLoadError {
    error == .outsideRoot(path, widen: true) ? .outsideRoot(path, widen: false) : error
  }
}
