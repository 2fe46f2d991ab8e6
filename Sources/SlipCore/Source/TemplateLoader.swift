import Foundation

/// Finds the files that `include` statements name. The compiler never touches the file system
/// itself: the CLI passes a ``FileSystemLoader``, an app may pass templates it holds in memory.
public protocol TemplateLoader: Sendable {
  /// The template that `path` (as written in an include) names, seen from the file `includer`.
  func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile

  /// Another file a template names (an image), by the same rules: its resolved path and bytes.
  func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  )
}

/// Why an included template could not be loaded, in words for the template's author.
public struct TemplateLoadError: Error, Sendable, Equatable {
  /// What went wrong: lower-case, no final period.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }
}

/// Lexical path arithmetic shared by the loaders: `a/./b/../c` → `a/c`.
enum TemplatePath {
  /// The folder part of `path` (empty for a bare file name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// `path` relative to `directory`, with `.` and `..` resolved; leading `..` are kept.
  static func join(_ directory: String, _ path: String) -> String {
    var parts: [Substring] = []
    let absolute = directory.hasPrefix("/")
    for part in (directory + "/" + path).split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
      default: parts.append(part)
      }
    }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }
}

/// Loads included templates from disk, never from outside `root`.
public struct FileSystemLoader: TemplateLoader {
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw TemplateLoadError.notFound(path, lookedFor: joined)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: resolved)[.size] as? Int) ?? 0
    guard size <= Self.maximumFileSize else {
      throw TemplateLoadError.tooLarge(joined, limit: Self.maximumFileSize)
    }
    guard let data = FileManager.default.contents(atPath: resolved) else {
      throw TemplateLoadError.unreadable(joined)
    }
    return (joined, Array(data))
  }
}

/// Templates (and images) held in memory by name, for apps and tests:
/// `["footer.slip": "text \"Bye\""]`.
public struct InMemoryLoader: TemplateLoader {
  /// The templates by path, relative to an imaginary root.
  public var files: [String: String]
  /// Other files by path, such as images.
  public var data: [String: [UInt8]]

  /// A loader over `files` and `data`.
  public init(_ files: [String: String], data: [String: [UInt8]] = [:]) {
    self.files = files
    self.data = data
  }

  /// The named template; paths resolve like files in folders and cannot climb above the root.
  public func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile {
    let joined = try resolve(path, includedFrom: includer)
    guard let text = files[joined] else {
      throw TemplateLoadError.notFound(path, lookedFor: joined)
    }
    return SourceFile(path: joined, text: text)
  }

  /// The named file's bytes, from `data` (or a template's text).
  public func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  ) {
    let joined = try resolve(path, includedFrom: includer)
    guard let bytes = data[joined] ?? files[joined].map({ Array($0.utf8) }) else {
      throw TemplateLoadError.notFound(path, lookedFor: joined)
    }
    return (joined, bytes)
  }

  private func resolve(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> String {
    let joined = TemplatePath.join(TemplatePath.directory(of: includer), path)
    guard !path.hasPrefix("/"), !joined.hasPrefix("..") else {
      throw TemplateLoadError.outsideRoot(path, widen: false)
    }
    return joined
  }
}
