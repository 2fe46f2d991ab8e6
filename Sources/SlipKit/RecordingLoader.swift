import Foundation
import SlipCore
import SlipFiles
import Synchronization

/// A ``FileSystemLoader`` that remembers every file a compilation asked for (includes and
/// images), found or not: `--watch` watches them, and the gallery tells partials (templates only
/// ever included) from templates of their own.
public final class RecordingLoader: TemplateLoader {
  private let inner: FileSystemLoader
  private let asked = Mutex<[String]>([])

  /// Records what `inner` is asked for.
  public init(_ inner: FileSystemLoader) {
    self.inner = inner
  }

  /// Every file asked for so far, as absolute paths without `.` or `..`, in the order asked.
  public var paths: [String] { asked.withLock { $0 } }

  /// Loads an included template through the inner loader.
  public func load(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> SourceFile {
    record(path, includer)
    return try inner.load(path, includedFrom: includer)
  }

  /// Loads an image through the inner loader.
  public func loadData(_ path: String, includedFrom includer: String) throws(TemplateLoadError) -> (
    path: String, bytes: [UInt8]
  ) {
    record(path, includer)
    return try inner.loadData(path, includedFrom: includer)
  }

  /// Records the file before it is read, so a missing include is watched too: creating it
  /// re-renders. Absolute paths are refused by the loader and name nothing to watch.
  private func record(_ path: String, _ includer: String) {
    guard !path.hasPrefix("/") else { return }
    let folder = URL(fileURLWithPath: includer, relativeTo: inner.base).deletingLastPathComponent()
    let file = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path
    asked.withLock { $0.append(file) }
  }
}
