import CSQLite
import CSlipSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The durable job queue's storage: a SQLite database in write-ahead-logging mode inside a state
/// directory, holding every job with its rendered bytes and its state.
///
/// Every change is one `BEGIN IMMEDIATE` transaction committed with `synchronous=FULL` before
/// the caller acknowledges it or acts on it, so a `kill -9` (or a power cut) at any moment
/// leaves each job in the last state that was reported. One process owns a state directory at a
/// time (a lock file says which); the store itself is not thread-safe, `JobQueue` serializes it.
public final class JobStore {
  /// The schema this code writes; a database with a newer one is refused, not guessed at.
  public static let schemaVersion = 1
  /// How long an idempotency key keeps returning its first job.
  public static let keyLifetime: TimeInterval = 24 * 60 * 60

  /// The state directory.
  public let directory: String
  /// The database file inside it.
  public let path: String
  private let database: Database
  private let lock: Int32
  private let statements: Statements

  /// Opens the store in `directory` (made if missing): takes its lock, opens or creates the
  /// database, checks it, and brings its schema up to date. `busyTimeout` bounds the wait for
  /// a lock held by another connection (a backup, the `sqlite3` tool).
  public init(directory: String, busyTimeout: Duration = .seconds(5)) throws(StoreError) {
    self.directory = directory
    path = (directory as NSString).appendingPathComponent("jobs.sqlite")
    lock = try Self.takeLock(directory)
    do {
      database = try Database(path: path, busyTimeout: busyTimeout)
      try Self.prepare(database)
      statements = try Statements(database)
    } catch {
      close(lock)
      throw error
    }
  }

  deinit {
    close(lock)
  }

  // MARK: Opening

