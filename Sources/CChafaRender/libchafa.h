#ifndef PHOTOREPL_LIBCHAFA_H
#define PHOTOREPL_LIBCHAFA_H
// The parts of libchafa 1.12's API (chafa.h, and glib's GString) that render.c uses, declared here
// rather than included: libchafa is loaded with dlopen at the first picture, not linked (with glib
// and pcre2 it was a third of photorepl's start-up, paid also by sessions that draw no picture), and
// its headers need glib's include paths, which only pkg-config gives, and with them the linking.
// The names are chafa.h's with LIBCHAFA_ for CHAFA_; Tests/CChafaABICheck checks every value and the
// string's layout against the real headers when the tests are built. libchafa0 keeps this ABI.
#include <stddef.h>

typedef struct libchafa_canvas_config libchafa_canvas_config;
typedef struct libchafa_canvas libchafa_canvas;
typedef struct libchafa_symbol_map libchafa_symbol_map;

/// glib's GString.
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} libchafa_string;

enum {
    // ChafaCanvasMode
    LIBCHAFA_CANVAS_MODE_TRUECOLOR = 0,
    LIBCHAFA_CANVAS_MODE_INDEXED_240 = 2,
    LIBCHAFA_CANVAS_MODE_INDEXED_16 = 3,
    LIBCHAFA_CANVAS_MODE_FGBG = 5,
    // ChafaPixelMode
    LIBCHAFA_PIXEL_MODE_SYMBOLS = 0,
    LIBCHAFA_PIXEL_MODE_ITERM2 = 3,
    // ChafaPixelType
    LIBCHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
    // ChafaSymbolTags
    LIBCHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    LIBCHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
    LIBCHAFA_SYMBOL_TAG_BORDER = 1 << 4,
    LIBCHAFA_SYMBOL_TAG_WIDE = 1 << 18,
    LIBCHAFA_SYMBOL_TAG_AMBIGUOUS = 1 << 19,
};

#endif
