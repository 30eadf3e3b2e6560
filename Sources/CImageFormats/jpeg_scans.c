#include "CImageFormats.h"
#include "loading.h"
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// After stdio.h: jpeglib.h uses FILE and size_t without including what declares them.
#include <jpeglib.h>

// A progressive JPEG's first scans through libjpeg's buffered-image mode (libjpeg-turbo's libjpeg
// 6.2 ABI, loaded with dlopen at the first progressive JPEG). TurboJPEG cannot stop early: it reads
// every scan inside jpeg_start_decompress, whatever the scale. A picture at 1/8 scale needs only the
// DC coefficients, and the DC scan is about 5 % of the file.

static struct {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_decompress)(j_decompress_ptr, int, size_t);
    void (*destroy_decompress)(j_decompress_ptr);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    boolean (*start_decompress)(j_decompress_ptr);
    int (*consume_input)(j_decompress_ptr);
    boolean (*start_output)(j_decompress_ptr, int);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    int loaded;
} jpeg;
static char jpeg_error[200];
static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;

static void load_jpeg(void) {
    void *library = dlopen(LOADER_SONAME("libjpeg.so.62", "libjpeg.8.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(jpeg_error, sizeof jpeg_error, "a progressive JPEG's first scans need libjpeg: install the Debian package libjpeg62-turbo");
        return;
    }
    FIND(library, jpeg, std_error, "jpeg_std_error", jpeg_error)
    FIND(library, jpeg, create_decompress, "jpeg_CreateDecompress", jpeg_error)
    FIND(library, jpeg, destroy_decompress, "jpeg_destroy_decompress", jpeg_error)
    FIND(library, jpeg, mem_src, "jpeg_mem_src", jpeg_error)
    FIND(library, jpeg, read_header, "jpeg_read_header", jpeg_error)
    FIND(library, jpeg, start_decompress, "jpeg_start_decompress", jpeg_error)
    FIND(library, jpeg, consume_input, "jpeg_consume_input", jpeg_error)
    FIND(library, jpeg, start_output, "jpeg_start_output", jpeg_error)
    FIND(library, jpeg, read_scanlines, "jpeg_read_scanlines", jpeg_error)
    jpeg.loaded = 1;
}

// libjpeg reports errors by calling error_exit, which must not return: back to the setjmp.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
} failure_mgr;

static void fail(j_common_ptr info) {
    failure_mgr *errors = (failure_mgr *)info->err;
    errors->base.format_message(info, errors->message);
    longjmp(errors->back, 1);
}

// Warnings (corrupt data it can step over, a file cut short) are counted, never printed: a file
// with any is left to the full decode, which says what is wrong with it.
static void count_warnings(j_common_ptr info, int level) {
    if (level < 0) info->err->num_warnings++;
}

// Natural order (row × 8 + column) to libjpeg's zigzag order, in which coef_bits is indexed.
static const int zigzag_of[64] = {
    0,  1,  5,  6,  14, 15, 27, 28, 2,  4,  7,  13, 16, 26, 29, 42, 3,  8,  12, 17, 25, 30,
    41, 43, 9,  11, 18, 24, 31, 40, 44, 53, 10, 19, 23, 32, 39, 45, 52, 54, 20, 22, 33, 38,
    46, 51, 55, 60, 21, 34, 37, 47, 50, 56, 59, 61, 35, 36, 48, 49, 57, 58, 62, 63,
};

// Whether the scans described by `bits` (libjpeg's coef_bits as they were then: -1 for a
// coefficient no scan has touched) hold the detail each component has at the picture's scale: the
// top-left N × N coefficients of each block, N being its scaled IDCT size (1 at 1/8 scale) less what
// its IDCT only upsamples (subsampled chroma is decoded at twice that, to spare an upsampling pass:
// at 1/8 scale its DC values are all the colour there is).
static int covers(j_decompress_ptr info, int (*bits)[DCTSIZE2]) {
    for (int c = 0; c < info->num_components; c++) {
        const jpeg_component_info *component = &info->comp_info[c];
        int n = component->DCT_scaled_size * component->h_samp_factor / info->max_h_samp_factor;
        int v = component->DCT_scaled_size * component->v_samp_factor / info->max_v_samp_factor;
        if (v > n) n = v;
        if (n < 1) n = 1;
        if (n > DCTSIZE) n = DCTSIZE;
        for (int row = 0; row < n; row++)
            for (int column = 0; column < n; column++)
                if (bits[c][zigzag_of[row * 8 + column]] < 0) return 0;
    }
    return 1;
}

// At most this many scans (TurboJPEG's TJFLAG_LIMITSCANS stops at 500 too): a file of thousands of
// tiny scans would take minutes.
enum { MAX_SCANS = 500, MOST_COMPONENTS = 4 };

// Whether libjpeg's buffered-image mode can show this file's first scans: a progressive file has
// scans that each refine the whole picture; CMYK is left to TurboJPEG.
static int has_first_scans(j_decompress_ptr info) {
    return info->progressive_mode && info->num_components <= MOST_COMPONENTS &&
           (info->jpeg_color_space == JCS_YCbCr || info->jpeg_color_space == JCS_GRAYSCALE || info->jpeg_color_space == JCS_RGB);
}

