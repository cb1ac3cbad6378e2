#include <sqlite3.h>

/// Tells SQLite not to checkpoint the WAL into the database, nor delete the WAL file, when this
/// connection closes: for a connection whose files another program deleted or replaced, where
/// the file at the WAL's path may be another connection's. `sqlite3_db_config` is variadic,
/// which Swift cannot call, hence this wrapper. Returns SQLITE_OK when set.
static inline int cookbook_sqlite3_no_checkpoint_on_close(sqlite3 *connection) {
    return sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
