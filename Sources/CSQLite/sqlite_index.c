// SQLite from Debian's libsqlite3, loaded with dlopen at the index's first use, not linked: a
// session that never sorts or filters by metadata never maps it, and a machine without it still
// starts photorepl (the index is then off). Each function is SQLite's own, under a name of ours.
#include "sqlite_index.h"
#include "CLibraryLoader.h"
#include <sqlite3.h>
#include <stdio.h>

// Our numbers are SQLite's: the Swift side tests results against them without its header.
_Static_assert(SQLITE_BINDING_OK == SQLITE_OK && SQLITE_BINDING_ERROR == SQLITE_ERROR && SQLITE_BINDING_PERM == SQLITE_PERM,
               "result codes");
_Static_assert(SQLITE_BINDING_BUSY == SQLITE_BUSY && SQLITE_BINDING_LOCKED == SQLITE_LOCKED &&
                   SQLITE_BINDING_READONLY == SQLITE_READONLY && SQLITE_BINDING_IOERR == SQLITE_IOERR,
               "result codes");
_Static_assert(SQLITE_BINDING_CORRUPT == SQLITE_CORRUPT && SQLITE_BINDING_FULL == SQLITE_FULL &&
                   SQLITE_BINDING_CANTOPEN == SQLITE_CANTOPEN && SQLITE_BINDING_NOTADB == SQLITE_NOTADB,
               "result codes");
_Static_assert(SQLITE_BINDING_ROW == SQLITE_ROW && SQLITE_BINDING_DONE == SQLITE_DONE, "result codes");
_Static_assert(SQLITE_BINDING_INTEGER == SQLITE_INTEGER && SQLITE_BINDING_FLOAT == SQLITE_FLOAT &&
                   SQLITE_BINDING_TEXT == SQLITE_TEXT && SQLITE_BINDING_BLOB == SQLITE_BLOB &&
                   SQLITE_BINDING_NULL == SQLITE_NULL,
               "column types");

// Each pointer has the type sqlite3.h declares its function with: the compiler checks every call.
static struct {
    __typeof__(sqlite3_open_v2) *open_v2;
    __typeof__(sqlite3_close_v2) *close_v2;
    __typeof__(sqlite3_exec) *exec;
    __typeof__(sqlite3_prepare_v2) *prepare_v2;
    __typeof__(sqlite3_busy_timeout) *busy_timeout;
    __typeof__(sqlite3_file_control) *file_control;
    __typeof__(sqlite3_errmsg) *errmsg;
    __typeof__(sqlite3_extended_errcode) *extended_errcode;
    __typeof__(sqlite3_changes) *changes;
    __typeof__(sqlite3_bind_int64) *bind_int64;
    __typeof__(sqlite3_bind_double) *bind_double;
    __typeof__(sqlite3_bind_text) *bind_text;
    __typeof__(sqlite3_bind_blob) *bind_blob;
    __typeof__(sqlite3_bind_null) *bind_null;
    __typeof__(sqlite3_step) *step;
    __typeof__(sqlite3_column_type) *column_type;
    __typeof__(sqlite3_column_int64) *column_int64;
    __typeof__(sqlite3_column_double) *column_double;
    __typeof__(sqlite3_column_text) *column_text;
    __typeof__(sqlite3_column_bytes) *column_bytes;
    __typeof__(sqlite3_reset) *reset;
    __typeof__(sqlite3_finalize) *finalize;
} sqlite;
static const loader_library_symbol sqlite_symbols[] = {
    {"sqlite3_open_v2", (void **)&sqlite.open_v2},
    {"sqlite3_close_v2", (void **)&sqlite.close_v2},
    {"sqlite3_exec", (void **)&sqlite.exec},
    {"sqlite3_prepare_v2", (void **)&sqlite.prepare_v2},
    {"sqlite3_busy_timeout", (void **)&sqlite.busy_timeout},
    {"sqlite3_file_control", (void **)&sqlite.file_control},
    {"sqlite3_errmsg", (void **)&sqlite.errmsg},
    {"sqlite3_extended_errcode", (void **)&sqlite.extended_errcode},
    {"sqlite3_changes", (void **)&sqlite.changes},
    {"sqlite3_bind_int64", (void **)&sqlite.bind_int64},
    {"sqlite3_bind_double", (void **)&sqlite.bind_double},
    {"sqlite3_bind_text", (void **)&sqlite.bind_text},
    {"sqlite3_bind_blob", (void **)&sqlite.bind_blob},
    {"sqlite3_bind_null", (void **)&sqlite.bind_null},
    {"sqlite3_step", (void **)&sqlite.step},
    {"sqlite3_column_type", (void **)&sqlite.column_type},
    {"sqlite3_column_int64", (void **)&sqlite.column_int64},
    {"sqlite3_column_double", (void **)&sqlite.column_double},
    {"sqlite3_column_text", (void **)&sqlite.column_text},
    {"sqlite3_column_bytes", (void **)&sqlite.column_bytes},
    {"sqlite3_reset", (void **)&sqlite.reset},
    {"sqlite3_finalize", (void **)&sqlite.finalize},
};
static loader_library libsqlite = {LOADER_SONAME("libsqlite3.so.0", "libsqlite3.dylib"), sqlite_symbols,
                                   sizeof sqlite_symbols / sizeof sqlite_symbols[0], "keeping photos' metadata needs libsqlite3",
                                   "libsqlite3-0"};