  /// Makes the directory and takes `jobs.lock` in it, exclusively, without waiting.
  private static func takeLock(_ directory: String) throws(StoreError) -> Int32 {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw StoreError(.cannotCreate(path: directory, message: StoreMessages.notADirectory))
      }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw StoreError(.cannotCreate(path: directory, message: Self.reason(error)))
      }
    }
    let lockPath = (directory as NSString).appendingPathComponent("jobs.lock")
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw StoreError(.cannotCreate(path: directory, message: String(cString: strerror(errno))))
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      close(fd)
      if code == EWOULDBLOCK { throw StoreError(.inUse(path: directory)) }
      throw StoreError(.cannotCreate(path: directory, message: String(cString: strerror(code))))
    }
    return fd
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }

  /// WAL, full sync, an integrity check and the schema.
  private static func prepare(_ database: Database) throws(StoreError) {
    let mode = try text(database, "PRAGMA journal_mode=WAL", "switch to write-ahead logging")
    guard mode?.lowercased() == "wal" else {
      throw StoreError(.noWAL(path: database.path, mode: mode ?? "unknown"))
    }
    try database.execute("PRAGMA synchronous=FULL", "set full synchronous mode")
    try database.execute("PRAGMA foreign_keys=ON", "turn on foreign keys")
    let check = try text(database, "PRAGMA quick_check", "check its integrity")
    guard check == "ok" else {
      throw StoreError(.corrupt(path: database.path, message: check ?? "no answer from the integrity check"))
    }
    let version = try integer(database, "PRAGMA user_version", "read its schema version")
    guard version <= schemaVersion else {
      throw StoreError(.newerSchema(path: database.path, found: version, known: schemaVersion))
    }
    if version < 1 {
      try database.transaction { () throws(StoreError) in
        try database.execute(Self.schema, "create its tables")
      }
    }
  }

  /// Version 1: jobs, their bytes apart (listings never read them), idempotency keys.
  private static let schema = """
    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      printer TEXT NOT NULL,
      state TEXT NOT NULL,
      label TEXT NOT NULL,
      idempotency_key TEXT,
      total INTEGER NOT NULL,
      confirmed INTEGER NOT NULL DEFAULT 0,
      queued INTEGER NOT NULL DEFAULT 0,
      unanswered INTEGER NOT NULL DEFAULT 0,
      attempts INTEGER NOT NULL DEFAULT 0,
      message TEXT,
      created REAL NOT NULL,
      started REAL,
      finished REAL
    );
    CREATE INDEX jobs_by_printer_and_state ON jobs (printer, state, id);
    CREATE INDEX jobs_by_state ON jobs (state, id);
    CREATE TABLE job_bytes (
      job INTEGER PRIMARY KEY REFERENCES jobs (id),
      bytes BLOB NOT NULL
    );
    CREATE TABLE idempotency_keys (
      key TEXT PRIMARY KEY,
      job INTEGER NOT NULL REFERENCES jobs (id),
      created REAL NOT NULL
    );
    PRAGMA user_version = 1;
    """

  private static func text(_ database: Database, _ sql: String, _ operation: String) throws(StoreError)
    -> String?
  {
    var value: String?
    try database.prepare(sql).run([], operation) { row in value = row.text(0) }
    return value
  }

  private static func integer(_ database: Database, _ sql: String, _ operation: String) throws(StoreError)
    -> Int
  {
    var value = 0
    try database.prepare(sql).run([], operation) { row in value = row.integer(0) }
    return value
  }

  // MARK: Reading

  /// The job numbered `id`, if there is one.
  public func job(_ id: Int) throws(StoreError) -> JobRecord? {
    var record: JobRecord?
    try statements.job.run([.integer(id)], "read a job") { row in record = Self.record(row) }
    return record
  }

  /// Jobs, oldest first, on `printer` and in `state` when given, at most `limit`.
  public func jobs(printer: String? = nil, state: JobState? = nil, limit: Int = -1) throws(StoreError)
    -> [JobRecord]
  {
    var records: [JobRecord] = []
    try statements.jobs.run(
      [printer.map { .text($0) } ?? .null, state.map { .text($0.rawValue) } ?? .null, .integer(limit)],
      "list jobs"
    ) { row in records.append(Self.record(row)) }
    return records
  }

  /// The oldest queued job on `printer`.
  public func next(printer: String) throws(StoreError) -> JobRecord? {
    try jobs(printer: printer, state: .queued, limit: 1).first
  }

  /// The rendered bytes of job `id`.
  public func bytes(of id: Int) throws(StoreError) -> [UInt8]? {
    var bytes: [UInt8]?
    try statements.bytes.run([.integer(id)], "read a job's bytes") { row in bytes = row.blob(0) }
    return bytes
  }

  /// Jobs on `printer` waiting to go.
  public func waiting(printer: String) throws(StoreError) -> Int {
    var count = 0
    try statements.waiting.run([.text(printer)], "count queued jobs") { row in count = row.integer(0) }
    return count
  }

  // MARK: Changing

  /// Stores `request` as a queued job, committed before this returns; or, when its
  /// idempotency key was used within `keyLifetime` of `now`, returns that first job instead
  /// (`created` false) and stores nothing.
  public func insert(_ request: JobRequest, now: Date = Date()) throws(StoreError) -> (
    job: JobRecord, created: Bool
  ) {
    try database.transaction { () throws(StoreError) -> (job: JobRecord, created: Bool) in
      if let key = request.idempotencyKey {
        var first: Int?
        try statements.key.run(
          [.text(key), .real(now.timeIntervalSince1970 - Self.keyLifetime)], "look up an idempotency key"
        ) { row in first = row.integer(0) }
        if let first, let job = try job(first) { return (job, false) }
      }
      let key = request.idempotencyKey.map { SQLValue.text($0) } ?? .null
      try statements.insert.run(
        [
          .text(request.printer), .text(request.label), key, .integer(request.bytes.count),
          .real(now.timeIntervalSince1970),
        ], "store a job")
      let id = Int(cslip_sqlite3_last_insert_rowid(database.handle))
      try statements.insertBytes.run([.integer(id), .blob(request.bytes)], "store a job's bytes")
      if let key = request.idempotencyKey {
        try statements.insertKey.run(
          [.text(key), .integer(id), .real(now.timeIntervalSince1970)], "store a key")
      }
      guard let job = try job(id) else {
        throw StoreError(.failed(path: path, operation: "store a job", message: StoreMessages.vanished(id)))
      }
      return (job, true)
    }
  }

  /// Writes `record`'s state, counts, attempts, message and times, committed before this
  /// returns, if the stored job is still in `expected` (a compare-and-set: a job cancelled
  /// meanwhile is not overwritten). Returns whether it was written.
  @discardableResult
  public func save(_ record: JobRecord, from expected: JobState) throws(StoreError) -> Bool {
    try database.transaction { () throws(StoreError) -> Bool in
      try statements.save.run(
        [
          .text(record.state.rawValue), .integer(record.confirmed), .integer(record.queued),
          .integer(record.unanswered), .integer(record.attempts), record.message.map { .text($0) } ?? .null,
          record.started.map { .real($0.timeIntervalSince1970) } ?? .null,
          record.finished.map { .real($0.timeIntervalSince1970) } ?? .null, .integer(record.id),
          .text(expected.rawValue),
        ], "record a job's state")
      return statements.save.changes == 1
    }
  }

  /// Forgets idempotency keys older than `keyLifetime` before `now`.
  public func pruneKeys(now: Date = Date()) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try statements.pruneKeys.run(
        [.real(now.timeIntervalSince1970 - Self.keyLifetime)], "forget old idempotency keys")
    }
  }

  /// Deletes `done` and `cancelled` jobs that finished before `date`, with their bytes and keys;
  /// `failed` and `interrupted` jobs stay until someone looks at them. Returns how many went.
  @discardableResult
  public func prune(finishedBefore date: Date) throws(StoreError) -> Int {
    try database.transaction { () throws(StoreError) -> Int in
      let before = SQLValue.real(date.timeIntervalSince1970)
      try statements.pruneJobKeys.run([before], "forget old jobs' keys")
      try statements.pruneBytes.run([before], "delete old jobs' bytes")
      try statements.pruneJobs.run([before], "delete old jobs")
      return statements.pruneJobs.changes
    }
  }

  // MARK: Rows

  private static let columns =
    "id, state, printer, label, idempotency_key, total, confirmed, queued, unanswered, attempts, "
    + "message, created, started, finished"

  private static func record(_ row: Row) -> JobRecord {
    JobRecord(
      id: row.integer(0), state: JobState(rawValue: row.text(1) ?? "") ?? .failed, printer: row.text(2) ?? "",
      label: row.text(3) ?? "", idempotencyKey: row.text(4), total: row.integer(5), confirmed: row.integer(6),
      queued: row.integer(7), unanswered: row.integer(8), attempts: row.integer(9), message: row.text(10),
      created: Date(timeIntervalSince1970: row.real(11)), started: date(row, 12), finished: date(row, 13))
  }

  private static func date(_ row: Row, _ column: Int32) -> Date? {
    row.isNull(column) ? nil : Date(timeIntervalSince1970: row.real(column))
  }

  /// The statements, prepared once.
  private struct Statements {
    let job: Statement
    let jobs: Statement
    let bytes: Statement
    let waiting: Statement
    let key: Statement
    let insert: Statement
    let insertBytes: Statement
    let insertKey: Statement
    let save: Statement
    let pruneKeys: Statement
    let pruneJobKeys: Statement
    let pruneBytes: Statement
    let pruneJobs: Statement

    init(_ database: Database) throws(StoreError) {
      job = try database.prepare("SELECT \(JobStore.columns) FROM jobs WHERE id = ?1")
      jobs = try database.prepare(
        "SELECT \(JobStore.columns) FROM jobs WHERE (?1 IS NULL OR printer = ?1) AND (?2 IS NULL OR state = ?2) "
          + "ORDER BY id LIMIT ?3")
      bytes = try database.prepare("SELECT bytes FROM job_bytes WHERE job = ?1")
      waiting = try database.prepare("SELECT count(*) FROM jobs WHERE printer = ?1 AND state = 'queued'")
      key = try database.prepare("SELECT job FROM idempotency_keys WHERE key = ?1 AND created > ?2")
      insert = try database.prepare(
        "INSERT INTO jobs (printer, state, label, idempotency_key, total, created) "
          + "VALUES (?1, 'queued', ?2, ?3, ?4, ?5)")
      insertBytes = try database.prepare("INSERT INTO job_bytes (job, bytes) VALUES (?1, ?2)")
      insertKey = try database.prepare(
        "INSERT OR REPLACE INTO idempotency_keys (key, job, created) VALUES (?1, ?2, ?3)")
      save = try database.prepare(
        "UPDATE jobs SET state = ?1, confirmed = ?2, queued = ?3, unanswered = ?4, attempts = ?5, message = ?6, "
          + "started = ?7, finished = ?8 WHERE id = ?9 AND state = ?10")
      pruneKeys = try database.prepare("DELETE FROM idempotency_keys WHERE created <= ?1")
      let old = "SELECT id FROM jobs WHERE state IN ('done', 'cancelled') AND finished < ?1"
      pruneJobKeys = try database.prepare("DELETE FROM idempotency_keys WHERE job IN (\(old))")
      pruneBytes = try database.prepare("DELETE FROM job_bytes WHERE job IN (\(old))")
      pruneJobs = try database.prepare("DELETE FROM jobs WHERE id IN (\(old))")
    }
  }
}
