import CSQLite
import Foundation
import SlipQueue
import Testing

/// The store on its own: what it commits, idempotency keys, and the state directories it
/// refuses (corrupt, newer, in use, locked, not a directory).
@Suite(.timeLimit(.minutes(5)))
struct JobStoreTests {
  @Test func aJobAndItsBytesSurviveReopening() throws {
    let directory = QueueFixture.directory()
    let bytes = QueueFixture.bytes(5000, seed: 1)
    let id: Int
    do {
      let store = try JobStore(directory: directory)
      let (job, created) = try store.insert(JobRequest(printer: "bar", bytes: bytes, label: "receipt 17"))
      #expect(created)
      #expect(job.state == .queued && job.total == 5000 && job.notSent == 5000 && job.attempts == 0)
      id = job.id
    }
    let store = try JobStore(directory: directory)
    let job = try #require(try store.job(id))
    #expect(job.printer == "bar" && job.label == "receipt 17" && job.state == .queued)
    #expect(try store.bytes(of: id) == bytes)
    #expect(try store.jobs(printer: "bar").map(\.id) == [id])
    #expect(try store.jobs(printer: "kitchen").isEmpty)
    #expect(try store.job(id + 1) == nil)
  }

  @Test func theDatabaseIsInWriteAheadLoggingModeWithASchemaVersion() throws {
    let directory = QueueFixture.directory()
    let store = try JobStore(directory: directory)
    _ = try store.insert(JobRequest(printer: "bar", bytes: [1]))
    #expect(FileManager.default.fileExists(atPath: store.path + "-wal"))
    #expect(try Self.pragma(store.path, "journal_mode") == "wal")
    #expect(try Self.pragma(store.path, "user_version") == String(JobStore.schemaVersion))
  }

  @Test func saveIsACompareAndSet() throws {
    let store = try JobStore(directory: QueueFixture.directory())
    var job = try store.insert(JobRequest(printer: "bar", bytes: [1, 2, 3])).job
    job.state = .sending
    job.attempts = 1
    #expect(try store.save(job, from: .queued))
    job.state = .cancelled
    // Still `sending` in the store, not `queued`: a cancel that lost the race writes nothing.
    #expect(try !store.save(job, from: .queued))
    #expect(try store.job(job.id)?.state == .sending)
  }

  @Test func aKeyReturnsItsFirstJobFor24HoursAndThenANewOne() throws {
    let store = try JobStore(directory: QueueFixture.directory())
    let start = Date()
    let first = try store.insert(JobRequest(printer: "bar", bytes: [1], idempotencyKey: "k-1"), now: start)
    let again = try store.insert(
      JobRequest(printer: "bar", bytes: [2], idempotencyKey: "k-1"), now: start.addingTimeInterval(23 * 3600))
    #expect(first.created && !again.created)
    #expect(again.job.id == first.job.id)
    #expect(try store.bytes(of: first.job.id) == [1])
    let other = try store.insert(JobRequest(printer: "bar", bytes: [3], idempotencyKey: "k-2"), now: start)
    #expect(other.created && other.job.id != first.job.id)
    let later = try store.insert(
      JobRequest(printer: "bar", bytes: [4], idempotencyKey: "k-1"), now: start.addingTimeInterval(25 * 3600))
    #expect(later.created && later.job.id != first.job.id)
    #expect(try store.jobs().count == 3)
  }

  @Test func pruningDeletesOldFinishedJobsButNotFailedOnesAndNeverReusesANumber() throws {
    let store = try JobStore(directory: QueueFixture.directory())
    let long = Date(timeIntervalSinceNow: -30 * 86400)
    var ids: [JobState: Int] = [:]
    for state in [JobState.done, .cancelled, .failed, .interrupted] {
      var job = try store.insert(JobRequest(printer: "bar", bytes: [1], idempotencyKey: state.rawValue)).job
      job.state = state
      job.finished = long
      #expect(try store.save(job, from: .queued))
      ids[state] = job.id
    }
    var recent = try store.insert(JobRequest(printer: "bar", bytes: [2])).job
    recent.state = .done
    recent.finished = Date()
    #expect(try store.save(recent, from: .queued))
    #expect(try store.prune(finishedBefore: Date(timeIntervalSinceNow: -7 * 86400)) == 2)
    #expect(try store.job(ids[.done]!) == nil && store.bytes(of: ids[.done]!) == nil)
    #expect(try store.job(ids[.cancelled]!) == nil)
    #expect(try store.job(ids[.failed]!)?.state == .failed)
    #expect(try store.job(ids[.interrupted]!)?.state == .interrupted)
    #expect(try store.job(recent.id)?.state == .done)
    let next = try store.insert(JobRequest(printer: "bar", bytes: [3], idempotencyKey: "done")).job
    #expect(next.id > recent.id)
  }

