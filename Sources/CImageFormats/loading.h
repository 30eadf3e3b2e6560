#ifndef PHOTOREPL_LOADING_H
#define PHOTOREPL_LOADING_H
// What the decoders loaded with dlopen share (private to CImageFormats).
#include <dlfcn.h>
#include <stdio.h>

// Finds `name` in `library`, or records that the library is too old.
#define FIND(handle, table, field, name, error)                                                      \
    if (!(*(void **)&table.field = dlsym(handle, name))) {                                           \
        snprintf(error, sizeof error, "the %s library lacks %s: it is too old", #table, name);      \
        return;                                                                                      \
    }

#endif
