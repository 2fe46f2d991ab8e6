import Foundation

/// Starting child processes with every signal deliverable.
///
/// The test runner's threads block almost every signal, and a child inherits the blocked set:
/// a bus daemon started by `dbus-run-session` then never sees the SIGTERM that should end it
/// (hundreds of them outlived their tests), nor cupsd or a stuck stand-in printer the one that
/// stops it. So the calling thread unblocks everything for the moment of the spawn.
public enum Spawn {
  /// Runs `process` with no signal blocked.
  public static func run(_ process: Process) throws {
    var none = sigset_t()
    sigemptyset(&none)
    var saved = sigset_t()
    pthread_sigmask(SIG_SETMASK, &none, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try process.run()
  }
}
