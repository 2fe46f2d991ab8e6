/// Why the job store cannot open or cannot record a change: a value with a clear message, never
/// a crash. A store that cannot open refuses to start the queue.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public var reason: Reason

  /// An error for `reason`.
  public init(_ reason: Reason) {
    self.reason = reason
  }

  /// The message, lower case without a final period.
  public var description: String { StoreMessages.text(reason) }

  /// Every way the store can fail.
  public enum Reason: Sendable, Equatable {
    /// The state directory does not exist and cannot be made, or is not a directory.
    case cannotCreate(path: String, message: String)
    /// SQLite cannot open (or create) the database file.
    case cannotOpen(path: String, message: String)
    /// The file is not a SQLite database, or its pages fail SQLite's integrity check.
    case corrupt(path: String, message: String)
    /// A statement or transaction failed for another reason (disk full, I/O error, read-only).
    case failed(path: String, operation: String, message: String)
    /// Another process holds the state directory (its lock file is taken).
    case inUse(path: String)
    /// Another connection kept the database locked for longer than the busy timeout.
    case locked(path: String, seconds: Double)
    /// The database was written by a newer Slip, with a schema this one does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// SQLite would not switch the database to write-ahead logging.
    case noWAL(path: String, mode: String)
  }
}

/// The store's messages, alphabetical; lower case, no final period.
enum StoreMessages {
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  static let notADirectory = "it exists and is not a directory"

  static func text(_ reason: StoreError.Reason) -> String {
    switch reason {
    case .cannotCreate(let path, let message):
      "cannot use '\(path)' as the state directory: \(message)"
    case .cannotOpen(let path, let message):
      "cannot open the job database '\(path)': \(message)"
    case .corrupt(let path, let message):
      "the job database '\(path)' is corrupt (\(message)); move it aside to start with an empty queue, "
        + "or restore it from a backup"
    case .failed(let path, let operation, let message):
      "the job database '\(path)' could not \(operation): \(message)"
    case .inUse(let path):
      "the state directory '\(path)' is in use by another process (another 'slip serve'?)"
    case .locked(let path, let seconds):
      "the job database '\(path)' stayed locked by another connection for \(format(seconds)) s"
    case .newerSchema(let path, let found, let known):
      "the job database '\(path)' has schema version \(found), newer than this slip's \(known); "
        + "run a newer slip"
    case .noWAL(let path, let mode):
      "the job database '\(path)' cannot use write-ahead logging (journal mode '\(mode)')"
    }
  }

  static func vanished(_ id: Int) -> String {
    "job \(id) was not there right after it was stored"
  }
}
