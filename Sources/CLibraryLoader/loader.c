#include "CLibraryLoader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

int loader_load_library(const char *soname, const loader_library_symbol *symbols, size_t count,
                           const char *missing, const char *package, char *error, size_t error_size) {
    // RTLD_LOCAL: the library's symbols stay out of the global scope, where they could stand in for
    // another library's of the same name.
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        // The loader's own words too, unless they only say the library is not there: when it is
        // there but broken (a library it needs is missing, say), installing it is not the whole answer.
        const char *why = dlerror();
        char absent[256];
        snprintf(absent, sizeof absent, "%s: cannot open shared object file: No such file or directory", soname);
        if (why && strcmp(why, absent) != 0) {
            snprintf(error, error_size, "%s: install the Debian package %s; the system's loader said: %s", missing, package, why);
        } else {
            snprintf(error, error_size, "%s: install the Debian package %s", missing, package);
        }
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        if (!(*symbols[i].address = dlsym(library, symbols[i].name))) {
            snprintf(error, error_size, "%s (%s) lacks %s: it is too old; install a newer %s", soname, package,
                     symbols[i].name, package);
            dlclose(library);
            return -1;
        }
    }
    return 0;
}

const char *loader_library_load(loader_library *library) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    // Tried already (the common case, on every photo): no lock taken.
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 0) {
        pthread_mutex_lock(&lock);
        if (library->state == 0) {
            int loaded = loader_load_library(library->soname, library->symbols, library->count, library->missing,
                                                library->package, library->error, sizeof library->error) == 0;
            __atomic_store_n(&library->state, loaded ? 1 : -1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&lock);
    }
    return library->state == 1 ? NULL : library->error;
}
