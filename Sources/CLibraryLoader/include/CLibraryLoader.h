#ifndef PHOTOREPL_CLIBRARYLOADER_H
#define PHOTOREPL_CLIBRARYLOADER_H
// Shared libraries loaded with dlopen when first needed, not linked: each linked library is paid
// for at every start (the loader maps it, binds it and runs its constructors), also by the sessions
// that never use it, and a machine without it could not start photorepl at all.
#include <stddef.h>

/// One function to find: its name in the library, and where its address goes.
typedef struct {
    const char *name;
    void **address;
} photorepl_library_symbol;

/// Opens `soname` and finds each of `symbols`. Returns 0 when all were found. Else -1, and `error`
/// (of `error_size` bytes) says in one line what is wrong: the library cannot be loaded ("`missing`:
/// install the Debian package `package`", and what the system's loader said when the file is there
/// but broken), or is too old (it lacks a function).
int photorepl_load_library(const char *soname, const photorepl_library_symbol *symbols, size_t count,
                           const char *missing, const char *package, char *error, size_t error_size);

#endif
