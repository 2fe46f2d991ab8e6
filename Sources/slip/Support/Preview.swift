import SlipKit

/// `--preview FILE.png`: the pages SlipKit drew, written as 1-bit PNGs at the printer's
/// resolution, to the files ``PreviewPage/files(for:at:)`` names.
enum Preview {
  /// Writes `pages`; returns the files written. A receipt that prints nothing has no preview.
  static func write(_ pages: [PreviewPage], to path: String) throws(CommandFailure) -> [String] {
    guard !pages.isEmpty else {
      throw CommandFailure(
        message: "the receipt prints nothing, so there is no preview to write", code: .ioError)
    }
    let files = PreviewPage.files(for: pages.count, at: path)
    for (page, file) in zip(pages, files) { try Console.write(page.png, to: file) }
    return files
  }
}
