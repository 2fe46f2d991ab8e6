// CSlipSQLite: the SQLite functions SlipQueue's job store calls, as `cslip_` trampolines into
// libsqlite3.so.0, opened the first time a store is (CSlipLoad says why): only `slip serve`
// keeps a queue, and SQLite's load-time binding was a fifth of every other slip start.
#ifndef CSLIPSQLITE_H
#define CSLIPSQLITE_H

#include <sqlite3.h>

#include "CSlipLoad.h"

// Prototypes as in SQLite 3.40's <sqlite3.h>.
#define CSLIPSQLITE_FUNCTIONS(F, V)                                                                   \
  F(int, sqlite3_bind_blob,                                                                           \
    (sqlite3_stmt * statement, int index, const void *bytes, int length, void (*destructor)(void *)), \
    (statement, index, bytes, length, destructor))                                                    \
  F(int, sqlite3_bind_double, (sqlite3_stmt * statement, int index, double value),                    \
    (statement, index, value))                                                                        \
  F(int, sqlite3_bind_int64, (sqlite3_stmt * statement, int index, sqlite3_int64 value),              \
    (statement, index, value))                                                                        \
  F(int, sqlite3_bind_null, (sqlite3_stmt * statement, int index), (statement, index))                \
  F(int, sqlite3_bind_text,                                                                           \
    (sqlite3_stmt * statement, int index, const char *text, int length, void (*destructor)(void *)),  \
    (statement, index, text, length, destructor))                                                     \
  F(int, sqlite3_busy_timeout, (sqlite3 * database, int milliseconds), (database, milliseconds))      \
  F(int, sqlite3_changes, (sqlite3 * database), (database))                                           \
  F(int, sqlite3_clear_bindings, (sqlite3_stmt * statement), (statement))                             \
  F(int, sqlite3_close_v2, (sqlite3 * database), (database))                                          \
  F(const void *, sqlite3_column_blob, (sqlite3_stmt * statement, int column), (statement, column))   \
  F(int, sqlite3_column_bytes, (sqlite3_stmt * statement, int column), (statement, column))           \
  F(double, sqlite3_column_double, (sqlite3_stmt * statement, int column), (statement, column))       \
  F(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt * statement, int column), (statement, column)) \
  F(const unsigned char *, sqlite3_column_text, (sqlite3_stmt * statement, int column),               \
    (statement, column))                                                                              \
  F(int, sqlite3_column_type, (sqlite3_stmt * statement, int column), (statement, column))            \
  F(sqlite3 *, sqlite3_db_handle, (sqlite3_stmt * statement), (statement))                            \
  F(const char *, sqlite3_errmsg, (sqlite3 * database), (database))                                   \
  F(const char *, sqlite3_errstr, (int code), (code))                                                 \
  F(int, sqlite3_exec,                                                                                \
    (sqlite3 * database, const char *sql, int (*callback)(void *, int, char **, char **),             \
     void *context, char **message),                                                                  \
    (database, sql, callback, context, message))                                                      \
  F(int, sqlite3_extended_result_codes, (sqlite3 * database, int on), (database, on))                 \
  F(int, sqlite3_finalize, (sqlite3_stmt * statement), (statement))                                   \
  F(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3 * database), (database))                       \
  F(int, sqlite3_open_v2, (const char *path, sqlite3 **database, int flags, const char *vfs),         \
    (path, database, flags, vfs))                                                                     \
  F(int, sqlite3_prepare_v3,                                                                          \
    (sqlite3 * database, const char *sql, int length, unsigned int flags, sqlite3_stmt **statement,   \
     const char **tail),                                                                              \
    (database, sql, length, flags, statement, tail))                                                  \
  F(int, sqlite3_reset, (sqlite3_stmt * statement), (statement))                                      \
  F(int, sqlite3_step, (sqlite3_stmt * statement), (statement))

CSLIPSQLITE_FUNCTIONS(CSLIP_DECLARE, CSLIP_DECLARE_VOID)

/// Opens libsqlite3.so.0, the first time; NULL when it is there, else why not.
const char *CSlipSQLite_load(void);

// `SQLITE_TRANSIENT` is a cast of -1 to a function pointer, a macro Swift cannot import; these
// wrappers pass it, so SQLite copies a bound text or blob before the Swift buffer behind it
// goes away.
static inline int cslipsqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
  return cslip_sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int cslipsqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
  return cslip_sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

#endif
