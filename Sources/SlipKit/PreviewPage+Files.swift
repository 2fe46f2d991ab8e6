extension PreviewPage {
  /// The file each page goes to when the preview is written to `path`: the first page to
  /// `path` itself, the pages after further cuts to `out-2.png`, `out-3.png` and on.
  public static func files(for pages: Int, at path: String) -> [String] {
    (0..<pages).map { $0 == 0 ? path : numbered(path, $0 + 1) }
  }

  /// `out.png` → `out-2.png` (a name without an extension gets `-2` at its end).
  static func numbered(_ path: String, _ number: Int) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[slash...].lastIndex(of: "."), dot > slash {
      return "\(path[..<dot])-\(number)\(path[dot...])"
    }
    return "\(path)-\(number)"
  }
}
