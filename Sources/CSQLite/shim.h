#ifndef CLERK_CSQLITE_SHIM_H
#define CLERK_CSQLITE_SHIM_H
// sqlite3_config is variadic and SQLITE_TRANSIENT is a cast macro Swift cannot import;
// both get wrappers here (prefix csqlite_).
#include <sqlite3.h>

/// Binds text that SQLite copies at once, so the Swift buffer may go away after the call.
static inline int csqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}
static inline int csqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *data, int bytes) {
    return sqlite3_bind_blob(stmt, index, data, bytes, SQLITE_TRANSIENT);
}
static inline int csqlite_config_multithread(void) { return sqlite3_config(SQLITE_CONFIG_MULTITHREAD); }

#endif
