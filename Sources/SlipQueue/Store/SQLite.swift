import CSQLite
import CSlipSQLite

/// One SQLite connection, owned: closed when the last reference goes.
final class Database {
  /// The connection.
  let handle: OpaquePointer
  /// The database file, for messages.
  let path: String
  /// How long a statement waits for another connection's lock before failing.
  let busyTimeout: Duration

  /// Opens (or creates) the database at `path`.
  init(path: String, busyTimeout: Duration) throws(StoreError) {
    // SQLite is opened here, the first time, not at every slip start.
    if let reason = CSlipSQLite_load() {
      throw StoreError(
        .cannotOpen(path: path, message: "\(String(cString: reason)); Debian's 'libsqlite3-0' has it"))
    }
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = cslip_sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message =
        handle.map { String(cString: cslip_sqlite3_errmsg($0)) }
        ?? String(cString: cslip_sqlite3_errstr(code))
      if let handle { cslip_sqlite3_close_v2(handle) }
      throw StoreError(.cannotOpen(path: path, message: message))
    }
    self.handle = handle
    self.path = path
    self.busyTimeout = busyTimeout
    cslip_sqlite3_extended_result_codes(handle, 1)
    let milliseconds =
      busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    cslip_sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
  }

  deinit {
    cslip_sqlite3_close_v2(handle)
  }

  /// Runs `sql`, statements without results (schema, pragmas, transaction control).
  func execute(_ sql: String, _ operation: String) throws(StoreError) {
    let code = cslip_sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code, operation) }
  }

  /// A prepared statement for `sql`.
  func prepare(_ sql: String) throws(StoreError) -> Statement {
    var statement: OpaquePointer?
    let code = cslip_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code, "prepare a statement") }
    return Statement(statement, database: self)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`: the write lock is taken first, so two
  /// writers never both read and then both write; anything thrown rolls the whole change back.
  func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
    try execute("BEGIN IMMEDIATE", "begin a transaction")
    do {
      let result = try body()
      try execute("COMMIT", "commit a change")
      return result
    } catch {
      cslip_sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      throw error
    }
  }

  /// The store's error for SQLite's result `code` while doing `operation`.
  func error(_ code: Int32, _ operation: String) -> StoreError {
    let message = String(cString: cslip_sqlite3_errmsg(handle))
    switch code & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return StoreError(.locked(path: path, seconds: Double(busyTimeout.components.seconds)))
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return StoreError(.corrupt(path: path, message: message))
    case SQLITE_CANTOPEN:
      return StoreError(.cannotOpen(path: path, message: message))
    default:
      return StoreError(.failed(path: path, operation: operation, message: message))
    }
  }
}

/// A value bound to a statement's parameter.
enum SQLValue {
  case integer(Int)
  case real(Double)
  case text(String)
  case blob([UInt8])
  case null
}

/// A prepared statement, owned; reset and rebound for each use.
final class Statement {
  private let handle: OpaquePointer
  private unowned let database: Database

  init(_ handle: OpaquePointer, database: Database) {
    self.handle = handle
    self.database = database
  }

  deinit {
    cslip_sqlite3_finalize(handle)
  }

  /// Runs the statement with `values` bound in order, calling `row` for each result row.
  func run(_ values: [SQLValue], _ operation: String, row: (Row) throws(StoreError) -> Void = { _ in })
    throws(StoreError)
  {
    cslip_sqlite3_reset(handle)
    cslip_sqlite3_clear_bindings(handle)
    defer { cslip_sqlite3_reset(handle) }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32 =
        switch value {
        case .integer(let number): cslip_sqlite3_bind_int64(handle, index, Int64(number))
        case .real(let number): cslip_sqlite3_bind_double(handle, index, number)
        case .text(let text): cslipsqlite_bind_text(handle, index, text, -1)
        case .blob(let bytes):
          bytes.withUnsafeBytes { cslipsqlite_bind_blob(handle, index, $0.baseAddress, Int32($0.count)) }
        case .null: cslip_sqlite3_bind_null(handle, index)
        }
      guard code == SQLITE_OK else { throw database.error(code, operation) }
    }
    while true {
      let code = cslip_sqlite3_step(handle)
      switch code {
      case SQLITE_ROW: try row(Row(handle: handle))
      case SQLITE_DONE: return
      default: throw database.error(code, operation)
      }
    }
  }

  /// Rows changed by the last run.
  var changes: Int { Int(cslip_sqlite3_changes(cslip_sqlite3_db_handle(handle))) }
}

/// One result row, read by column index.
struct Row {
  let handle: OpaquePointer

  func integer(_ column: Int32) -> Int { Int(cslip_sqlite3_column_int64(handle, column)) }

  func real(_ column: Int32) -> Double { cslip_sqlite3_column_double(handle, column) }

  func isNull(_ column: Int32) -> Bool { cslip_sqlite3_column_type(handle, column) == SQLITE_NULL }

  func text(_ column: Int32) -> String? {
    guard let text = cslip_sqlite3_column_text(handle, column) else { return nil }
    return String(cString: text)
  }

  func blob(_ column: Int32) -> [UInt8] {
    let count = Int(cslip_sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = cslip_sqlite3_column_blob(handle, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
