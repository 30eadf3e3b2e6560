#include "CImageFormats.h"
#include "loading.h"
#include <libraw/libraw.h>
#include <pthread.h>

// MARK: - Camera RAW sensor data (libraw 0.20's thread-safe build, loaded at the first RAW whose
// JPEG previews do not cover the box)

static struct {
    libraw_data_t *(*init)(unsigned int);
    int (*open_buffer)(libraw_data_t *, void *, size_t);
    int (*unpack)(libraw_data_t *);
    int (*process)(libraw_data_t *);
    libraw_processed_image_t *(*make_image)(libraw_data_t *, int *);
    void (*clear_image)(libraw_processed_image_t *);
    void (*close)(libraw_data_t *);
    const char *(*error_text)(int);
    void (*set_data_errors)(libraw_data_t *, data_callback, void *);
    int loaded;
} raw;
static char raw_error[200];
static pthread_once_t raw_once = PTHREAD_ONCE_INIT;

static void load_raw(void) {
    void *library = dlopen(LOADER_SONAME("libraw_r.so.20", "libraw_r.23.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(raw_error, sizeof raw_error, "camera RAW sensor data needs libraw: install the Debian package libraw20");
        return;
    }
    FIND(library, raw, init, "libraw_init", raw_error)
    FIND(library, raw, open_buffer, "libraw_open_buffer", raw_error)
    FIND(library, raw, unpack, "libraw_unpack", raw_error)
    FIND(library, raw, process, "libraw_dcraw_process", raw_error)
    FIND(library, raw, make_image, "libraw_dcraw_make_mem_image", raw_error)
    FIND(library, raw, clear_image, "libraw_dcraw_clear_mem", raw_error)
    FIND(library, raw, close, "libraw_close", raw_error)
    FIND(library, raw, error_text, "libraw_strerror", raw_error)
    FIND(library, raw, set_data_errors, "libraw_set_dataerror_handler", raw_error)
    raw.loaded = 1;
}

// libraw reports data it could not read (a file cut short, a corrupt stream) here, and goes on with
// zeros where it was; its own handler prints to stderr. Any such report fails the decode: a picture
// with black where the sensor data was cut is not the photo.
static void raw_data_error(void *data, const char *file, const int offset) {
    (void)file;
    *(int *)data = offset < 0 ? -1 : 1;
}

void photorepl_raw_decode(const unsigned char *data, size_t size, int half, long max_pixels, size_t max_bytes, photorepl_decoded *out) {
    begin(out);
    out->into = NULL;  // the picture's size is libraw's (its crop, its turn): always a new buffer
    pthread_once(&raw_once, load_raw);
    if (!raw.loaded) {
        say(out->message, sizeof out->message, "%s", raw_error);
        return;
    }
    libraw_data_t *decoder = raw.init(0);
    if (!decoder) {
        say(out->message, sizeof out->message, "libraw could not start");
        return;
    }
    // Half size: each 2×2 block of the sensor one pixel, no demosaicking (4 times fewer pixels,
    // and much faster); 8 bits; the camera's white balance; libraw's raw buffers capped.
    decoder->params.half_size = half ? 1 : 0;
    decoder->params.output_bps = 8;
    decoder->params.use_camera_wb = 1;
    decoder->params.max_raw_memory_mb = (unsigned)(max_bytes >> 20) > 0 ? (unsigned)(max_bytes >> 20) : 1;
    int data_error = 0;
    raw.set_data_errors(decoder, raw_data_error, &data_error);
    int status = raw.open_buffer(decoder, (void *)data, size);
    long pixels = (long)decoder->sizes.raw_width * (long)decoder->sizes.raw_height;
    if (status == LIBRAW_SUCCESS && (pixels <= 0 || pixels > max_pixels)) {
        say(out->message, sizeof out->message, "the image is too large: %ux%u sensor pixels", decoder->sizes.raw_width, decoder->sizes.raw_height);
        raw.close(decoder);
        return;
    }
    // Where a stream ends early, some of libraw's decoders fill the rest with zeros and report
    // nothing (a 22 KB CR2 claiming a 4000×3000 sensor came out black, "decoded"). Cameras store
    // at least 5 bits a pixel, lossy ones too: a file of less than 1 cannot hold its sensor data.
    if (status == LIBRAW_SUCCESS && size < (size_t)pixels / 8) {
        say(out->message, sizeof out->message, "libraw could not decode its sensor data: the file is too small to hold %ux%u pixels",
            decoder->sizes.raw_width, decoder->sizes.raw_height);
        raw.close(decoder);
        return;
    }
    // What the decode holds at its peak: the sensor's 16-bit samples, libraw's image of four 16-bit
    // values a pixel, its 8-bit RGB copy and the RGBA here. At full size when that fits the budget,
    // else at half size (each 2×2 block one pixel: a quarter of the image), else refused.
    if (status == LIBRAW_SUCCESS) {
        size_t sensor = (size_t)pixels * 2, image = (size_t)decoder->sizes.width * decoder->sizes.height;
        size_t full = sensor + image * (8 + 3 + 4), quarter = sensor + image / 4 * (8 + 3 + 4);
        if (!half && full > max_bytes) decoder->params.half_size = half = 1;
        if (half && quarter > max_bytes) {
            say(out->message, sizeof out->message,
                "its %ux%u sensor would take %zu MB to decode, more than photorepl's %zu MB for pictures",
                decoder->sizes.raw_width, decoder->sizes.raw_height, quarter >> 20, max_bytes >> 20);
            raw.close(decoder);
            return;
        }
    }
    if (status == LIBRAW_SUCCESS) status = raw.unpack(decoder);
    if (status == LIBRAW_SUCCESS) status = raw.process(decoder);
    libraw_processed_image_t *image = NULL;
    if (status == LIBRAW_SUCCESS) image = raw.make_image(decoder, &status);
    if (data_error) {
        say(out->message, sizeof out->message, "libraw could not decode its sensor data: %s",
            data_error < 0 ? "the file is cut short" : "the data is corrupt");
    } else if (!image || status != LIBRAW_SUCCESS) {
        say(out->message, sizeof out->message, "libraw could not decode its sensor data: %s", raw.error_text(status));
    } else if (image->type != LIBRAW_IMAGE_BITMAP || image->bits != 8 || (image->colors != 3 && image->colors != 1) ||
               (size_t)image->width * image->height * image->colors > image->data_size) {
        say(out->message, sizeof out->message, "libraw gave a picture of a kind photorepl does not read");
    } else if (!(out->rgba = malloc((size_t)image->width * image->height * 4))) {
        say(out->message, sizeof out->message, "out of memory");
    } else {
        size_t count = (size_t)image->width * image->height;
        for (size_t i = 0; i < count; i++) {
            const unsigned char *p = image->data + i * image->colors;
            out->rgba[i * 4] = p[0];
            out->rgba[i * 4 + 1] = p[image->colors == 3 ? 1 : 0];
            out->rgba[i * 4 + 2] = p[image->colors == 3 ? 2 : 0];
            out->rgba[i * 4 + 3] = 255;
        }
        out->width = image->width;
        out->height = image->height;
    }
    if (image) raw.clear_image(image);
    raw.close(decoder);
}

void photorepl_raw_load(void) { pthread_once(&raw_once, load_raw); }
