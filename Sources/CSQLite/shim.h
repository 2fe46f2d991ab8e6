// SQLite (Debian's libsqlite3-dev) for SlipQueue's job store. `SQLITE_TRANSIENT` is a cast of
// -1 to a function pointer, a macro Swift cannot import; these inline wrappers pass it, so
// SQLite copies a bound text or blob before the Swift buffer behind it goes away.
#include <sqlite3.h>

static inline int cslipsqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int cslipsqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
  return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
