#ifndef CSQLITE_SQLITE_INDEX_H
#define CSQLITE_SQLITE_INDEX_H
// SQLite behind plain C functions: libsqlite3 is loaded with dlopen at the first call of
// `sqlite_binding_load` (a session that never uses the database never maps it), and Swift never
// imports <sqlite3.h>, whose macros (SQLITE_TRANSIENT) and variadic functions it cannot call.
#include <stddef.h>
#include <stdint.h>

/// A database connection, and a statement prepared on one: SQLite's own `sqlite3` and
/// `sqlite3_stmt`, under names of our own.
typedef struct sqlite_binding_connection sqlite_binding_connection;
typedef struct sqlite_binding_statement sqlite_binding_statement;

// SQLite's result codes that callers tell apart (the same numbers as <sqlite3.h>'s; sqlite_index.c
// fails to build if they differ). An extended code's low byte is one of these.
#define SQLITE_BINDING_OK 0
#define SQLITE_BINDING_ERROR 1
#define SQLITE_BINDING_PERM 3
#define SQLITE_BINDING_BUSY 5
#define SQLITE_BINDING_LOCKED 6
#define SQLITE_BINDING_READONLY 8
#define SQLITE_BINDING_IOERR 10
#define SQLITE_BINDING_CORRUPT 11
#define SQLITE_BINDING_FULL 13
#define SQLITE_BINDING_CANTOPEN 14
#define SQLITE_BINDING_NOTADB 26
#define SQLITE_BINDING_ROW 100
#define SQLITE_BINDING_DONE 101

// A column's type, as `sqlite_binding_column_type` says it.
#define SQLITE_BINDING_INTEGER 1
#define SQLITE_BINDING_FLOAT 2
#define SQLITE_BINDING_TEXT 3
#define SQLITE_BINDING_BLOB 4
#define SQLITE_BINDING_NULL 5

/// Loads libsqlite3 the first time it is asked (from any thread): NULL when it is loaded, else why
/// not, in one line that names the Debian package to install. No other function here may be called
/// before it returned NULL.
const char *sqlite_binding_load(void);

/// Opens (or creates) the database at `path`, read and write, for one thread at a time (the caller
/// serialises its use). Returns SQLITE_BINDING_OK and sets `*connection`; else an error code, no
/// connection, and `error` (of `error_size` bytes) says why.
int sqlite_binding_open(const char *path, sqlite_binding_connection **connection, char *error, size_t error_size);
/// Closes it, rolling back a transaction left open; with statements not yet finalized, it is closed
/// when the last of them is. NULL is let be.
int sqlite_binding_close(sqlite_binding_connection *connection);
/// Runs one or more statements that return no rows.
int sqlite_binding_exec(sqlite_binding_connection *connection, const char *sql);
int sqlite_binding_prepare(sqlite_binding_connection *connection, const char *sql, sqlite_binding_statement **statement);
/// Keeps the write-ahead log and its index on disk when the connection closes, rather than deleting
/// them by name: a connection to a file that was renamed (set aside) meanwhile would otherwise delete
/// the log of the file made at its old name since.
int sqlite_binding_persist_wal(sqlite_binding_connection *connection);
/// How long a statement waits for another connection's lock before it fails with SQLITE_BINDING_BUSY.
int sqlite_binding_busy_timeout(sqlite_binding_connection *connection, int milliseconds);
/// The last failure's words and extended code, and the rows the last statement changed.
const char *sqlite_binding_errmsg(sqlite_binding_connection *connection);
int sqlite_binding_extended_errcode(sqlite_binding_connection *connection);
int sqlite_binding_changes(sqlite_binding_connection *connection);

/// Parameters count from 1. Text and bytes are copied: the caller's buffer may go at once. A blob
/// of no bytes is an empty blob, not NULL.
int sqlite_binding_bind_int64(sqlite_binding_statement *statement, int index, int64_t value);
int sqlite_binding_bind_double(sqlite_binding_statement *statement, int index, double value);
int sqlite_binding_bind_text(sqlite_binding_statement *statement, int index, const char *text, int length);
int sqlite_binding_bind_blob(sqlite_binding_statement *statement, int index, const void *bytes, int length);
int sqlite_binding_bind_null(sqlite_binding_statement *statement, int index);

/// SQLITE_BINDING_ROW for each row, SQLITE_BINDING_DONE at the end, else an error code.
int sqlite_binding_step(sqlite_binding_statement *statement);
/// Columns count from 0. A text's bytes stay valid until the next step, reset or finalize; its
/// length (it may hold NULs) goes to `*length`.
int sqlite_binding_column_type(sqlite_binding_statement *statement, int column);
int64_t sqlite_binding_column_int64(sqlite_binding_statement *statement, int column);
double sqlite_binding_column_double(sqlite_binding_statement *statement, int column);
const unsigned char *sqlite_binding_column_text(sqlite_binding_statement *statement, int column, int *length);
/// Ready to run again, its parameters kept (bind new ones over them).
int sqlite_binding_reset(sqlite_binding_statement *statement);
int sqlite_binding_finalize(sqlite_binding_statement *statement);

#endif
