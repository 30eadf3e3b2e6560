// PNGs that photorepl's own reader (png_fast.c) leaves alone, through libpng's simplified API, which
// converts every colour type to RGBA. libpng is loaded with dlopen at the first such PNG, not linked:
// the sessions that never meet one never pay for it.
#include "CImageFormats.h"
#include "CLibraryLoader.h"
#include <png.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Each pointer has the type png.h declares its function with: the compiler checks every call.
static struct {
    __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
    __typeof__(png_image_finish_read) *finish_read;
    __typeof__(png_image_free) *free;
} libpng;
static int libpng_loaded;  // 1 loaded, -1 failed
static char libpng_error[256];
static pthread_once_t libpng_once = PTHREAD_ONCE_INIT;

static void load_libpng(void) {
    const photorepl_library_symbol symbols[] = {
        {"png_image_begin_read_from_memory", (void **)&libpng.begin_read_from_memory},
        {"png_image_finish_read", (void **)&libpng.finish_read},
        {"png_image_free", (void **)&libpng.free},
    };
    libpng_loaded = photorepl_load_library("libpng16.so.16", symbols, sizeof symbols / sizeof symbols[0],
                                        "this PNG needs libpng", "libpng16-16", libpng_error, sizeof libpng_error) == 0 ? 1 : -1;
}

int photorepl_png_by_libpng(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                            char *message, size_t message_size) {
    pthread_once(&libpng_once, load_libpng);
    if (libpng_loaded != 1) {
        snprintf(message, message_size, "%s", libpng_error);
        return PHOTOREPL_PNG_MISSING;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    int result = PHOTOREPL_PNG_DONE;
    if (!libpng.begin_read_from_memory(&image, data, size)) {
        result = PHOTOREPL_PNG_NOT_READ;
    } else if (image.width != (png_uint_32)width || image.height != (png_uint_32)height) {
        // Never written past `rgba`: the caller's size comes from the same header, checked first.
        snprintf(image.message, sizeof image.message, "the header says %ux%u, not %dx%d", image.width, image.height, width, height);
        result = PHOTOREPL_PNG_NOT_READ;
    } else {
        image.format = PNG_FORMAT_RGBA;
        if (!libpng.finish_read(&image, NULL, rgba, 0, NULL)) result = PHOTOREPL_PNG_CUT_OR_CORRUPT;
    }
    if (result != PHOTOREPL_PNG_DONE) snprintf(message, message_size, "%s", image.message);
    libpng.free(&image);
    return result;
}
