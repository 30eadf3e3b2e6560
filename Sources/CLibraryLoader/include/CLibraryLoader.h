#ifndef CLIBRARYLOADER_H
#define CLIBRARYLOADER_H
// Shared libraries loaded with dlopen when first needed, not linked: each linked library is paid
// for at every start (the loader maps it, binds it and runs its constructors), also by the sessions
// that never use it, and a machine without it could not start photorepl at all.
#include <stddef.h>

/// A library's name as the system's loader finds it: its ELF soname on Linux, its dylib's name on
/// macOS (the system's, or Homebrew's for the image libraries). Only the Linux names are tested.
#ifdef __APPLE__
#define LOADER_SONAME(linux, macos) macos
#else
#define LOADER_SONAME(linux, macos) linux
#endif

/// One function to find: its name in the library, and where its address goes.
typedef struct {
    const char *name;
    void **address;
} loader_library_symbol;

/// A library loaded once, the first time a caller asks for it (`loader_library_load`): where it
/// is, what it must have, what to say without it; and, once tried, how that went.
typedef struct {
    const char *soname;
    const loader_library_symbol *symbols;
    size_t count;
    const char *missing, *package;
    int state;  // 0 not tried yet, 1 loaded, -1 failed (then `error` says why)
    char error[256];
} loader_library;

/// Loads `library` the first time it is asked for (from any thread; the others wait): NULL when it
/// is loaded and its functions found, else why not, in one line (see `loader_load_library`).
const char *loader_library_load(loader_library *library);

/// Opens `soname` and finds each of `symbols`. Returns 0 when all were found. Else -1, and `error`
/// (of `error_size` bytes) says in one line what is wrong: the library cannot be loaded ("`missing`:
/// install the Debian package `package`", and what the system's loader said when the file is there
/// but broken), or is too old (it lacks a function).
int loader_load_library(const char *soname, const loader_library_symbol *symbols, size_t count,
                           const char *missing, const char *package, char *error, size_t error_size);

#endif
