import SlipCore

/// Includes read through wasi-libc, by the native `FileSystemLoader`'s rules: paths relative to
/// the including template, never absolute, never outside the top template's folder. WASI has no
/// symbolic links to resolve across preopened folders, so the check is on the path's text
/// (`a/./b/../c` resolved first).
final class WASIFileLoader: TemplateLoader {
  /// The folder includes must stay in (empty: the working folder).
  let root: String

  /// A loader confined to `root`.
  init(root: String) {
    self.root = TemplatePath.join("", root)
  }

  /// Reads the template, after checking that it lies inside the root.
  func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile {
    let (joined, bytes) = try loadData(path, includedFrom: includer)
    return SourceFile(path: joined, bytes: bytes)
  }

  /// Reads any file a template names, after checking that it lies inside the root.
  func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  ) {
    guard !path.hasPrefix("/") else { throw TemplateLoadError.absolutePath(path) }
    let joined = TemplatePath.join(TemplatePath.directory(of: includer), path)
    let inside = root.isEmpty ? !joined.hasPrefix("..") : joined == root || joined.hasPrefix(root + "/")
    guard inside else { throw TemplateLoadError.outsideRoot(path, widen: true) }
    do throws(WASI.ReadFailure) {
      return (joined, try WASI.read(joined))
    } catch {
      switch error {
      case .missing: throw TemplateLoadError.notFound(path, lookedFor: joined)
      case .tooLarge: throw TemplateLoadError.tooLarge(joined, limit: WASI.maximumSize)
      case .unreadable: throw TemplateLoadError.unreadable(joined)
      }
    }
  }
}
