import SlipKit

/// `--preview FILE.png`: the pages SlipKit drew, written as 1-bit PNGs at the printer's
/// resolution: the first page to the file named, the pages after further cuts to `NAME-2.png`
/// and on.
enum Preview {
  /// Writes `pages`; returns the files written. A receipt that prints nothing has no preview.
  static func write(_ pages: [PreviewPage], to path: String) throws(CommandFailure) -> [String] {
    guard !pages.isEmpty else {
      throw CommandFailure(
        message: "the receipt prints nothing, so there is no preview to write", code: .ioError)
    }
    var written: [String] = []
    for (index, page) in pages.enumerated() {
      let file = index == 0 ? path : numbered(path, index + 1)
      try Console.write(page.png, to: file)
      written.append(file)
    }
    return written
  }

  /// `out.png` → `out-2.png`.
  static func numbered(_ path: String, _ number: Int) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[slash...].lastIndex(of: "."), dot > slash {
      return "\(path[..<dot])-\(number)\(path[dot...])"
    }
    return "\(path)-\(number)"
  }
}
