/// Finds the files that `include` statements name. The compiler never touches the file system
/// itself: the CLI passes SlipFiles' `FileSystemLoader`, an app may pass templates it holds in memory.
public protocol TemplateLoader: AnyObject, Sendable {
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
package enum TemplatePath {
  /// The folder part of `path` (empty for a bare file name).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// `path` relative to `directory`, with `.` and `..` resolved; leading `..` are kept.
  package static func join(_ directory: String, _ path: String) -> String {
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

/// Templates (and images) held in memory by name, for apps and tests:
/// `["footer.slip": "text \"Bye\""]`.
public final class InMemoryLoader: TemplateLoader {
  /// The templates by path, relative to an imaginary root.
  public let files: [String: String]
  /// Other files by path, such as images.
  public let data: [String: [UInt8]]

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
