import Foundation

/// Where the repository and the built products are, for every test target.
public enum Repository {
  /// The repository's root folder.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The executable `name` built beside the test bundle (`slip`, `SlipFuzz`), else the debug
  /// build's.
  public static func product(_ name: String) -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/\(name)")
  }
}
