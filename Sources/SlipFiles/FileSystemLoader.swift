import Foundation
import Glibc
import SlipCore

/// Loads included templates from disk, never from outside `root`.
public final class FileSystemLoader: TemplateLoader {
  /// The folder includes must stay in (symbolic links resolved).
  public let root: String
  /// The folder that relative template paths start from.
  public let base: URL
  /// Templates and images are small; a larger file is a mistake, not something to read whole.
  static let maximumFileSize = 64 << 20

  /// A loader confined to `root` (typically the top template's folder, or `--root`); relative
  /// paths, the top template's included, are taken from `base` (the working directory).
  public init(root: String, base: String? = nil) {
    self.base =
      base.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    let absolute = URL(fileURLWithPath: root.isEmpty ? "." : root, relativeTo: self.base).standardizedFileURL
    self.root = absolute.resolvingSymlinksInPath().path
  }

  /// Reads the file, after checking that it lies inside the root.
  public func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile {
    let (joined, bytes) = try loadData(path, includedFrom: includer)
    return SourceFile(path: joined, bytes: bytes)
  }

  /// Reads any file a template names, after checking that it lies inside the root.
  public func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  ) {
    guard !path.hasPrefix("/") else {
      throw TemplateLoadError.absolutePath(path)
    }
    let joined = TemplatePath.join(TemplatePath.directory(of: includer), path)
    let resolved = URL(fileURLWithPath: joined, relativeTo: base).standardizedFileURL
      .resolvingSymlinksInPath().path
    guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
      throw TemplateLoadError.outsideRoot(path, widen: true)
    }
    // One stat for both questions: FileManager's attributes dictionary, and the cast of its
    // size, cost more than reading a logo.
    var status = stat()
    guard stat(resolved, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
      throw TemplateLoadError.notFound(path, lookedFor: joined)
    }
    guard Int(status.st_size) <= Self.maximumFileSize else {
      throw TemplateLoadError.tooLarge(joined, limit: Self.maximumFileSize)
    }
    guard let data = FileManager.default.contents(atPath: resolved) else {
      throw TemplateLoadError.unreadable(joined)
    }
    return (joined, Array(data))
  }
}
