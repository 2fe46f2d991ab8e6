import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for files to change, over Linux's inotify, without polling (`slip render --watch`).
///
/// Editors save by writing a new file and renaming it over the old one, which replaces the
/// inode a file watch would follow; so the watcher watches the *folders* of the files and keeps
/// the events whose name is one of them. A file whose folder does not exist yet is watched
/// through its nearest existing ancestor, for the name of the missing folder. A wait also ends
/// when a descriptor given at the start becomes readable, so a caller's signal handler (or
/// another thread) can end it.
public final class FileWatcher {
  /// What ended a wait.
  public enum Event: Equatable, Sendable {
    /// Watched files changed (absolute paths; a removed folder is named itself).
    case changed([String])
    /// The wake descriptor became readable.
    case woken
  }

  /// What a folder is watched for: a file appearing, changing, going, and the folder going.
  private static let mask =
    UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
    | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

  private let inotify: Int32
  /// A descriptor whose becoming readable ends a wait (`-1`: none).
  private let wake: Int32
  /// Watched folders by watch descriptor, with the names wanted in each.
  private var folders: [Int32: (path: String, names: Set<String>)] = [:]

  /// Starts inotify; a wait also ends when `wake` becomes readable (a signal handler's pipe).
  public init(wake: Int32 = -1) throws(InputError) {
    inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
    guard inotify >= 0 else {
      throw InputError(.missing, "cannot watch files: \(String(cString: strerror(errno)))")
    }
    self.wake = wake
  }

  deinit {
    close(inotify)
  }

  /// Watches exactly `files` from now on (absolute paths): folders no longer needed are dropped,
  /// new ones added. A folder that cannot be watched (no permission) is skipped: its files will
  /// not trigger a render, which is all that is lost.
  public func watch(_ files: [String]) {
    var wanted: [String: Set<String>] = [:]
    for file in files {
      var url = URL(fileURLWithPath: file).standardizedFileURL
      var name = url.lastPathComponent
      url.deleteLastPathComponent()
      // Up to the nearest folder that exists: creating the missing one is the change to see.
      while url.path != "/", !Self.isDirectory(url.path) {
        name = url.lastPathComponent
        url.deleteLastPathComponent()
      }
      wanted[url.path, default: []].insert(name)
    }
    for (descriptor, folder) in folders where wanted[folder.path] == nil {
      inotify_rm_watch(inotify, descriptor)
      folders[descriptor] = nil
    }
    for (path, names) in wanted {
      // Adding a folder already watched returns its descriptor again.
      let descriptor = inotify_add_watch(inotify, path, Self.mask)
      guard descriptor >= 0 else { continue }
      folders[descriptor] = (path, names)
    }
  }

  /// Blocks until a watched file changes, then until `quiet` passes with no further change (an
  /// editor's save is several events), or until `wake` is readable.
  public func next(quiet: Duration = .milliseconds(50)) -> Event {
    var changed: [String] = []
    while true {
      // Forever until the first relevant change; then only the quiet period.
      let timeout = changed.isEmpty ? -1 : Int32(quiet / .milliseconds(1))
      var fds = [
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return .woken  // poll itself failing leaves nothing to wait with
      }
      if fds[1].revents != 0 { return .woken }
      if ready == 0 { return .changed(changed) }
      for path in readEvents() where !changed.contains(path) {
        changed.append(path)
      }
    }
  }

  /// Drains inotify and returns the watched paths its events concern.
  private func readEvents() -> [String] {
    var paths: [String] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return paths }
      var offset = 0
      // struct inotify_event: wd, mask, cookie, len, then len bytes of NUL-padded name.
      while offset + 16 <= count {
        let header = buffer[offset..<offset + 16].withUnsafeBytes { raw in
          (
            raw.loadUnaligned(fromByteOffset: 0, as: Int32.self),
            raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
            Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
          )
        }
        let (descriptor, mask, length) = header
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        offset += 16 + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // Events were lost: any watched file may have changed, so render again.
          paths.append(contentsOf: folders.values.map(\.path))
          continue
        }
        guard let folder = folders[descriptor] else { continue }
        if mask & UInt32(IN_IGNORED) != 0 {
          // The folder went away (or was unwatched): a later watch(_:) adds it again.
          folders[descriptor] = nil
        } else if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
          paths.append(folder.path)
        } else {
          let name = String(decoding: nameBytes, as: UTF8.self)
          if folder.names.contains(name) {
            paths.append(folder.path == "/" ? "/" + name : folder.path + "/" + name)
          }
        }
      }
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
