#ifndef PHOTOREPL_LOADING_H
#define PHOTOREPL_LOADING_H
// What the decoders loaded with dlopen share (private to CImageFormats).
#include "CImageFormats.h"
#include "CLibraryLoader.h"  // LOADER_SONAME
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Finds `name` in `library`, or records that the library is too old.
#define FIND(handle, table, field, name, error)                                                      \
    if (!(*(void **)&table.field = dlsym(handle, name))) {                                           \
        snprintf(error, sizeof error, "the %s library lacks %s: it is too old", #table, name);      \
        return;                                                                                      \
    }

// A message in one line, whatever the library's own text holds (libheif's end in a line feed).
static inline void say(char *message, size_t size, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, size, format, arguments);
    va_end(arguments);
    for (char *c = message; *c; c++) {
        if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
    }
    size_t length = strlen(message);
    while (length > 0 && message[length - 1] == ' ') message[--length] = 0;
}

// A decode starts with no result; `into` and `capacity` are the caller's.
static inline void begin(photorepl_decoded *out) {
    out->rgba = NULL;
    out->width = out->height = 0;
    out->message[0] = 0;
}

// Where `bytes` of pixels go: the caller's buffer when it is large enough, else a new one.
static inline unsigned char *output(photorepl_decoded *out, size_t bytes) {
    if (out->into) return out->capacity >= bytes ? out->into : NULL;
    return malloc(bytes);
}

// Gives up the pixels (freeing them if they were ours).
static inline void discard(photorepl_decoded *out) {
    if (out->rgba && out->rgba != out->into) free(out->rgba);
    out->rgba = NULL;
}

// Each `factor` × `factor` block of `plane` (`channels` bytes a pixel: RGB, or RGBA with alpha not
// premultiplied) averaged into one RGBA pixel of `out` (⌈w / factor⌉ × ⌈h / factor⌉); with alpha,
// the colours are weighted by it, so that transparent pixels lend the picture none of theirs.
// 0 when done; -1 when there was no memory for the sums.
static inline int shrink(const uint8_t *plane, int stride, int w, int h, int channels, int factor, unsigned char *out) {
    int width = (w + factor - 1) / factor, height = (h + factor - 1) / factor;
    // 64 bits: a block of a 10000-pixel photo shown 38 pixels wide sums 263² values of up to 255².
    uint64_t *sums = calloc((size_t)width * 4, sizeof(uint64_t));
    if (!sums) return -1;
    for (int by = 0; by < height; by++) {
        memset(sums, 0, (size_t)width * 4 * sizeof(uint64_t));
        int rows = h - by * factor < factor ? h - by * factor : factor;
        for (int y = by * factor; y < by * factor + rows; y++) {
            const uint8_t *p = plane + (size_t)y * (size_t)stride;
            // Block by block (no division a pixel); without alpha, plain sums, weighted at the end.
            for (int bx = 0, x = 0; bx < width; bx++) {
                uint64_t *sum = sums + (size_t)bx * 4;
                int end = x + factor < w ? x + factor : w;
                if (channels == 4) {
                    for (; x < end; x++, p += 4) {
                        uint32_t alpha = p[3];
                        sum[0] += p[0] * alpha;
                        sum[1] += p[1] * alpha;
                        sum[2] += p[2] * alpha;
                        sum[3] += alpha;
                    }
                } else {
                    for (; x < end; x++, p += channels) {
                        sum[0] += p[0];
                        sum[1] += p[1];
                        sum[2] += p[2];
                    }
                }
            }
        }
        for (int bx = 0; bx < width; bx++) {
            int columns = w - bx * factor < factor ? w - bx * factor : factor;
            uint64_t *sum = sums + (size_t)bx * 4, count = (uint64_t)rows * (uint64_t)columns;
            if (channels != 4) {
                for (int c = 0; c < 3; c++) sum[c] *= 255;
                sum[3] = 255 * count;
            }
            unsigned char *o = out + ((size_t)by * (size_t)width + (size_t)bx) * 4;
            for (int c = 0; c < 3; c++) o[c] = sum[3] ? (unsigned char)((sum[c] + sum[3] / 2) / sum[3]) : 0;
            o[3] = (unsigned char)((sum[3] + count / 2) / count);
        }
    }
    free(sums);
    return 0;
}

// Rows of RGBA pixels summed into blocks of `factor` × `factor`, each block one pixel of `out`
// (⌈w / factor⌉ × ⌈h / factor⌉), as `shrink` does for a whole plane: the rows come one at a time.
typedef struct {
    int w, h, factor, width, row;
    uint64_t *sums;
    unsigned char *out;
} row_shrinker;

static inline int shrinker_begin(row_shrinker *shrinker, int w, int h, int factor, unsigned char *out) {
    shrinker->w = w;
    shrinker->h = h;
    shrinker->factor = factor;
    shrinker->width = (w + factor - 1) / factor;
    shrinker->row = 0;
    shrinker->out = out;
    shrinker->sums = calloc((size_t)shrinker->width * 4, sizeof(uint64_t));
    return shrinker->sums ? 0 : -1;
}

static inline void shrinker_add(row_shrinker *shrinker, const unsigned char *rgba) {
    int factor = shrinker->factor;
    for (int bx = 0, x = 0; bx < shrinker->width; bx++) {
        uint64_t *sum = shrinker->sums + (size_t)bx * 4;
        int end = x + factor < shrinker->w ? x + factor : shrinker->w;
        for (const unsigned char *p = rgba + (size_t)x * 4; x < end; x++, p += 4) {
            uint32_t alpha = p[3];
            sum[0] += p[0] * alpha;
            sum[1] += p[1] * alpha;
            sum[2] += p[2] * alpha;
            sum[3] += alpha;
        }
    }
    shrinker->row++;
    int rows = shrinker->row % factor ? shrinker->row % factor : factor;
    if (rows != factor && shrinker->row != shrinker->h) return;
    int by = (shrinker->row - 1) / factor;
    for (int bx = 0; bx < shrinker->width; bx++) {
        int columns = shrinker->w - bx * factor < factor ? shrinker->w - bx * factor : factor;
        uint64_t *sum = shrinker->sums + (size_t)bx * 4, count = (uint64_t)rows * (uint64_t)columns;
        unsigned char *o = shrinker->out + ((size_t)by * (size_t)shrinker->width + (size_t)bx) * 4;
        for (int c = 0; c < 3; c++) o[c] = sum[3] ? (unsigned char)((sum[c] + sum[3] / 2) / sum[3]) : 0;
        o[3] = (unsigned char)((sum[3] + count / 2) / count);
    }
    memset(shrinker->sums, 0, (size_t)shrinker->width * 4 * sizeof(uint64_t));
}

// Each library isolation.c forks a child for, loaded in the parent first: the child then never calls
// dlopen, whose lock another thread of the parent may have held at the fork.
void photorepl_heif_load(void);
void photorepl_tiff_load(void);
void photorepl_jxl_load(void);
void photorepl_raw_load(void);
void photorepl_webp_load(void);
void photorepl_gif_load(void);
void photorepl_avif_load(void);
void photorepl_libpng_load(void);

#endif
