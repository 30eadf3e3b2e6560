// PNGs that photorepl's own reader (png_fast.c) leaves alone, through libpng's simplified API, which
// converts every colour type to RGBA. libpng is loaded with dlopen at the first such PNG, not linked:
// the sessions that never meet one never pay for it.
#include "CImageFormats.h"
#include "CLibraryLoader.h"
#include <png.h>
#include <stdio.h>
#include <string.h>

// Each pointer has the type png.h declares its function with: the compiler checks every call.
static struct {
    __typeof__(png_image_begin_read_from_memory) *begin_read_from_memory;
    __typeof__(png_image_finish_read) *finish_read;
    __typeof__(png_image_free) *free;
} libpng;
static const loader_library_symbol libpng_symbols[] = {
    {"png_image_begin_read_from_memory", (void **)&libpng.begin_read_from_memory},
    {"png_image_finish_read", (void **)&libpng.finish_read},
    {"png_image_free", (void **)&libpng.free},
};
static loader_library libpng_library = {LOADER_SONAME("libpng16.so.16", "libpng16.16.dylib"), libpng_symbols, sizeof libpng_symbols / sizeof libpng_symbols[0],
                                           "this PNG needs libpng", "libpng16-16"};

int photorepl_png_by_libpng(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                            char *message, size_t message_size) {
    const char *missing = loader_library_load(&libpng_library);
    if (missing) {
        snprintf(message, message_size, "%s", missing);
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

void photorepl_libpng_load(void) { (void)loader_library_load(&libpng_library); }
