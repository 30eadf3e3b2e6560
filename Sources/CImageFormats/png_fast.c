#include "CImageFormats.h"
#include "loading.h"
#include <libdeflate.h>
#include <pthread.h>
#include <zlib.h>

// MARK: - PNG at the inflate floor: the common kinds (8 bits a sample; grey, grey + alpha, RGB,
// RGBA) inflated in one call by libdeflate (loaded at the first PNG; zlib's inflate without it),
// unfiltered here row by row and scaled down as the rows come, so that neither the full-size RGBA
// nor a second pass over it exists. An Adam7-interlaced one is read only as far as the passes that
// make the picture: pass 1 alone is the photo at 1:8.

static struct {
    struct libdeflate_decompressor *(*alloc)(void);
    enum libdeflate_result (*zlib)(struct libdeflate_decompressor *, const void *, size_t, void *, size_t, size_t *);
    void (*release)(struct libdeflate_decompressor *);
    int loaded;
} inflater;
static char deflate_error[200];
static pthread_once_t deflate_once = PTHREAD_ONCE_INIT;

static void load_deflate(void) {
    void *library = dlopen(LOADER_SONAME("libdeflate.so.0", "libdeflate.0.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;  // zlib inflates instead
    FIND(library, inflater, alloc, "libdeflate_alloc_decompressor", deflate_error)
    FIND(library, inflater, zlib, "libdeflate_zlib_decompress", deflate_error)
    FIND(library, inflater, release, "libdeflate_free_decompressor", deflate_error)
    inflater.loaded = 1;
}

// The zlib stream `data` inflated into exactly `size` bytes (its first `size` when it holds more:
// an interlaced picture's first passes). 0 when they all came; else -1 and `message`.
static int inflate_exactly(const unsigned char *data, size_t data_size, unsigned char *into, size_t size, int whole,
                           char *message, size_t message_size) {
    pthread_once(&deflate_once, load_deflate);
    if (whole && inflater.loaded) {
        struct libdeflate_decompressor *decompressor = inflater.alloc();
        if (decompressor) {
            size_t got = 0;
            enum libdeflate_result result = inflater.zlib(decompressor, data, data_size, into, size, &got);
            inflater.release(decompressor);
            if (result == LIBDEFLATE_SUCCESS && got == size) return 0;
            // Short, long or damaged: zlib says how far the data goes (libdeflate does not).
        }
    }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) {
        say(message, message_size, "zlib could not start");
        return -1;
    }
    stream.next_in = (unsigned char *)data;
    size_t left = size;
    int status = Z_OK;
    // avail_in and avail_out are 32-bit: fed in steps of at most 1 GB.
    stream.avail_in = data_size < (1u << 30) ? (unsigned)data_size : (1u << 30);
    size_t fed = stream.avail_in;
    while (left > 0 && status == Z_OK) {
        stream.next_out = into + (size - left);
        stream.avail_out = left < (1u << 30) ? (unsigned)left : (1u << 30);
        size_t asked = stream.avail_out;
        status = inflate(&stream, Z_NO_FLUSH);
        left -= asked - stream.avail_out;
        if (stream.avail_in == 0 && fed < data_size) {
            size_t more = data_size - fed < (1u << 30) ? data_size - fed : (1u << 30);
            stream.avail_in = (unsigned)more;
            fed += more;
        }
        if (status == Z_BUF_ERROR && stream.avail_in > 0) status = Z_OK;
    }
    inflateEnd(&stream);
    if (left == 0) return 0;
    if (status == Z_OK || status == Z_BUF_ERROR || status == Z_STREAM_END) {
        say(message, message_size, "the PNG file is truncated (its image data ends %zu bytes early)", left);
    } else {
        say(message, message_size, "corrupt PNG: %s", stream.msg ? stream.msg : "its image data does not inflate");
    }
    return -1;
}

// Average and Paeth for a pixel of `bpp` bytes, `bpp` a constant where they are called from (1 to
// 4): the bytes of one pixel are independent of each other, so the compiler runs them side by side
// (the Paeth of a 1920-pixel RGBA row took a third of a PNG's time byte by byte).
static inline void average_row(unsigned char *row, const unsigned char *prior, size_t length, const int bpp) {
    for (size_t i = 0; i < (size_t)bpp; i++) row[i] = (unsigned char)(row[i] + (prior[i] >> 1));
    for (size_t i = (size_t)bpp; i + (size_t)bpp <= length; i += (size_t)bpp) {
        for (int k = 0; k < bpp; k++) row[i + k] = (unsigned char)(row[i + k] + ((row[i + k - bpp] + prior[i + k]) >> 1));
    }
}

static inline void paeth_row(unsigned char *row, const unsigned char *prior, size_t length, const int bpp) {
    for (size_t i = 0; i < (size_t)bpp; i++) row[i] = (unsigned char)(row[i] + prior[i]);  // a = c = 0: b
    for (size_t i = (size_t)bpp; i + (size_t)bpp <= length; i += (size_t)bpp) {
        for (int k = 0; k < bpp; k++) {
            int a = row[i + k - bpp], b = prior[i + k], c = prior[i + k - bpp];
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - c - c);
            row[i + k] = (unsigned char)(row[i + k] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
    }
}

// One row's filter undone in place (`prior`: the row above, unfiltered; NULL for the first, whose
// row above counts as zeros). `length` is a whole number of pixels of `bpp` bytes.
static int unfilter(unsigned char *row, const unsigned char *prior, size_t length, int bpp, int type) {
    if (!prior && (type == 2 || type == 3 || type == 4)) {
        // Above the first row is nothing: Up is None, Average half of Sub, Paeth Sub.
        if (type == 2) return 0;
        for (size_t i = (size_t)bpp; i < length; i++) row[i] = (unsigned char)(row[i] + (type == 3 ? row[i - (size_t)bpp] >> 1 : row[i - (size_t)bpp]));
        return 0;
    }
    switch (type) {
    case 0: return 0;
    case 1:
        for (size_t i = (size_t)bpp; i < length; i++) row[i] = (unsigned char)(row[i] + row[i - (size_t)bpp]);
        return 0;
    case 2:
        for (size_t i = 0; i < length; i++) row[i] = (unsigned char)(row[i] + prior[i]);
        return 0;
    case 3:
        switch (bpp) {
        case 1: average_row(row, prior, length, 1); break;
        case 2: average_row(row, prior, length, 2); break;
        case 3: average_row(row, prior, length, 3); break;
        case 6: average_row(row, prior, length, 6); break;
        case 8: average_row(row, prior, length, 8); break;
        default: average_row(row, prior, length, 4); break;
        }
        return 0;
    case 4:
        switch (bpp) {
        case 1: paeth_row(row, prior, length, 1); break;
        case 2: paeth_row(row, prior, length, 2); break;
        case 3: paeth_row(row, prior, length, 3); break;
        case 6: paeth_row(row, prior, length, 6); break;
        case 8: paeth_row(row, prior, length, 8); break;
        default: paeth_row(row, prior, length, 4); break;
        }
        return 0;
    default: return -1;
    }
}

// A row of `width` pixels of `channels` samples as RGBA.
static void to_rgba(const unsigned char *row, int width, int channels, unsigned char *out) {
    for (int x = 0; x < width; x++, out += 4, row += channels) {
        switch (channels) {
        case 1: out[0] = out[1] = out[2] = row[0]; out[3] = 255; break;
        case 2: out[0] = out[1] = out[2] = row[0]; out[3] = row[1]; break;
        case 3: out[0] = row[0]; out[1] = row[1]; out[2] = row[2]; out[3] = 255; break;
        default: memcpy(out, row, 4);
        }
    }
}

// The rows of an image of `width` × `height` (filtered, in `data`), unfiltered one after another
// and gathered into bands of `factor` rows that shrink() makes one row of `out` each.
static int rows_shrunk(unsigned char *data, int width, int height, int channels, int factor, unsigned char *out,
                       char *message, size_t message_size) {
    size_t stride = (size_t)width * (size_t)channels, scaled_width = ((size_t)width + (size_t)factor - 1) / (size_t)factor;
    // RGB and RGBA rows are summed where they are (shrink() steps over each row's filter byte);
    // grey ones are made RGBA first, in a band of their own.
    int in_place = channels >= 3;
    unsigned char *band = in_place ? NULL : malloc((size_t)factor * (size_t)width * 4);
    if (!in_place && !band) {
        say(message, message_size, "out of memory");
        return -1;
    }
    const unsigned char *prior = NULL;
    for (int y = 0; y < height; y++) {
        unsigned char *row = data + (size_t)y * (stride + 1);
        if (unfilter(row + 1, prior, stride, channels, row[0]) != 0) {
            free(band);
            say(message, message_size, "corrupt PNG: row %d has filter type %d", y, row[0]);
            return -1;
        }
        prior = row + 1;
        if (factor == 1) {
            // Not scaled: the pixels as they are (a transparent pixel keeps its colour, as libpng's do).
            to_rgba(row + 1, width, channels, out + (size_t)y * (size_t)width * 4);
            continue;
        }
        int in_band = y % factor;
        if (!in_place) to_rgba(row + 1, width, channels, band + (size_t)in_band * (size_t)width * 4);
        if (in_band == factor - 1 || y == height - 1) {
            const unsigned char *first = in_place ? data + (size_t)(y - in_band) * (stride + 1) + 1 : band;
            int first_stride = in_place ? (int)(stride + 1) : width * 4;
            if (shrink(first, first_stride, width, in_band + 1, in_place ? channels : 4, factor, out + (size_t)(y / factor) * scaled_width * 4) != 0) {
                free(band);
                say(message, message_size, "out of memory");
                return -1;
            }
        }
    }
    free(band);
    return 0;
}

// A 16-bit row's samples as 8-bit ones (the high byte of each, as viewers show them), in place.
static void to_8_bits(unsigned char *row, size_t samples) {
    for (size_t i = 0; i < samples; i++) row[i] = row[2 * i];
}

// A picture too large to inflate whole (or of 16-bit samples): inflated by zlib a row at a time,
// each row unfiltered, made RGBA and summed into the scaled picture (row_shrinker). What it holds is
// two rows and a row of sums, whatever the picture's size or the factor (a 10000×10000 RGBA PNG
// inflates to 400 MB).
static int rows_streamed(const unsigned char *idat, size_t idat_size, int width, int height, int channels, int depth,
                         int factor, unsigned char *out, char *message, size_t message_size) {
    int bpp = channels * (depth / 8);
    size_t stride = (size_t)width * (size_t)bpp, row_bytes = stride + 1;
    unsigned char *row = malloc(row_bytes), *prior = malloc(stride), *rgba = malloc((size_t)width * 4);
    row_shrinker shrinker = {0};
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    int result = 0;
    if (!row || !prior || !rgba || (factor > 1 && shrinker_begin(&shrinker, width, height, factor, out) != 0) || inflateInit(&stream) != Z_OK) {
        say(message, message_size, "out of memory");
        free(row);
        free(prior);
        free(rgba);
        free(shrinker.sums);
        return -1;
    }
    stream.next_in = (unsigned char *)idat;
    size_t fed = 0;
    for (int y = 0; y < height; y++) {
        stream.next_out = row;
        stream.avail_out = (unsigned)row_bytes;
        int status = Z_OK;
        while (stream.avail_out > 0 && status == Z_OK) {
            if (stream.avail_in == 0 && fed < idat_size) {
                size_t more = idat_size - fed < (1u << 30) ? idat_size - fed : (1u << 30);
                stream.avail_in = (unsigned)more;
                fed += more;
            }
            status = inflate(&stream, Z_NO_FLUSH);
            if (status == Z_BUF_ERROR && stream.avail_in > 0) status = Z_OK;
        }
        if (stream.avail_out > 0) {
            if (status == Z_OK || status == Z_BUF_ERROR || status == Z_STREAM_END) {
                say(message, message_size, "the PNG file is truncated (its image data ends at row %d of %d)", y, height);
            } else {
                say(message, message_size, "corrupt PNG: %s", stream.msg ? stream.msg : "its image data does not inflate");
            }
            result = -1;
            break;
        }
        if (unfilter(row + 1, y > 0 ? prior : NULL, stride, bpp, row[0]) != 0) {
            say(message, message_size, "corrupt PNG: row %d has filter type %d", y, row[0]);
            result = -1;
            break;
        }
        // Unfiltered, still 16-bit: the row above the next one.
        memcpy(prior, row + 1, stride);
        if (depth == 16) to_8_bits(row + 1, (size_t)width * (size_t)channels);
        if (factor == 1) {
            to_rgba(row + 1, width, channels, out + (size_t)y * (size_t)width * 4);
        } else {
            to_rgba(row + 1, width, channels, rgba);
            shrinker_add(&shrinker, rgba);
        }
    }
    inflateEnd(&stream);
    free(row);
    free(prior);
    free(rgba);
    free(shrinker.sums);
    return result;
}

// Adam7's passes: where each starts and how far apart its pixels are.
static const int pass_x[7] = {0, 4, 0, 2, 0, 1, 0}, pass_y[7] = {0, 0, 4, 0, 2, 0, 1};
static const int step_x[7] = {8, 8, 4, 4, 2, 2, 1}, step_y[7] = {8, 8, 8, 4, 4, 2, 2};

static int pass_size(int pass, int width, int height, int *w, int *h) {
    *w = width > pass_x[pass] ? (width - pass_x[pass] + step_x[pass] - 1) / step_x[pass] : 0;
    *h = height > pass_y[pass] ? (height - pass_y[pass] + step_y[pass] - 1) / step_y[pass] : 0;
    return *w > 0 && *h > 0;
}

// Interlaced: the passes whose pixels make a grid of 8, 4, 2 or 1 (passes 1, 1–3, 1–5, all): the
// grid as coarse as the factor allows, the rest of the file never inflated.
static int grid_for(int interlaced, int factor) {
    return !interlaced ? 1 : factor >= 8 ? 8 : factor >= 4 ? 4 : factor >= 2 ? 2 : 1;
}

void photorepl_png_scaled_size(int width, int height, int interlaced, int factor, int *scaled_width, int *scaled_height, int *grid) {
    if (factor < 1) factor = 1;
    *grid = grid_for(interlaced, factor);
    int rest = factor / *grid, grid_w = (width + *grid - 1) / *grid, grid_h = (height + *grid - 1) / *grid;
    *scaled_width = (grid_w + rest - 1) / rest;
    *scaled_height = (grid_h + rest - 1) / rest;
}

// 16-bit, or too large to inflate whole: inflated, unfiltered and scaled a row at a time.
static int decode_streamed(const unsigned char *idat, size_t idat_size, int width, int height, int channels, int depth, int factor,
                           photorepl_decoded *out) {
    int scaled_w = (width + factor - 1) / factor, scaled_h = (height + factor - 1) / factor;
    if (!(out->rgba = output(out, (size_t)scaled_w * (size_t)scaled_h * 4))) {
        say(out->message, sizeof out->message, out->into ? "the PNG decoded at another size than asked for" : "out of memory");
        return -1;
    }
    if (rows_streamed(idat, idat_size, width, height, channels, depth, factor, out->rgba, out->message, sizeof out->message) != 0) {
        discard(out);
        return -1;
    }
    out->width = scaled_w;
    out->height = scaled_h;
    return 0;
}

// A picture not interlaced, inflated whole into `data`: unfiltered and scaled into `out`.
static int decode_inflated(unsigned char *data, int width, int height, int channels, int factor, photorepl_decoded *out) {
    int scaled_w = (width + factor - 1) / factor, scaled_h = (height + factor - 1) / factor;
    if (!(out->rgba = output(out, (size_t)scaled_w * (size_t)scaled_h * 4))) {
        say(out->message, sizeof out->message, out->into ? "the PNG decoded at another size than asked for" : "out of memory");
        return -1;
    }
    if (rows_shrunk(data, width, height, channels, factor, out->rgba, out->message, sizeof out->message) != 0) {
        discard(out);
        return -1;
    }
    out->width = scaled_w;
    out->height = scaled_h;
    return 0;
}

// The first `passes` Adam7 passes in `data` unfiltered, their pixels placed on `picture` (one pixel a
// grid × grid block, `grid_w` of them a row): 0, or -1 and `message`.
static int place_passes(unsigned char *data, int width, int height, int channels, int passes, int grid, int grid_w,
                        unsigned char *picture, unsigned char *row_rgba, char *message, size_t message_size) {
    unsigned char *cursor = data;
    for (int pass = 0; pass < passes; pass++) {
        int w, h;
        if (!pass_size(pass, width, height, &w, &h)) continue;
        size_t stride = (size_t)w * (size_t)channels;
        const unsigned char *prior = NULL;
        for (int y = 0; y < h; y++, cursor += stride + 1) {
            if (unfilter(cursor + 1, prior, stride, channels, cursor[0]) != 0) {
                say(message, message_size, "corrupt PNG: pass %d's row %d has filter type %d", pass + 1, y, cursor[0]);
                return -1;
            }
            prior = cursor + 1;
            to_rgba(cursor + 1, w, channels, row_rgba);
            int image_y = pass_y[pass] + y * step_y[pass];
            for (int x = 0; x < w; x++) {
                int image_x = pass_x[pass] + x * step_x[pass];
                memcpy(picture + ((size_t)(image_y / grid) * (size_t)grid_w + (size_t)(image_x / grid)) * 4, row_rgba + (size_t)x * 4, 4);
            }
        }
    }
    return 0;
}

// An interlaced picture's first `passes` passes, inflated into `data`: the passes' pixels placed on
// the grid, then scaled by what is left of the factor.
static int decode_interlaced(unsigned char *data, int width, int height, int channels, int factor, int grid, int passes,
                             photorepl_decoded *out) {
    int result = 0;
    int grid_w = (width + grid - 1) / grid, grid_h = (height + grid - 1) / grid, rest = factor / grid;
    unsigned char *picture = malloc((size_t)grid_w * (size_t)grid_h * 4), *row_rgba = malloc((size_t)width * 4);
    if (picture && row_rgba)
        result = place_passes(data, width, height, channels, passes, grid, grid_w, picture, row_rgba, out->message, sizeof out->message);
    if (!picture || !row_rgba) {
        say(out->message, sizeof out->message, "out of memory");
        result = -1;
    }
    if (result == 0) {
        int scaled_w = (grid_w + rest - 1) / rest, scaled_h = (grid_h + rest - 1) / rest;
        if (!(out->rgba = output(out, (size_t)scaled_w * (size_t)scaled_h * 4))) {
            say(out->message, sizeof out->message, out->into ? "the PNG decoded at another size than asked for" : "out of memory");
            result = -1;
        } else if (rest == 1) {
            memcpy(out->rgba, picture, (size_t)grid_w * (size_t)grid_h * 4);
            out->width = scaled_w;
            out->height = scaled_h;
        } else if (shrink(picture, grid_w * 4, grid_w, grid_h, 4, rest, out->rgba) != 0) {
            discard(out);
            say(out->message, sizeof out->message, "out of memory");
            result = -1;
        } else {
            out->width = scaled_w;
            out->height = scaled_h;
        }
    }
    free(picture);
    free(row_rgba);
    return result;
}

int photorepl_png_decode(const unsigned char *idat, size_t idat_size, int width, int height, int channels, int depth,
                         int interlaced, int factor, photorepl_decoded *out) {
    begin(out);
    if (channels < 1 || channels > 4 || width <= 0 || height <= 0 || factor < 1 || (depth != 8 && depth != 16) ||
        (depth == 16 && interlaced)) {
        say(out->message, sizeof out->message, "not a PNG this reader decodes");
        return -1;
    }
    // 16-bit, or more than 32 MB inflated: a row at a time.
    if (!interlaced && (depth == 16 || (size_t)height * ((size_t)width * (size_t)channels + 1) > ((size_t)32 << 20)))
        return decode_streamed(idat, idat_size, width, height, channels, depth, factor, out);
    int grid = grid_for(interlaced, factor);
    int passes = grid == 8 ? 1 : grid == 4 ? 3 : grid == 2 ? 5 : 7;
    size_t bytes = 0;
    for (int pass = 0; pass < (interlaced ? passes : 1); pass++) {
        int w = width, h = height;
        if (interlaced && !pass_size(pass, width, height, &w, &h)) continue;
        bytes += (size_t)h * ((size_t)w * (size_t)channels + 1);
    }
    unsigned char *data = malloc(bytes ? bytes : 1);
    if (!data) {
        say(out->message, sizeof out->message, "out of memory");
        return -1;
    }
    if (inflate_exactly(idat, idat_size, data, bytes, !interlaced || passes == 7, out->message, sizeof out->message) != 0) {
        free(data);
        return -1;
    }
    int result = interlaced ? decode_interlaced(data, width, height, channels, factor, grid, passes, out)
                            : decode_inflated(data, width, height, channels, factor, out);
    free(data);
    return result;
}
