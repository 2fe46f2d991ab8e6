import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A ``FileWatcher`` whose wait SIGINT and SIGTERM also end (a handler writes to a pipe the
/// watcher waits on), so Ctrl-C never cuts a render short (`slip render --watch` exits 0).
/// One at a time: it holds the two signals' handlers until it goes away.
public final class InterruptibleWatcher {
  private let files: FileWatcher
  private let interrupts: (read: Int32, write: Int32)

  /// Starts watching and catches SIGINT and SIGTERM until the watcher goes away.
  public init() throws(InputError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw InputError(.missing, "cannot watch files: \(String(cString: strerror(errno)))")
    }
    interrupts = (ends[0], ends[1])
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    do throws(InputError) {
      files = try FileWatcher(wake: ends[0])
    } catch {
      close(ends[0])
      close(ends[1])
      throw error
    }
    watcherInterruptPipe = ends[1]
    signal(SIGINT, watcherInterrupted)
    signal(SIGTERM, watcherInterrupted)
    // A parent may start us with them blocked (Foundation's Process does): Ctrl-C must still work.
    var stops = sigset_t()
    sigemptyset(&stops)
    sigaddset(&stops, SIGINT)
    sigaddset(&stops, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &stops, nil)
  }

  deinit {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    watcherInterruptPipe = -1
    close(interrupts.read)
    close(interrupts.write)
  }

  /// Watches exactly `files` from now on (absolute paths).
  public func watch(_ paths: [String]) {
    files.watch(paths)
  }

  /// Blocks until a watched file changes (and `quiet` passes without another change), or until
  /// SIGINT or SIGTERM (`.woken`).
  public func next(quiet: Duration = .milliseconds(50)) -> FileWatcher.Event {
    files.next(quiet: quiet)
  }
}

/// The write end of the watcher's interrupt pipe, for the signal handler, which can reach only
/// globals; -1 when no watcher is waiting.
nonisolated(unsafe) private var watcherInterruptPipe: Int32 = -1

/// SIGINT and SIGTERM while watching: one byte down the pipe (write is async-signal-safe).
private func watcherInterrupted(_ signal: Int32) {
  var byte: UInt8 = 1
  _ = write(watcherInterruptPipe, &byte, 1)
}