const char *sqlite_binding_load(void) { return loader_library_load(&libsqlite); }

int sqlite_binding_open(const char *path, sqlite_binding_connection **connection, char *error, size_t error_size) {
    *connection = NULL;
    // Checked here too: a caller that skipped the load gets a failure, not a call through NULL.
    const char *missing = sqlite_binding_load();
    if (missing) {
        snprintf(error, error_size, "%s", missing);
        return SQLITE_BINDING_ERROR;
    }
    // NOMUTEX: the caller holds its own lock around each use, so SQLite's would be paid for twice.
    sqlite3 *db = NULL;
    int result = sqlite.open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (result != SQLITE_OK) {
        // The handle exists even when opening failed (unless memory ran out): it holds the words.
        snprintf(error, error_size, "%s", db ? sqlite.errmsg(db) : "out of memory");
        sqlite.close_v2(db);
        return result;
    }
    *connection = (sqlite_binding_connection *)db;
    return SQLITE_OK;
}

int sqlite_binding_close(sqlite_binding_connection *connection) { return sqlite.close_v2((sqlite3 *)connection); }

int sqlite_binding_exec(sqlite_binding_connection *connection, const char *sql) {
    return sqlite.exec((sqlite3 *)connection, sql, NULL, NULL, NULL);
}

int sqlite_binding_prepare(sqlite_binding_connection *connection, const char *sql, sqlite_binding_statement **statement) {
    sqlite3_stmt *prepared = NULL;
    int result = sqlite.prepare_v2((sqlite3 *)connection, sql, -1, &prepared, NULL);
    *statement = (sqlite_binding_statement *)prepared;
    return result;
}

int sqlite_binding_persist_wal(sqlite_binding_connection *connection) {
    int persist = 1;
    return sqlite.file_control((sqlite3 *)connection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
}

int sqlite_binding_busy_timeout(sqlite_binding_connection *connection, int milliseconds) {
    return sqlite.busy_timeout((sqlite3 *)connection, milliseconds);
}

const char *sqlite_binding_errmsg(sqlite_binding_connection *connection) { return sqlite.errmsg((sqlite3 *)connection); }

int sqlite_binding_extended_errcode(sqlite_binding_connection *connection) {
    return sqlite.extended_errcode((sqlite3 *)connection);
}

int sqlite_binding_changes(sqlite_binding_connection *connection) { return sqlite.changes((sqlite3 *)connection); }

int sqlite_binding_bind_int64(sqlite_binding_statement *statement, int index, int64_t value) {
    return sqlite.bind_int64((sqlite3_stmt *)statement, index, value);
}

int sqlite_binding_bind_double(sqlite_binding_statement *statement, int index, double value) {
    return sqlite.bind_double((sqlite3_stmt *)statement, index, value);
}

// SQLITE_TRANSIENT (SQLite copies the bytes at once) is a cast of -1 to a function pointer, which
// Swift cannot import: one reason these wrappers exist.
int sqlite_binding_bind_text(sqlite_binding_statement *statement, int index, const char *text, int length) {
    return sqlite.bind_text((sqlite3_stmt *)statement, index, text ? text : "", length, SQLITE_TRANSIENT);
}

int sqlite_binding_bind_blob(sqlite_binding_statement *statement, int index, const void *bytes, int length) {
    // A NULL pointer would bind SQL NULL; an empty Swift array may well have none.
    return sqlite.bind_blob((sqlite3_stmt *)statement, index, length > 0 && bytes ? bytes : "", length > 0 ? length : 0,
                            SQLITE_TRANSIENT);
}

int sqlite_binding_bind_null(sqlite_binding_statement *statement, int index) {
    return sqlite.bind_null((sqlite3_stmt *)statement, index);
}

int sqlite_binding_step(sqlite_binding_statement *statement) { return sqlite.step((sqlite3_stmt *)statement); }

int sqlite_binding_column_type(sqlite_binding_statement *statement, int column) {
    return sqlite.column_type((sqlite3_stmt *)statement, column);
}

int64_t sqlite_binding_column_int64(sqlite_binding_statement *statement, int column) {
    return sqlite.column_int64((sqlite3_stmt *)statement, column);
}

double sqlite_binding_column_double(sqlite_binding_statement *statement, int column) {
    return sqlite.column_double((sqlite3_stmt *)statement, column);
}

const unsigned char *sqlite_binding_column_text(sqlite_binding_statement *statement, int column, int *length) {
    // The text first, then its length: asking for the length first could convert the value twice.
    const unsigned char *text = sqlite.column_text((sqlite3_stmt *)statement, column);
    *length = sqlite.column_bytes((sqlite3_stmt *)statement, column);
    return text;
}

int sqlite_binding_reset(sqlite_binding_statement *statement) { return sqlite.reset((sqlite3_stmt *)statement); }

int sqlite_binding_finalize(sqlite_binding_statement *statement) { return sqlite.finalize((sqlite3_stmt *)statement); }
