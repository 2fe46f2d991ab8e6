import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TemplateFolder {
  /// The templates (`.slip`) and data files (`.json`) in the folder and its subfolders, as
  /// names requests use, sorted; hidden files and folders are left out, and at most `limit`.
  public func files(limit: Int = 2000) -> [String] {
    let rootURL = URL(fileURLWithPath: root, isDirectory: true)
    guard
      let walker = FileManager.default.enumerator(
        at: rootURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var names: [String] = []
    for case let url as URL in walker where ["slip", "json"].contains(url.pathExtension) {
      let path = url.standardizedFileURL.path
      guard contains(path), names.count < limit else { continue }
      names.append(String(path.dropFirst(root.count + 1)))
    }
    return names.sorted()
  }

  /// Writes `bytes` as the file `name` (a `.slip` template or `.json` data) inside the folder,
  /// atomically: a temporary file in the same folder, synced, then renamed over the old one, so
  /// a reader (or a crash) sees the old file or the new one, never half of it.
  public func save(_ bytes: [UInt8], as name: String) throws(Refusal) {
    guard name.hasSuffix(".slip") || name.hasSuffix(".json") else {
      throw Refusal(status: 400, message: "only templates (.slip) and data (.json) are saved, not '\(name)'")
    }
    let lastSlash = name.lastIndex(of: "/")
    let folderName = lastSlash.map { String(name[..<$0]) }
    let fileName = lastSlash.map { String(name[name.index(after: $0)...]) } ?? name
    // The folder it goes in must be inside (links resolved); the file itself must not be a link.
    let folder = try folderName.map { text throws(Refusal) in try resolved(text, what: "folder") } ?? root
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw Refusal(status: 404, message: "no folder '\(folderName ?? "")' in the templates folder")
    }
    guard !fileName.isEmpty, fileName != ".", fileName != "..", !fileName.hasPrefix(".") else {
      throw Refusal(status: 400, message: "'\(name)' is not a file name inside the templates folder")
    }
    let path = folder + "/" + fileName
    var info = stat()
    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      throw Refusal(
        status: 403, message: "'\(name)' is not a plain file (a link or a folder): it is not overwritten")
    }
    let mode = lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0o644
    let temporary = folder + "/.\(fileName).saving-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Self.failure("cannot write in the folder of '\(name)'") }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      written += count
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw Self.failure("cannot write '\(name)'")
    }
    // The rename itself is durable once the folder is synced.
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  private static func failure(_ what: String) -> Refusal {
    Refusal(status: 500, message: "\(what): \(String(cString: strerror(errno)))")
  }
}
