// The loaders' messages (the reasons of E0314 and E0323), alphabetically; no loader words its own.
extension TemplateLoadError {
  /// An absolute path, where paths are relative to the template.
  package static func absolutePath(_ path: String) -> Self {
    Self("paths are relative to the template that names them; '\(path)' is absolute")
  }

  /// No file at the path.
  package static func notFound(_ path: String, lookedFor joined: String) -> Self {
    Self("cannot find '\(path)' (looked for '\(joined)')")
  }

  /// A path that climbs above the root; `widen` when the command line can move the root.
  package static func outsideRoot(_ path: String, widen: Bool) -> Self {
    Self(
      widen
        ? "'\(path)' is outside the template root; pass --root to widen it"
        : "'\(path)' is outside the template root")
  }

  /// A file larger than a template or picture may be.
  package static func tooLarge(_ path: String, limit: Int) -> Self {
    Self("'\(path)' is larger than \(limit >> 20) MiB")
  }

  /// A file that exists but cannot be read.
  package static func unreadable(_ path: String) -> Self { Self("cannot read '\(path)'") }
}
