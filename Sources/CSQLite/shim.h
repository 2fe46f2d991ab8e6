// SQLite (Debian's libsqlite3-dev) for SlipQueue's job store: its headers. Nothing links it:
// CSlipSQLite opens libsqlite3 the first time a store is, and has the bind wrappers.
#include <sqlite3.h>