// Starts the decompression in buffered-image mode, at `scale_eighths` / 8 of the picture's size.
static void start_buffered(j_decompress_ptr info, int scale_eighths) {
    info->buffered_image = TRUE;
    info->scale_num = (unsigned)scale_eighths;
    info->scale_denom = 8;
    info->out_color_space = JCS_EXT_RGBA;
    // Smoothing guesses the missing AC coefficients from neighbouring DC values: about 30 ms on a
    // 27 MP photo, for a picture whose scans already hold the detail its scale can show.
    info->do_block_smoothing = FALSE;
    info->dct_method = JDCT_ISLOW;
    jpeg.start_decompress(info);
}

// Reads scans until the finished ones cover the picture's scale or the file ends (`*complete`),
// `*scan_count` of them: 0, or 1 past MAX_SCANS with `out->message` saying so.
static int read_covering_scans(j_decompress_ptr info, photorepl_decoded *out, int *scan_count, int *complete) {
    // jpeg_read_header stopped at the first scan's header: coef_bits already counts that scan.
    // A scan is complete when the next one's header is reached, so what the finished scans hold
    // is the copy taken at the previous header.
    int finished[MOST_COMPONENTS][DCTSIZE2], started[MOST_COMPONENTS][DCTSIZE2];
    memcpy(started, info->coef_bits, sizeof(int) * DCTSIZE2 * (size_t)info->num_components);
    for (int c = 0; c < info->num_components; c++)
        for (int k = 0; k < DCTSIZE2; k++) finished[c][k] = -1;
    int scans = 0;
    *complete = 0;
    for (;;) {
        int status = jpeg.consume_input(info);
        if (status == JPEG_REACHED_EOI || status == JPEG_SUSPENDED) {  // the memory source never suspends
            *complete = 1;
            scans++;
            break;
        }
        if (status == JPEG_REACHED_SOS) {
            scans++;
            memcpy(finished, started, sizeof started);
            if (covers(info, finished)) break;
            if (scans >= MAX_SCANS) {
                snprintf(out->message, sizeof out->message, "corrupt JPEG: more than %d scans", MAX_SCANS);
                return 1;
            }
            memcpy(started, info->coef_bits, sizeof(int) * DCTSIZE2 * (size_t)info->num_components);
        }
    }
    *scan_count = scans;
    return 0;
}

// 0 with the picture in `out`; 1 when this file is for the full decode instead (not progressive,
// CMYK, any warning or error, libjpeg missing), `out->message` saying why.
int photorepl_jpeg_first_scans(const unsigned char *data, size_t size, int scale_eighths, photorepl_decoded *out,
                               int *scans_read, size_t *bytes_read) {
    out->rgba = NULL;
    out->width = out->height = 0;
    out->message[0] = 0;
    *scans_read = 0;
    *bytes_read = 0;
    pthread_once(&jpeg_once, load_jpeg);
    if (!jpeg.loaded) {
        snprintf(out->message, sizeof out->message, "%s", jpeg_error);
        return 1;
    }
    struct jpeg_decompress_struct info;
    failure_mgr errors;
    memset(&info, 0, sizeof info);
    info.err = jpeg.std_error(&errors.base);
    errors.base.error_exit = fail;
    errors.base.emit_message = count_warnings;
    // Volatile: set after setjmp and read after a longjmp back to it.
    unsigned char *volatile pixels = NULL;
    volatile int created = 0;
    if (setjmp(errors.back)) {
        snprintf(out->message, sizeof out->message, "corrupt JPEG: %s", errors.message);
        if (pixels && pixels != out->into) free(pixels);
        if (created) jpeg.destroy_decompress(&info);
        return 1;
    }
    jpeg.create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    created = 1;
    jpeg.mem_src(&info, data, (unsigned long)size);
    jpeg.read_header(&info, TRUE);
    if (!has_first_scans(&info)) {
        jpeg.destroy_decompress(&info);
        return 1;
    }
    start_buffered(&info, scale_eighths);
    int scans = 0, complete = 0;
    if (read_covering_scans(&info, out, &scans, &complete) != 0) {
        jpeg.destroy_decompress(&info);
        return 1;
    }
    if (errors.base.num_warnings > 0) {
        snprintf(out->message, sizeof out->message, "the JPEG has warnings: left to the full decode");
        jpeg.destroy_decompress(&info);
        return 1;
    }
    *scans_read = scans;
    *bytes_read = size - info.src->bytes_in_buffer;
    if (complete) *bytes_read = size;
    // At the next scan's header, none of that scan's data is read: show the scans before it.
    // (Asking for the scan being read would make libjpeg read it first.)
    int shown_scan = complete ? info.input_scan_number : info.input_scan_number - 1;
    jpeg.start_output(&info, shown_scan > 0 ? shown_scan : 1);
    int width = (int)info.output_width, height = (int)info.output_height;
    size_t row_bytes = (size_t)width * 4;
    int fits = out->into && out->capacity >= row_bytes * (size_t)height;
    pixels = fits ? out->into : out->into ? NULL : malloc(row_bytes * (size_t)height);
    if (!pixels) {
        snprintf(out->message, sizeof out->message, "no room for a %d×%d picture", width, height);
        jpeg.destroy_decompress(&info);
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + row_bytes * info.output_scanline;
        jpeg.read_scanlines(&info, &row, 1);
    }
    // No jpeg_finish_output: it would read on to the next scan's header.
    int warned = errors.base.num_warnings > 0;
    jpeg.destroy_decompress(&info);
    if (warned) {
        if (pixels != out->into) free(pixels);
        snprintf(out->message, sizeof out->message, "the JPEG has warnings: left to the full decode");
        return 1;
    }
    out->rgba = pixels;
    out->width = width;
    out->height = height;
    return 0;
}