  @Test func aCorruptDatabaseIsRefusedWithAClearError() throws {
    let directory = QueueFixture.directory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/jobs.sqlite"
    try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
    #expect {
      try JobStore(directory: directory)
    } throws: { error in
      guard let error = error as? StoreError, case .corrupt(let where_, _) = error.reason else {
        return false
      }
      return where_ == path && error.description.contains("is corrupt")
    }
  }

  @Test func aDatabaseWithItsPagesDamagedIsRefused() throws {
    let directory = QueueFixture.directory()
    do {
      let store = try JobStore(directory: directory)
      for seed in 0..<20 {
        _ = try store.insert(JobRequest(printer: "bar", bytes: QueueFixture.bytes(3000, seed: UInt64(seed))))
      }
    }
    // Overwrite pages past the header (the schema page stays readable), as a bad disk would.
    let path = directory + "/jobs.sqlite"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 4096 * 2)
    try handle.write(contentsOf: Data(repeating: 0xFF, count: 4096 * 3))
    try handle.close()
    #expect {
      try JobStore(directory: directory)
    } throws: { error in
      guard let error = error as? StoreError, case .corrupt = error.reason else { return false }
      return true
    }
  }

  @Test func aNewerSchemaIsRefused() throws {
    let directory = QueueFixture.directory()
    let path: String
    do {
      path = try JobStore(directory: directory).path
    }
    try Self.execute(path, "PRAGMA user_version = 7")
    #expect(throws: StoreError(.newerSchema(path: path, found: 7, known: JobStore.schemaVersion))) {
      try JobStore(directory: directory)
    }
  }

  @Test func aSecondStoreOnTheSameDirectoryIsRefused() throws {
    let directory = QueueFixture.directory()
    do {
      let store = try JobStore(directory: directory)
      #expect(throws: StoreError(.inUse(path: directory))) {
        try JobStore(directory: directory)
      }
      withExtendedLifetime(store) {}
    }
    // Once the first is gone the directory is free again.
    _ = try JobStore(directory: directory)
  }

  @Test func aStateDirectoryThatIsAFileIsRefused() throws {
    let path = QueueFixture.directory()
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try JobStore(directory: path + "/state")
    } throws: { error in
      guard let error = error as? StoreError, case .cannotCreate = error.reason else { return false }
      return error.description.hasPrefix("cannot use '\(path)/state' as the state directory: ")
    }
    #expect(throws: StoreError(.cannotCreate(path: path, message: "it exists and is not a directory"))) {
      try JobStore(directory: path)
    }
  }

  @Test func aDatabaseThatCannotBeOpenedIsRefused() throws {
    // Root writes anywhere, so an unwritable database is made the one way root cannot open:
    // the file's name taken by a directory.
    let directory = QueueFixture.directory()
    try FileManager.default.createDirectory(
      atPath: directory + "/jobs.sqlite", withIntermediateDirectories: true)
    #expect {
      try JobStore(directory: directory)
    } throws: { error in
      guard let error = error as? StoreError, case .cannotOpen(let path, _) = error.reason else {
        return false
      }
      return path == directory + "/jobs.sqlite" && error.description.hasPrefix("cannot open the job database")
    }
  }

  @Test func aDatabaseLockedByAnotherConnectionFailsTheWriteWithATypedError() throws {
    let directory = QueueFixture.directory()
    let store = try JobStore(directory: directory, busyTimeout: .milliseconds(200))
    var other: OpaquePointer?
    #expect(sqlite3_open(store.path, &other) == SQLITE_OK)
    defer { sqlite3_close(other) }
    #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
    let started = Date()
    #expect {
      try store.insert(JobRequest(printer: "bar", bytes: [1]))
    } throws: { error in
      guard let error = error as? StoreError, case .locked = error.reason else { return false }
      return error.description.contains("stayed locked by another connection")
    }
    #expect(Date().timeIntervalSince(started) < 3)
    #expect(try store.jobs().isEmpty)
    #expect(sqlite3_exec(other, "COMMIT", nil, nil, nil) == SQLITE_OK)
    #expect(try store.insert(JobRequest(printer: "bar", bytes: [1])).created)
  }

  // MARK: Helpers

  static func pragma(_ path: String, _ name: String) throws -> String? {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { return nil }
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    sqlite3_prepare_v2(handle, "PRAGMA \(name)", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
      return nil
    }
    return String(cString: text)
  }

  static func execute(_ path: String, _ sql: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { return }
    defer { sqlite3_close(handle) }
    sqlite3_exec(handle, sql, nil, nil, nil)
  }
}
