#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: one wrapper for each setting used.
// Turns off the counts of memory in use, which cost every allocation a mutex.
static inline int dtaudit_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
