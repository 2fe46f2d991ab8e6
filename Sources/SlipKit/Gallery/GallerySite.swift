import Foundation

/// The gallery written out: each case's files in its own folder (replaced whole, so files of an
/// earlier run never linger) and `index.html` beside them.
public enum GallerySite {
  /// Writes `cases` of `folder` under `site`; returns the index's path.
  public static func write(
    _ cases: [GalleryCase], partials: [GalleryCatalog.Partial], folder: String, to site: String
  ) throws(InputError) -> String {
    let base = site.hasSuffix("/") ? site : site + "/"
    try create(site)
    for item in cases {
      try? FileManager.default.removeItem(atPath: base + item.source.id)
      try create(base + item.source.id)
      for file in item.files {
        try save(file.bytes, to: base + file.path)
      }
    }
    let index = base + "index.html"
    try save(Array(GalleryPage.html(folder: folder, cases: cases, partials: partials).utf8), to: index)
    return index
  }

  private static func create(_ path: String) throws(InputError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw InputError(.missing, "cannot create '\(path)': \(error.localizedDescription)")
    }
  }

  private static func save(_ bytes: [UInt8], to path: String) throws(InputError) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw InputError(.missing, "cannot write '\(path)': \(error.localizedDescription)")
    }
  }
}
