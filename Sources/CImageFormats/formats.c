#include "CImageFormats.h"
#include "loading.h"
#include <avif/avif.h>
#include <dlfcn.h>
#include <gif_lib.h>
#include <libheif/heif.h>
#ifdef __GLIBC__
#include <malloc.h>  // mallopt
#endif
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include <webp/decode.h>
#include <webp/demux.h>

// MARK: - WebP (libwebp 1.2, and libwebpdemux for an animation's first frame)

static struct {
    int (*get_features)(const uint8_t *, size_t, WebPBitstreamFeatures *, int);
    int (*init_config)(WebPDecoderConfig *, int);
    VP8StatusCode (*decode)(const uint8_t *, size_t, WebPDecoderConfig *);
    void (*free_buffer)(WebPDecBuffer *);
    int (*anim_options_init)(WebPAnimDecoderOptions *, int);
    WebPAnimDecoder *(*anim_new)(const WebPData *, const WebPAnimDecoderOptions *, int);
    int (*anim_get_next)(WebPAnimDecoder *, uint8_t **, int *);
    void (*anim_info)(const WebPAnimDecoder *, WebPAnimInfo *);
    void (*anim_delete)(WebPAnimDecoder *);
    int loaded;  // 1 when every function above was found
} webp;
static char webp_error[200];
static pthread_once_t webp_once = PTHREAD_ONCE_INIT;

static void load_webp(void) {
    void *library = dlopen(LOADER_SONAME("libwebp.so.7", "libwebp.7.dylib"), RTLD_NOW | RTLD_LOCAL);
    void *demux = library ? dlopen(LOADER_SONAME("libwebpdemux.so.2", "libwebpdemux.2.dylib"), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!library || !demux) {
        snprintf(webp_error, sizeof webp_error, "WebP pictures need libwebp: install the Debian packages libwebp7 and libwebpdemux2");
        return;
    }
    FIND(library, webp, get_features, "WebPGetFeaturesInternal", webp_error)
    FIND(library, webp, init_config, "WebPInitDecoderConfigInternal", webp_error)
    FIND(library, webp, decode, "WebPDecode", webp_error)
    FIND(library, webp, free_buffer, "WebPFreeDecBuffer", webp_error)
    FIND(demux, webp, anim_options_init, "WebPAnimDecoderOptionsInitInternal", webp_error)
    FIND(demux, webp, anim_new, "WebPAnimDecoderNewInternal", webp_error)
    FIND(demux, webp, anim_get_next, "WebPAnimDecoderGetNext", webp_error)
    FIND(demux, webp, anim_info, "WebPAnimDecoderGetInfo", webp_error)
    FIND(demux, webp, anim_delete, "WebPAnimDecoderDelete", webp_error)
    webp.loaded = 1;
}

static const char *webp_status(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "corrupt WebP";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported WebP feature";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the WebP file is truncated";
    default: return "WebP decoding failed";
    }
}

int photorepl_webp_info(const unsigned char *data, size_t size, int *width, int *height, int *animated,
                        char *message, size_t message_size) {
    pthread_once(&webp_once, load_webp);
    if (!webp.loaded) {
        say(message, message_size, "%s", webp_error);
        return -1;
    }
    WebPBitstreamFeatures features;
    VP8StatusCode status = webp.get_features(data, size, &features, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) {
        say(message, message_size, "%s", webp_status(status));
        return -1;
    }
    *width = features.width;
    *height = features.height;
    *animated = features.has_animation;
    return 0;
}

void photorepl_webp_decode(const unsigned char *data, size_t size, int width, int height, photorepl_decoded *out) {
    begin(out);
    pthread_once(&webp_once, load_webp);
    if (!webp.loaded) {
        say(out->message, sizeof out->message, "%s", webp_error);
        return;
    }
    WebPBitstreamFeatures features;
    if (webp.get_features(data, size, &features, WEBP_DECODER_ABI_VERSION) == VP8_STATUS_OK && features.has_animation) {
        // The first frame, composed on the canvas at full size (the caller scales it).
        WebPAnimDecoderOptions options;
        if (!webp.anim_options_init(&options, WEBP_DEMUX_ABI_VERSION)) {
            say(out->message, sizeof out->message, "libwebpdemux could not start");
            return;
        }
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        WebPData input = {data, size};
        WebPAnimDecoder *decoder = webp.anim_new(&input, &options, WEBP_DEMUX_ABI_VERSION);
        if (!decoder) {
            say(out->message, sizeof out->message, "corrupt animated WebP");
            return;
        }
        WebPAnimInfo info;
        webp.anim_info(decoder, &info);
        uint8_t *frame = NULL;
        int timestamp = 0;
        if (info.canvas_width != (uint32_t)width || info.canvas_height != (uint32_t)height ||
            !webp.anim_get_next(decoder, &frame, &timestamp) || !frame) {
            webp.anim_delete(decoder);
            say(out->message, sizeof out->message, "corrupt animated WebP: no first frame");
            return;
        }
        size_t bytes = (size_t)width * (size_t)height * 4;
        out->rgba = output(out, bytes);
        if (out->rgba) {
            memcpy(out->rgba, frame, bytes);  // the frame belongs to the decoder
            out->width = width;
            out->height = height;
        } else {
            say(out->message, sizeof out->message, "out of memory");
        }
        webp.anim_delete(decoder);
        return;
    }
    WebPDecoderConfig config;
    if (!webp.init_config(&config, WEBP_DECODER_ABI_VERSION)) {
        say(out->message, sizeof out->message, "libwebp could not start");
        return;
    }
    config.output.colorspace = MODE_RGBA;
    // A picture for a terminal is a fraction of the photo's size: the in-loop filter and the smooth
    // chroma upsampling change nothing that survives the scaling, and cost a third of the time.
    config.options.bypass_filtering = width * 2 <= features.width;
    config.options.no_fancy_upsampling = width * 2 <= features.width;
    config.options.use_threads = 1;
    if (width != features.width || height != features.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    // Decoded into a buffer of ours, so that the caller frees it as it frees the others.
    size_t stride = (size_t)width * 4;
    unsigned char *rgba = output(out, stride * (size_t)height);
    if (!rgba) {
        say(out->message, sizeof out->message, "out of memory");
        return;
    }
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * (size_t)height;
    VP8StatusCode status = webp.decode(data, size, &config);
    webp.free_buffer(&config.output);
    if (status != VP8_STATUS_OK) {
        if (rgba != out->into) free(rgba);
        say(out->message, sizeof out->message, "%s", webp_status(status));
        return;
    }
    out->rgba = rgba;
    out->width = width;
    out->height = height;
}

// MARK: - GIF (giflib 5), the first frame only, read record by record

static struct {
    GifFileType *(*open)(void *, InputFunc, int *);
    int (*close)(GifFileType *, int *);
    int (*record_type)(GifFileType *, GifRecordType *);
    int (*image_desc)(GifFileType *);
    int (*line)(GifFileType *, GifPixelType *, int);
    int (*extension)(GifFileType *, int *, GifByteType **);
    int (*extension_next)(GifFileType *, GifByteType **);
    const char *(*error_string)(int);
    int loaded;
} gif;
static char gif_error[200];
static pthread_once_t gif_once = PTHREAD_ONCE_INIT;

static void load_gif(void) {
    void *library = dlopen(LOADER_SONAME("libgif.so.7", "libgif.7.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(gif_error, sizeof gif_error, "GIF pictures need giflib: install the Debian package libgif7");
        return;
    }
    FIND(library, gif, open, "DGifOpen", gif_error)
    FIND(library, gif, close, "DGifCloseFile", gif_error)
    FIND(library, gif, record_type, "DGifGetRecordType", gif_error)
    FIND(library, gif, image_desc, "DGifGetImageDesc", gif_error)
    FIND(library, gif, line, "DGifGetLine", gif_error)
    FIND(library, gif, extension, "DGifGetExtension", gif_error)
    FIND(library, gif, extension_next, "DGifGetExtensionNext", gif_error)
    FIND(library, gif, error_string, "GifErrorString", gif_error)
    gif.loaded = 1;
}

typedef struct {
    const unsigned char *data;
    size_t size, offset;
} gif_input;

static int gif_read(GifFileType *file, GifByteType *into, int count) {
    gif_input *input = file->UserData;
    size_t left = input->size - input->offset;
    size_t n = count < 0 ? 0 : (size_t)count < left ? (size_t)count : left;
    memcpy(into, input->data + input->offset, n);
    input->offset += n;
    return (int)n;
}

static void gif_failed(photorepl_decoded *out, GifFileType *file, const char *what) {
    const char *reason = file && gif.error_string(file->Error) ? gif.error_string(file->Error) : "unknown error";
    if (file && file->Error == D_GIF_ERR_READ_FAILED) reason = "the file ends early";
    say(out->message, sizeof out->message, "corrupt GIF: %s (%s)", what, reason);
    discard(out);
}

// An extension record read to its end, the transparent colour's index taken from a graphic control
// extension: 0, or -1 when it cannot be read.
static int gif_read_extension(GifFileType *file, int *transparent) {
    int code;
    GifByteType *block;
    if (gif.extension(file, &code, &block) == GIF_ERROR) return -1;
    // The graphic control extension: flags, delay (2 bytes), transparent colour index.
    if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4 && (block[1] & 1)) *transparent = block[4];
    while (block) {
        if (gif.extension_next(file, &block) == GIF_ERROR) return -1;
    }
    return 0;
}

// The frame's rows summed into `sums` (`width` blocks of `factor` × `factor` a row): 0, or -1 when a
// row cannot be read.
static int gif_sum_rows(GifFileType *file, ColorMapObject *colours, int transparent, GifPixelType *line, uint32_t *sums, int width,
                        int factor, int canvas_width, int canvas_height) {
    GifImageDesc *frame = &file->Image;
    // Rows come in file order; an interlaced frame stores every 8th row, then the 4th, 2nd and odd.
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int y = start; y < frame->Height; y += step) {
            if (gif.line(file, line, frame->Width) == GIF_ERROR) return -1;
            int canvas_y = frame->Top + y;
            if (canvas_y < 0 || canvas_y >= canvas_height) continue;  // outside the canvas: not shown
            uint32_t *row_sums = sums + (size_t)(canvas_y / factor) * (size_t)width * 4;
            for (int x = 0; x < frame->Width; x++) {
                int canvas_x = frame->Left + x, index = line[x];
                if (canvas_x < 0 || canvas_x >= canvas_width || index == transparent || index >= colours->ColorCount) continue;
                GifColorType colour = colours->Colors[index];
                uint32_t *sum = row_sums + (size_t)(canvas_x / factor) * 4;
                sum[0] += colour.Red;
                sum[1] += colour.Green;
                sum[2] += colour.Blue;
                sum[3] += 1;  // opaque pixels in the block
            }
        }
    }
    return 0;
}

// The first frame's pixels summed into `sums`: 1 when they are, else 0 with `out->message` saying why.
static int gif_sum_first_frame(GifFileType *file, photorepl_decoded *out, uint32_t *sums, int width, int factor, int canvas_width,
                               int canvas_height) {
    int transparent = -1;
    for (;;) {
        GifRecordType type;
        if (gif.record_type(file, &type) == GIF_ERROR) {
            gif_failed(out, file, "a record cannot be read");
            return 0;
        }
        if (type == TERMINATE_RECORD_TYPE) {
            gif_failed(out, file, "no image in the file");
            return 0;
        }
        if (type == EXTENSION_RECORD_TYPE) {
            if (gif_read_extension(file, &transparent) != 0) {
                gif_failed(out, file, "an extension cannot be read");
                return 0;
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (gif.image_desc(file) == GIF_ERROR) {
            gif_failed(out, file, "the first frame's description cannot be read");
            return 0;
        }
        GifImageDesc *frame = &file->Image;
        ColorMapObject *colours = frame->ColorMap ? frame->ColorMap : file->SColorMap;
        if (!colours || frame->Width <= 0 || frame->Height <= 0 || frame->Width > 65535 || frame->Height > 65535) {
            gif_failed(out, file, !colours ? "no colour table" : "a frame of no size");
            return 0;
        }
        GifPixelType *line = malloc((size_t)frame->Width);
        if (!line) {
            say(out->message, sizeof out->message, "out of memory");
            discard(out);
            return 0;
        }
        int failed = gif_sum_rows(file, colours, transparent, line, sums, width, factor, canvas_width, canvas_height) != 0;
        free(line);
        if (failed) {
            gif_failed(out, file, "the first frame is cut short");
            return 0;
        }
        return 1;
    }
}

// The summed blocks made pixels: a block's colour is its opaque pixels' mean; its opacity, their
// share of the block (edge blocks are smaller).
static void gif_average_blocks(const uint32_t *sums, unsigned char *rgba, int width, int height, int factor, int canvas_width,
                               int canvas_height) {
    for (int by = 0; by < height; by++) {
        int rows = canvas_height - by * factor < factor ? canvas_height - by * factor : factor;
        for (int bx = 0; bx < width; bx++) {
            int columns = canvas_width - bx * factor < factor ? canvas_width - bx * factor : factor;
            const uint32_t *sum = sums + ((size_t)by * (size_t)width + (size_t)bx) * 4;
            unsigned char *pixel = rgba + ((size_t)by * (size_t)width + (size_t)bx) * 4;
            uint32_t opaque = sum[3], area = (uint32_t)(rows * columns);
            for (int c = 0; c < 3; c++) pixel[c] = opaque ? (unsigned char)((sum[c] + opaque / 2) / opaque) : 0;
            pixel[3] = (unsigned char)((opaque * 255 + area / 2) / area);
        }
    }
}

void photorepl_gif_decode(const unsigned char *data, size_t size, int canvas_width, int canvas_height, int factor,
                          photorepl_decoded *out) {
    begin(out);
    pthread_once(&gif_once, load_gif);
    if (!gif.loaded) {
        say(out->message, sizeof out->message, "%s", gif_error);
        return;
    }
    gif_input input = {data, size, 0};
    int error = 0;
    GifFileType *file = gif.open(&input, gif_read, &error);
    if (!file) {
        say(out->message, sizeof out->message, "corrupt GIF: %s", gif.error_string(error) ? gif.error_string(error) : "cannot open");
        return;
    }
    if (file->SWidth != canvas_width || file->SHeight != canvas_height) {
        say(out->message, sizeof out->message, "corrupt GIF: its size changed while it was read");
        gif.close(file, &error);
        return;
    }
    // Each `factor` × `factor` block of the canvas is one pixel of the picture, summed as the rows
    // arrive (in any order: an interlaced frame's come in four passes) with their colours weighted
    // by their opacity; transparent to begin with, as what the first frame does not cover is.
    if (factor < 1) factor = 1;
    int width = (canvas_width + factor - 1) / factor, height = (canvas_height + factor - 1) / factor;
    uint32_t *sums = calloc((size_t)width * (size_t)height * 4, sizeof *sums);
    if (!sums) {
        say(out->message, sizeof out->message, "out of memory");
        gif.close(file, &error);
        return;
    }
    int done = gif_sum_first_frame(file, out, sums, width, factor, canvas_width, canvas_height);
    if (done && !(out->rgba = output(out, (size_t)width * (size_t)height * 4))) {
        say(out->message, sizeof out->message, "out of memory");
    } else if (done) {
        gif_average_blocks(sums, out->rgba, width, height, factor, canvas_width, canvas_height);
        out->width = width;
        out->height = height;
    }
    free(sums);
    gif.close(file, &error);
}

// MARK: - AVIF image sequences (libavif 0.11, loaded at the first animated AVIF: libheif 1.15 decodes a
// file's still image only)

static struct {
    avifDecoder *(*create)(void);
    void (*destroy)(avifDecoder *);
    avifResult (*set_source)(avifDecoder *, avifDecoderSource);
    avifResult (*set_io_memory)(avifDecoder *, const uint8_t *, size_t);
    avifResult (*parse)(avifDecoder *);
    avifResult (*next_image)(avifDecoder *);
    void (*rgb_defaults)(avifRGBImage *, const avifImage *);
    avifResult (*yuv_to_rgb)(const avifImage *, avifRGBImage *);
    const char *(*result_string)(avifResult);
    int loaded;
} avif;
static char avif_error[200];
static pthread_once_t avif_once = PTHREAD_ONCE_INIT;

static void load_avif(void) {
    // Soname 15 is libavif 0.11 (Debian 12's libavif15): the avifDecoder fields set below are laid
    // out as its header says.
    void *library = dlopen(LOADER_SONAME("libavif.so.15", "libavif.15.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(avif_error, sizeof avif_error, "animated AVIF pictures need libavif: install the Debian package libavif15");
        return;
    }
    FIND(library, avif, create, "avifDecoderCreate", avif_error)
    FIND(library, avif, destroy, "avifDecoderDestroy", avif_error)
    FIND(library, avif, set_source, "avifDecoderSetSource", avif_error)
    FIND(library, avif, set_io_memory, "avifDecoderSetIOMemory", avif_error)
    FIND(library, avif, parse, "avifDecoderParse", avif_error)
    FIND(library, avif, next_image, "avifDecoderNextImage", avif_error)
    FIND(library, avif, rgb_defaults, "avifRGBImageSetDefaults", avif_error)
    FIND(library, avif, yuv_to_rgb, "avifImageYUVToRGB", avif_error)
    FIND(library, avif, result_string, "avifResultToString", avif_error)
    avif.loaded = 1;
}

int photorepl_avif_available(void) {
    pthread_once(&avif_once, load_avif);
    return avif.loaded;
}

// libavif's word for `result`, and its diagnostic when it left one.
static void avif_failed(const avifDecoder *decoder, avifResult result, const char *what, char *message, size_t message_size) {
    const char *reason = avif.result_string(result);
    const char *detail = decoder && decoder->diag.error[0] ? decoder->diag.error : NULL;
    say(message, message_size, "corrupt AVIF: %s: %s%s%s%s", what, reason ? reason : "unknown error", detail ? " (" : "",
        detail ? detail : "", detail ? ")" : "");
}

// MARK: - Animations (GIF through giflib, WebP through libwebpdemux, AVIF sequences through libavif), a frame at a time

// One frame after another composed on the full canvas, which is what an animation's frames are
// drawn on (a frame may cover a part of it, and what it leaves shows the frames before). Runs in
// the animation's child process (isolation.c), never in the session's.
struct photorepl_frames {
    int decoder;
    int width, height;  // the canvas
    int max_frames, given;
    unsigned char *canvas;
    // GIF: the file, and what the last frame asked to be done with its rectangle before the next.
    GifFileType *gif;
    gif_input input;
    unsigned char *previous;  // the canvas before the last frame, for "restore to previous"
    int disposal, left, top, frame_width, frame_height;
    int loop_count;  // how many plays the file asks for (0: for ever); -1 until it says
    // WebP: libwebpdemux composes the frames itself.
    WebPAnimDecoder *webp;
    int webp_time;  // the end of the last frame, in ms
    // AVIF: every frame is whole (a sequence's frames cover the canvas), converted into `canvas`.
    avifDecoder *avif;
};

// Browsers show a frame that asks for 0 or 10 ms (GIF's 0 and 1 cs, which old encoders wrote to
// mean "as fast as possible") for 100 ms; animations made for them rely on it.
static int browser_delay(int milliseconds) { return milliseconds <= 10 ? 100 : milliseconds; }

// An AVIF sequence's decoder, for the frames of its colour track (the one libavif picks: the first
// with AV1 samples that is no alpha track), none decoded yet: 0, or -1 with `message` (`frames`
// freed).
static int avif_frames_open(photorepl_frames *frames, const unsigned char *data, size_t size, char *message, size_t message_size) {
    pthread_once(&avif_once, load_avif);
    if (!avif.loaded) {
        say(message, message_size, "%s", avif_error);
        free(frames);
        return -1;
    }
    frames->canvas = malloc((size_t)frames->width * (size_t)frames->height * 4);
    frames->avif = frames->canvas ? avif.create() : NULL;
    if (!frames->avif) {
        say(message, message_size, "out of memory");
        photorepl_frames_close(frames);
        return -1;
    }
    avifDecoder *decoder = frames->avif;
    decoder->maxThreads = 1;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    // As lenient as libheif is with a still AVIF (a file without `pixi` is shown).
    decoder->strictFlags = AVIF_STRICT_DISABLED;
    // Nothing larger than the canvas is decoded: libavif refuses a track that says more, and dav1d a
    // frame whose header does, before either allocates it.
    decoder->imageSizeLimit = (uint32_t)((uint64_t)frames->width * (uint64_t)frames->height);
    decoder->imageDimensionLimit = (uint32_t)(frames->width > frames->height ? frames->width : frames->height);
    // The tracks, whatever the major brand says (AVIF_DECODER_SOURCE_AUTO takes the still image of a
    // file whose brand is `avif`).
    avifResult result = avif.set_source(decoder, AVIF_DECODER_SOURCE_TRACKS);
    if (result == AVIF_RESULT_OK) result = avif.set_io_memory(decoder, data, size);
    if (result == AVIF_RESULT_OK) result = avif.parse(decoder);
    if (result != AVIF_RESULT_OK) {
        avif_failed(decoder, result, "its image sequence cannot be read", message, message_size);
        photorepl_frames_close(frames);
        return -1;
    }
    if (!decoder->image || decoder->image->width != (uint32_t)frames->width || decoder->image->height != (uint32_t)frames->height ||
        decoder->imageCount < 1) {
        say(message, message_size, "corrupt AVIF: its image sequence is %ux%u, not the %dx%d its track says", decoder->image ? decoder->image->width : 0,
            decoder->image ? decoder->image->height : 0, frames->width, frames->height);
        photorepl_frames_close(frames);
        return -1;
    }
    return 0;
}

// The AVIF sequence's next frame, decoded and converted to RGBA on the canvas: 1, 0 at the end of
// its frames, -1 on an error.
static int avif_next_frame(photorepl_frames *frames, int *delay, char *message, size_t message_size) {
    avifDecoder *decoder = frames->avif;
    avifResult result = avif.next_image(decoder);
    if (result == AVIF_RESULT_NO_IMAGES_REMAINING) return 0;
    char what[64];
    snprintf(what, sizeof what, "frame %d", frames->given + 1);
    if (result != AVIF_RESULT_OK) {
        avif_failed(decoder, result, what, message, message_size);
        return -1;
    }
    avifImage *image = decoder->image;
    if (!image || image->width != (uint32_t)frames->width || image->height != (uint32_t)frames->height) {
        say(message, message_size, "corrupt AVIF: frame %d is %ux%u, not %dx%d", frames->given + 1, image ? image->width : 0,
            image ? image->height : 0, frames->width, frames->height);
        return -1;
    }
    avifRGBImage rgb;
    avif.rgb_defaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.alphaPremultiplied = AVIF_FALSE;
    rgb.pixels = frames->canvas;
    rgb.rowBytes = (uint32_t)frames->width * 4;
    result = avif.yuv_to_rgb(image, &rgb);
    if (result != AVIF_RESULT_OK) {
        avif_failed(decoder, result, what, message, message_size);
        return -1;
    }
    // A frame without alpha is opaque, whatever the conversion left in the fourth byte.
    if (!image->alphaPlane) {
        size_t pixels = (size_t)frames->width * (size_t)frames->height;
        for (size_t i = 0; i < pixels; i++) frames->canvas[i * 4 + 3] = 255;
    }
    // Its duration in seconds (the track's durations over its timescale), bounded: a file may say anything.
    double seconds = decoder->imageTiming.duration;
    int milliseconds = isfinite(seconds) && seconds > 0 ? (seconds < 600 ? (int)(seconds * 1000 + 0.5) : 600000) : 0;
    *delay = browser_delay(milliseconds);
    return 1;
}

photorepl_frames *photorepl_frames_open(int decoder, const unsigned char *data, size_t size, int width, int height,
                                        int max_frames, char *message, size_t message_size) {
    photorepl_frames *frames = calloc(1, sizeof *frames);
    if (!frames) {
        say(message, message_size, "out of memory");
        return NULL;
    }
    frames->decoder = decoder;
    frames->width = width;
    frames->height = height;
    frames->max_frames = max_frames;
    frames->loop_count = -1;
    if (decoder == PHOTOREPL_ISOLATED_GIF) {
        pthread_once(&gif_once, load_gif);
        if (!gif.loaded) {
            say(message, message_size, "%s", gif_error);
            free(frames);
            return NULL;
        }
        size_t bytes = (size_t)width * (size_t)height * 4;
        frames->canvas = calloc(1, bytes);  // transparent: what no frame has covered yet
        frames->previous = malloc(bytes);
        frames->input = (gif_input){data, size, 0};
        int error = 0;
        frames->gif = frames->canvas && frames->previous ? gif.open(&frames->input, gif_read, &error) : NULL;
        if (!frames->gif) {
            say(message, message_size, !frames->canvas || !frames->previous ? "out of memory" : "corrupt GIF: %s",
                gif.error_string(error) ? gif.error_string(error) : "cannot open");
            photorepl_frames_close(frames);
            return NULL;
        }
        if (frames->gif->SWidth != width || frames->gif->SHeight != height) {
            say(message, message_size, "corrupt GIF: its size changed while it was read");
            photorepl_frames_close(frames);
            return NULL;
        }
        return frames;
    }
    if (decoder == PHOTOREPL_ISOLATED_AVIF) return avif_frames_open(frames, data, size, message, message_size) == 0 ? frames : NULL;
    pthread_once(&webp_once, load_webp);
    if (!webp.loaded) {
        say(message, message_size, "%s", webp_error);
        free(frames);
        return NULL;
    }
    WebPAnimDecoderOptions options;
    if (!webp.anim_options_init(&options, WEBP_DEMUX_ABI_VERSION)) {
        say(message, message_size, "libwebpdemux could not start");
        free(frames);
        return NULL;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData input = {data, size};
    frames->webp = webp.anim_new(&input, &options, WEBP_DEMUX_ABI_VERSION);
    WebPAnimInfo info;
    if (frames->webp) webp.anim_info(frames->webp, &info);
    if (!frames->webp || info.canvas_width != (uint32_t)width || info.canvas_height != (uint32_t)height) {
        say(message, message_size, "corrupt animated WebP");
        photorepl_frames_close(frames);
        return NULL;
    }
    frames->loop_count = (int)(info.loop_count > 65535 ? 65535 : info.loop_count);
    return frames;
}

// What the frame before asked for its rectangle: cleared to transparent (as browsers do rather
// than the background colour), or the canvas from before it.
static void gif_dispose(photorepl_frames *frames) {
    if (frames->disposal == 2 || frames->disposal == 3) {
        for (int y = frames->top; y < frames->top + frames->frame_height; y++) {
            size_t at = ((size_t)y * (size_t)frames->width + (size_t)frames->left) * 4, count = (size_t)frames->frame_width * 4;
            if (frames->disposal == 2) memset(frames->canvas + at, 0, count);
            else memcpy(frames->canvas + at, frames->previous + at, count);
        }
    }
    frames->disposal = 0;
}

// An extension record read to its end: a graphic control extension's disposal, delay and
// transparent colour for the next frame, a looping extension's count for the animation. 0, or -1
// and `message`.
static int gif_frame_extension(photorepl_frames *frames, int *disposal, int *centiseconds, int *transparent, char *message,
                               size_t message_size) {
    GifFileType *file = frames->gif;
    int code;
    GifByteType *block;
    if (gif.extension(file, &code, &block) == GIF_ERROR) {
        say(message, message_size, "corrupt GIF: an extension cannot be read");
        return -1;
    }
    // The graphic control extension: flags (disposal in bits 2-4, transparency in bit 0),
    // the delay in hundredths of a second, the transparent colour's index.
    if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
        *disposal = (block[1] >> 2) & 7;
        *centiseconds = block[2] | block[3] << 8;
        *transparent = (block[1] & 1) ? block[4] : -1;
    }
    int netscape = code == APPLICATION_EXT_FUNC_CODE && block && block[0] == 11 &&
                   (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0);
    while (block) {
        if (gif.extension_next(file, &block) == GIF_ERROR) {
            say(message, message_size, "corrupt GIF: an extension cannot be read");
            return -1;
        }
        // Its sub-block: 1, then how many times to play it again (little-endian; 0 for ever):
        // browsers play a count of 1 twice, and encoders write it for them.
        if (netscape && block && block[0] >= 3 && block[1] == 1) {
            int again = block[2] | block[3] << 8;
            frames->loop_count = again == 0 ? 0 : again + 1;
            netscape = 0;
        }
    }
    return 0;
}

// The frame just described drawn on the canvas, row by row: 0, or -1 and `message`.
static int gif_draw_frame(photorepl_frames *frames, ColorMapObject *colours, int transparent, char *message, size_t message_size) {
    GifFileType *file = frames->gif;
    GifImageDesc *frame = &file->Image;
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    GifPixelType *line = malloc((size_t)frame->Width);
    if (!line) {
        say(message, message_size, "out of memory");
        return -1;
    }
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int y = start; y < frame->Height; y += step) {
            if (gif.line(file, line, frame->Width) == GIF_ERROR) {
                free(line);
                say(message, message_size, "corrupt GIF: frame %d is cut short", frames->given + 1);
                return -1;
            }
            int canvas_y = frame->Top + y;
            if (canvas_y >= frames->height) continue;
            unsigned char *row = frames->canvas + (size_t)canvas_y * (size_t)frames->width * 4;
            for (int x = 0; x < frame->Width; x++) {
                int canvas_x = frame->Left + x, index = line[x];
                if (canvas_x >= frames->width || index == transparent || index >= colours->ColorCount) continue;
                unsigned char *pixel = row + (size_t)canvas_x * 4;
                pixel[0] = colours->Colors[index].Red;
                pixel[1] = colours->Colors[index].Green;
                pixel[2] = colours->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
    }
    free(line);
    return 0;
}

// The GIF's next frame drawn on the canvas: 1, 0 at the end of its frames, -1 on an error.
static int gif_next_frame(photorepl_frames *frames, int *delay, char *message, size_t message_size) {
    GifFileType *file = frames->gif;
    gif_dispose(frames);
    int transparent = -1, centiseconds = 0, disposal = 0;
    for (;;) {
        GifRecordType type;
        if (gif.record_type(file, &type) == GIF_ERROR) {
            say(message, message_size, "corrupt GIF: a record cannot be read");
            return -1;
        }
        if (type == TERMINATE_RECORD_TYPE) return 0;
        if (type == EXTENSION_RECORD_TYPE) {
            if (gif_frame_extension(frames, &disposal, &centiseconds, &transparent, message, message_size) != 0) return -1;
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (gif.image_desc(file) == GIF_ERROR) {
            say(message, message_size, "corrupt GIF: frame %d's description cannot be read", frames->given + 1);
            return -1;
        }
        GifImageDesc *frame = &file->Image;
        ColorMapObject *colours = frame->ColorMap ? frame->ColorMap : file->SColorMap;
        if (!colours || frame->Width <= 0 || frame->Height <= 0) {
            say(message, message_size, "corrupt GIF: frame %d has %s", frames->given + 1, !colours ? "no colour table" : "no size");
            return -1;
        }
        // A frame far larger than the canvas (65535×65535 on a small one) would be read row by row
        // for nothing, every row of it outside: refused before its first row.
        if ((int64_t)frame->Width * frame->Height > 4 * (int64_t)frames->width * frames->height + 65536) {
            say(message, message_size, "corrupt GIF: frame %d is %dx%d on a canvas of %dx%d", frames->given + 1, frame->Width,
                frame->Height, frames->width, frames->height);
            return -1;
        }
        // The part of the frame on the canvas: what a disposal later applies to.
        int left = frame->Left < frames->width ? frame->Left : frames->width;
        int top = frame->Top < frames->height ? frame->Top : frames->height;
        int right = frame->Left + frame->Width < frames->width ? frame->Left + frame->Width : frames->width;
        int bottom = frame->Top + frame->Height < frames->height ? frame->Top + frame->Height : frames->height;
        frames->left = left;
        frames->top = top;
        frames->frame_width = right - left;
        frames->frame_height = bottom - top;
        frames->disposal = disposal;
        if (disposal == 3) memcpy(frames->previous, frames->canvas, (size_t)frames->width * (size_t)frames->height * 4);
        if (gif_draw_frame(frames, colours, transparent, message, message_size) != 0) return -1;
        *delay = browser_delay(centiseconds * 10);
        return 1;
    }
}

int photorepl_frames_next(photorepl_frames *frames, int *delay, int *loop_count, char *message, size_t message_size) {
    int result = 0;
    if (frames->given >= frames->max_frames) {
        result = 0;  // the frames past the cap are not shown: the animation starts again
    } else if (frames->decoder == PHOTOREPL_ISOLATED_GIF) {
        result = gif_next_frame(frames, delay, message, message_size);
    } else if (frames->decoder == PHOTOREPL_ISOLATED_AVIF) {
        result = avif_next_frame(frames, delay, message, message_size);
    } else {
        uint8_t *canvas = NULL;
        int time = 0;
        if (!webp.anim_get_next(frames->webp, &canvas, &time) || !canvas) {
            WebPAnimInfo info;
            webp.anim_info(frames->webp, &info);
            if ((uint32_t)frames->given < info.frame_count) {
                say(message, message_size, "corrupt animated WebP: frame %d cannot be decoded", frames->given + 1);
                result = -1;
            }
        } else {
            frames->canvas = canvas;  // libwebpdemux's own, until the next frame
            *delay = browser_delay(time - frames->webp_time);
            frames->webp_time = time;
            result = 1;
        }
    }
    if (result == 1) frames->given++;
    *loop_count = frames->loop_count;
    return result;
}

const unsigned char *photorepl_frames_canvas(const photorepl_frames *frames) { return frames->canvas; }

void photorepl_frames_close(photorepl_frames *frames) {
    if (!frames) return;
    int error = 0;
    if (frames->gif) gif.close(frames->gif, &error);
    if (frames->webp) webp.anim_delete(frames->webp);
    else free(frames->canvas);
    if (frames->avif) avif.destroy(frames->avif);
    free(frames->previous);
    free(frames);
}

// MARK: - HEIC and AVIF (libheif 1.15, which decodes HEVC through libde265 and AV1 through libaom/dav1d)

static struct {
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct heif_error (*read)(struct heif_context *, const void *, size_t, const struct heif_reading_options *);
    struct heif_error (*primary)(struct heif_context *, struct heif_image_handle **);
    void (*handle_release)(const struct heif_image_handle *);
    int (*width)(const struct heif_image_handle *);
    int (*height)(const struct heif_image_handle *);
    int (*has_alpha)(const struct heif_image_handle *);
    struct heif_error (*decode)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace, enum heif_chroma,
                                const struct heif_decoding_options *);
    int (*image_width)(const struct heif_image *, enum heif_channel);
    int (*image_height)(const struct heif_image *, enum heif_channel);
    const uint8_t *(*plane)(const struct heif_image *, enum heif_channel, int *);
    void (*image_release)(const struct heif_image *);
    int (*metadata_count)(const struct heif_image_handle *, const char *);
    int (*metadata_ids)(const struct heif_image_handle *, const char *, heif_item_id *, int);
    size_t (*metadata_size)(const struct heif_image_handle *, heif_item_id);
    struct heif_error (*metadata)(const struct heif_image_handle *, heif_item_id, void *);
    int (*thumbnail_count)(const struct heif_image_handle *);
    int (*thumbnail_ids)(const struct heif_image_handle *, heif_item_id *, int);
    struct heif_error (*thumbnail)(const struct heif_image_handle *, heif_item_id, struct heif_image_handle **);
    int loaded;
} heif;
static char heif_error_text[200];
static pthread_once_t heif_once = PTHREAD_ONCE_INIT;

static void load_heif(void) {
    void *library = dlopen(LOADER_SONAME("libheif.so.1", "libheif.1.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(heif_error_text, sizeof heif_error_text, "HEIC and AVIF pictures need libheif: install the Debian package libheif1");
        return;
    }
    FIND(library, heif, context_alloc, "heif_context_alloc", heif_error_text)
    FIND(library, heif, context_free, "heif_context_free", heif_error_text)
    FIND(library, heif, read, "heif_context_read_from_memory_without_copy", heif_error_text)
    FIND(library, heif, primary, "heif_context_get_primary_image_handle", heif_error_text)
    FIND(library, heif, handle_release, "heif_image_handle_release", heif_error_text)
    FIND(library, heif, width, "heif_image_handle_get_width", heif_error_text)
    FIND(library, heif, height, "heif_image_handle_get_height", heif_error_text)
    FIND(library, heif, has_alpha, "heif_image_handle_has_alpha_channel", heif_error_text)
    FIND(library, heif, decode, "heif_decode_image", heif_error_text)
    FIND(library, heif, image_width, "heif_image_get_width", heif_error_text)
    FIND(library, heif, image_height, "heif_image_get_height", heif_error_text)
    FIND(library, heif, plane, "heif_image_get_plane_readonly", heif_error_text)
    FIND(library, heif, image_release, "heif_image_release", heif_error_text)
    FIND(library, heif, metadata_count, "heif_image_handle_get_number_of_metadata_blocks", heif_error_text)
    FIND(library, heif, metadata_ids, "heif_image_handle_get_list_of_metadata_block_IDs", heif_error_text)
    FIND(library, heif, metadata_size, "heif_image_handle_get_metadata_size", heif_error_text)
    FIND(library, heif, metadata, "heif_image_handle_get_metadata", heif_error_text)
    FIND(library, heif, thumbnail_count, "heif_image_handle_get_number_of_thumbnails", heif_error_text)
    FIND(library, heif, thumbnail_ids, "heif_image_handle_get_list_of_thumbnail_IDs", heif_error_text)
    FIND(library, heif, thumbnail, "heif_image_handle_get_thumbnail", heif_error_text)
    heif.loaded = 1;
}

/// The primary image's handle, or NULL with `message` set.
static struct heif_image_handle *heif_open(const unsigned char *data, size_t size, struct heif_context **context,
                                           char *message, size_t message_size) {
    pthread_once(&heif_once, load_heif);
    if (!heif.loaded) {
        say(message, message_size, "%s", heif_error_text);
        return NULL;
    }
    *context = heif.context_alloc();
    if (!*context) {
        say(message, message_size, "libheif could not start");
        return NULL;
    }
    struct heif_error error = heif.read(*context, data, size, NULL);
    struct heif_image_handle *handle = NULL;
    if (error.code == heif_error_Ok) error = heif.primary(*context, &handle);
    if (error.code != heif_error_Ok) {
        say(message, message_size, "corrupt HEIF: %s", error.message ? error.message : "unknown error");
        heif.context_free(*context);
        *context = NULL;
        return NULL;
    }
    return handle;
}

int photorepl_heif_info(const unsigned char *data, size_t size, int *width, int *height,
                        unsigned char **exif, size_t *exif_length, char *message, size_t message_size) {
    *exif = NULL;
    *exif_length = 0;
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = heif_open(data, size, &context, message, message_size);
    if (!handle) return -1;
    *width = heif.width(handle);
    *height = heif.height(handle);
    // The EXIF block: a big-endian offset to the TIFF header, then the header and the rest.
    heif_item_id id;
    if (heif.metadata_count(handle, "Exif") > 0 && heif.metadata_ids(handle, "Exif", &id, 1) == 1) {
        size_t length = heif.metadata_size(handle, id);
        unsigned char *block = length >= 4 && length <= (1u << 20) ? malloc(length) : NULL;
        if (block && heif.metadata(handle, id, block).code == heif_error_Ok) {
            size_t skip = 4 + ((size_t)block[0] << 24 | (size_t)block[1] << 16 | (size_t)block[2] << 8 | block[3]);
            if (skip < length) {
                memmove(block, block + skip, length - skip);
                *exif = block;
                *exif_length = length - skip;
                block = NULL;
            }
        }
        free(block);
    }
    heif.handle_release(handle);
    heif.context_free(context);
    return 0;
}

// The handle of the primary image's thumbnail number `index` (0, 1, …), the primary's released;
// NULL when there is no such thumbnail.
static struct heif_image_handle *heif_thumbnail(struct heif_image_handle *primary, int index) {
    heif_item_id ids[16];
    int count = heif.thumbnail_ids(primary, ids, 16);
    struct heif_image_handle *thumbnail = NULL;
    if (index < count && heif.thumbnail(primary, ids[index], &thumbnail).code != heif_error_Ok) thumbnail = NULL;
    heif.handle_release(primary);
    return thumbnail;
}

int photorepl_heif_thumbnails(const unsigned char *data, size_t size, int *widths, int *heights, int capacity) {
    char message[200];
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = heif_open(data, size, &context, message, sizeof message);
    if (!handle) return 0;
    heif_item_id ids[16];
    int count = heif.thumbnail_ids(handle, ids, capacity < 16 ? capacity : 16);
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumbnail = NULL;
        widths[i] = heights[i] = 0;
        if (heif.thumbnail(handle, ids[i], &thumbnail).code == heif_error_Ok) {
            widths[i] = heif.width(thumbnail);
            heights[i] = heif.height(thumbnail);
            heif.handle_release(thumbnail);
        }
    }
    heif.handle_release(handle);
    heif.context_free(context);
    return count < 0 ? 0 : count;
}

void photorepl_heif_decode(const unsigned char *data, size_t size, long max_pixels, int thumbnail, int factor,
                           photorepl_decoded *out) {
    begin(out);
    if (factor < 1) factor = 1;
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = heif_open(data, size, &context, out->message, sizeof out->message);
    if (!handle) return;
    if (thumbnail >= 0 && !(handle = heif_thumbnail(handle, thumbnail))) {
        say(out->message, sizeof out->message, "corrupt HEIF: its thumbnail %d is missing", thumbnail);
        heif.context_free(context);
        return;
    }
    int width = heif.width(handle), height = heif.height(handle);
    if (width <= 0 || height <= 0 || (long)width * (long)height > max_pixels) {
        say(out->message, sizeof out->message, "the image is too large: %dx%d pixels", width, height);
        heif.handle_release(handle);
        heif.context_free(context);
        return;
    }
    // Three bytes a pixel unless the image has alpha: a 12-megapixel photo's RGBA was 48 MB.
    int channels = heif.has_alpha(handle) ? 4 : 3;
    // Each full-size decode holds about 6.5 bytes a pixel of the image: the caller reserves that of
    // the session's budget before the child that runs this starts (ImageIsolation).
    struct heif_image *image = NULL;
    struct heif_error error = heif.decode(handle, &image, heif_colorspace_RGB,
                                          channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL);
    if (error.code != heif_error_Ok) {
        if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype) {
            say(out->message, sizeof out->message, "unsupported HEIF: %s", error.message ? error.message : "unknown");
        } else {
            say(out->message, sizeof out->message, "corrupt HEIF: %s", error.message ? error.message : "unknown error");
        }
    } else {
        int stride = 0;
        const uint8_t *plane = heif.plane(image, heif_channel_interleaved, &stride);
        int w = heif.image_width(image, heif_channel_interleaved), h = heif.image_height(image, heif_channel_interleaved);
        int scaled_w = (w + factor - 1) / factor, scaled_h = (h + factor - 1) / factor;
        if (!plane || w <= 0 || h <= 0 || stride < w * channels || (long)w * (long)h > max_pixels) {
            say(out->message, sizeof out->message, "corrupt HEIF: no pixels were decoded");
        } else if (!(out->rgba = output(out, (size_t)scaled_w * (size_t)scaled_h * 4))) {
            say(out->message, sizeof out->message, out->into ? "corrupt HEIF: decoded at another size than its header says" : "out of memory");
        } else if (shrink(plane, stride, w, h, channels, factor, out->rgba) != 0) {
            discard(out);
            say(out->message, sizeof out->message, "out of memory");
        } else {
            out->width = scaled_w;
            out->height = scaled_h;
        }
        heif.image_release(image);
    }
    heif.handle_release(handle);
    heif.context_free(context);
}

void photorepl_heif_decode_tiles(const unsigned char *files, const size_t *offsets, int first, int count, int columns, int tile_width,
                                 int tile_height, int canvas_width, int canvas_height, int factor, photorepl_decoded *out) {
    begin(out);
    if (factor < 1) factor = 1;
    pthread_once(&heif_once, load_heif);
    if (!heif.loaded) {
        say(out->message, sizeof out->message, "%s", heif_error_text);
        return;
    }
    // Sums of 32 bits: a block of factor² pixels of 255 each fits while factor is at most 4096.
    if (factor > 4096 || first < 0 || count <= 0 || columns <= 0 || tile_width <= 0 || tile_height <= 0 || canvas_width <= 0 || canvas_height <= 0) {
        say(out->message, sizeof out->message, "corrupt HEIF: tiles %d… of a grid %d wide, of %dx%d", first + 1, columns, tile_width, tile_height);
        return;
    }
    int width = (canvas_width + factor - 1) / factor, height = (canvas_height + factor - 1) / factor;
    // The sums go out as they are (four 32-bit numbers a pixel: red, green, blue, how many), as a
    // picture four times as wide: the caller adds up its children's and makes the pixels.
    uint32_t *sums = (uint32_t *)output(out, (size_t)width * (size_t)height * 16);
    if (!sums) {
        say(out->message, sizeof out->message, out->into ? "corrupt HEIF: asked for another size than its grid makes" : "out of memory");
        return;
    }
    memset(sums, 0, (size_t)width * (size_t)height * 16);
    int failed = 0;
    for (int tile = first; tile < first + count && !failed; tile++) {
        int left = tile % columns * tile_width, top = tile / columns * tile_height;
        char message[200];
        struct heif_context *context = NULL;
        struct heif_image_handle *handle = heif_open(files + offsets[tile], offsets[tile + 1] - offsets[tile], &context, message, sizeof message);
        if (!handle) {
            say(out->message, sizeof out->message, "tile %d: %s", tile + 1, message);
            failed = 1;
            break;
        }
        struct heif_image *image = NULL;
        struct heif_error error = heif.decode(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL);
        int stride = 0;
        const uint8_t *plane = error.code == heif_error_Ok ? heif.plane(image, heif_channel_interleaved, &stride) : NULL;
        int w = plane ? heif.image_width(image, heif_channel_interleaved) : 0, h = plane ? heif.image_height(image, heif_channel_interleaved) : 0;
        if (error.code != heif_error_Ok) {
            say(out->message, sizeof out->message, "corrupt HEIF: tile %d: %s", tile + 1, error.message ? error.message : "unknown error");
            failed = 1;
        } else if (!plane || w != tile_width || h != tile_height || stride < w * 3) {
            say(out->message, sizeof out->message, "corrupt HEIF: tile %d decoded at %dx%d, not the grid's %dx%d", tile + 1, w, h, tile_width, tile_height);
            failed = 1;
        } else {
            // Each pixel of the tile that lies on the canvas (the last column and row are cut) added
            // to its block of the scaled picture.
            for (int y = 0; y < h && top + y < canvas_height; y++) {
                const uint8_t *p = plane + (size_t)y * (size_t)stride;
                uint32_t *row = sums + (size_t)((top + y) / factor) * (size_t)width * 4;
                for (int x = 0; x < w && left + x < canvas_width; x++, p += 3) {
                    uint32_t *sum = row + (size_t)((left + x) / factor) * 4;
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                    sum[3] += 1;
                }
            }
        }
        if (image) heif.image_release(image);
        heif.handle_release(handle);
        heif.context_free(context);
    }
    if (failed) {
        if ((unsigned char *)sums != out->into) free(sums);
        return;
    }
    out->rgba = (unsigned char *)sums;
    out->width = width * 4;
    out->height = height;
}

void photorepl_tile_sums_to_rgba(const uint32_t *const *parts, int part_count, size_t pixels, unsigned char *rgba) {
    for (size_t i = 0; i < pixels; i++) {
        uint64_t sum[4] = {0, 0, 0, 0};
        for (int part = 0; part < part_count; part++) {
            for (int c = 0; c < 4; c++) sum[c] += parts[part][i * 4 + c];
        }
        uint64_t count = sum[3] ? sum[3] : 1;
        for (int c = 0; c < 3; c++) rgba[i * 4 + c] = (unsigned char)((sum[c] + count / 2) / count);
        rgba[i * 4 + 3] = 255;
    }
}

// MARK: - TIFF (libtiff 4.5, loaded at the first TIFF with no JPEG inside to show)

static struct {
    TIFFOpenOptions *(*options_alloc)(void);
    void (*options_free)(TIFFOpenOptions *);
    void (*options_max_alloc)(TIFFOpenOptions *, tmsize_t);
    void (*options_errors)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *);
    void (*options_warnings)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *);
    TIFF *(*open)(const char *, const char *, thandle_t, TIFFReadWriteProc, TIFFReadWriteProc, TIFFSeekProc, TIFFCloseProc,
                  TIFFSizeProc, TIFFMapFileProc, TIFFUnmapFileProc, TIFFOpenOptions *);
    int (*read_rgba)(TIFF *, uint32_t, uint32_t, uint32_t *, int, int);
    int (*get_field)(TIFF *, uint32_t, ...);
    int (*set_field)(TIFF *, uint32_t, ...);
    int (*is_tiled)(TIFF *);
    uint64_t (*scanline_size)(TIFF *);
    int (*read_scanline)(TIFF *, void *, uint32_t, uint16_t);
    void (*close)(TIFF *);
    int loaded;
} tiff;
static char tiff_error_text[200];
static pthread_once_t tiff_once = PTHREAD_ONCE_INIT;

static void load_tiff(void) {
    void *library = dlopen(LOADER_SONAME("libtiff.so.6", "libtiff.6.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(tiff_error_text, sizeof tiff_error_text, "TIFF pictures need libtiff: install the Debian package libtiff6");
        return;
    }
    FIND(library, tiff, options_alloc, "TIFFOpenOptionsAlloc", tiff_error_text)
    FIND(library, tiff, options_free, "TIFFOpenOptionsFree", tiff_error_text)
    FIND(library, tiff, options_max_alloc, "TIFFOpenOptionsSetMaxSingleMemAlloc", tiff_error_text)
    FIND(library, tiff, options_errors, "TIFFOpenOptionsSetErrorHandlerExtR", tiff_error_text)
    FIND(library, tiff, options_warnings, "TIFFOpenOptionsSetWarningHandlerExtR", tiff_error_text)
    FIND(library, tiff, open, "TIFFClientOpenExt", tiff_error_text)
    FIND(library, tiff, read_rgba, "TIFFReadRGBAImageOriented", tiff_error_text)
    FIND(library, tiff, get_field, "TIFFGetFieldDefaulted", tiff_error_text)
    FIND(library, tiff, set_field, "TIFFSetField", tiff_error_text)
    FIND(library, tiff, is_tiled, "TIFFIsTiled", tiff_error_text)
    FIND(library, tiff, scanline_size, "TIFFScanlineSize64", tiff_error_text)
    FIND(library, tiff, read_scanline, "TIFFReadScanline", tiff_error_text)
    FIND(library, tiff, close, "TIFFClose", tiff_error_text)
    tiff.loaded = 1;
}

// The file in memory, read by libtiff through these (never written).
typedef struct {
    const unsigned char *data;
    size_t size, position;
} tiff_memory;

static tmsize_t tiff_read(thandle_t handle, void *into, tmsize_t count) {
    tiff_memory *memory = handle;
    if (count <= 0 || memory->position >= memory->size) return 0;
    size_t left = memory->size - memory->position, n = (size_t)count < left ? (size_t)count : left;
    memcpy(into, memory->data + memory->position, n);
    memory->position += n;
    return (tmsize_t)n;
}
static tmsize_t tiff_write(thandle_t handle, void *from, tmsize_t count) { (void)handle; (void)from; (void)count; return -1; }
static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
    tiff_memory *memory = handle;
    toff_t base = whence == SEEK_CUR ? memory->position : whence == SEEK_END ? memory->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    memory->position = base + offset;
    return memory->position;
}
static int tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t tiff_size(thandle_t handle) { return ((tiff_memory *)handle)->size; }
static int tiff_map(thandle_t handle, void **base, toff_t *size) {
    tiff_memory *memory = handle;
    *base = (void *)memory->data;
    *size = memory->size;
    return 1;
}
static void tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

// libtiff's first error, kept for the message; warnings (unknown tags) are nothing to show.
static int tiff_error(TIFF *file, void *message, const char *module, const char *format, va_list arguments) {
    (void)file; (void)module;
    char *text = message;
    if (!text[0]) {
        vsnprintf(text, 200, format, arguments);
        for (char *c = text; *c; c++) if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
    }
    return 1;
}
static int tiff_warning(TIFF *file, void *data, const char *module, const char *format, va_list arguments) {
    (void)file; (void)data; (void)module; (void)format; (void)arguments;
    return 1;
}

// One stored row of a simple kind (see tiff_read_layout) to RGBA.
static void tiff_row_to_rgba(const unsigned char *row, int width, int bits, int samples, int photometric,
                             const uint16_t *map[3], unsigned char *rgba) {
    int step = bits / 8;
    // The high byte of a 16-bit sample (native order: libtiff swaps a file's other order).
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    int high = step == 2 ? 1 : 0;
#else
    int high = 0;
#endif
    for (int x = 0; x < width; x++) {
        const unsigned char *p = row + (size_t)x * (size_t)samples * (size_t)step + high;
        unsigned char *o = rgba + (size_t)x * 4;
        if (photometric == PHOTOMETRIC_PALETTE) {
            int index = step == 2 ? (p[-high] | p[1 - high] << 8) : p[0];
            o[0] = (unsigned char)(map[0][index] >> 8);
            o[1] = (unsigned char)(map[1][index] >> 8);
            o[2] = (unsigned char)(map[2][index] >> 8);
            o[3] = 255;
        } else if (photometric == PHOTOMETRIC_RGB) {
            o[0] = p[0];
            o[1] = p[step];
            o[2] = p[2 * step];
            o[3] = samples >= 4 ? p[3 * step] : 255;
        } else {
            unsigned char grey = photometric == PHOTOMETRIC_MINISWHITE ? (unsigned char)(255 - p[0]) : p[0];
            o[0] = o[1] = o[2] = grey;
            o[3] = samples >= 2 ? p[step] : 255;
        }
    }
}

// What a TIFF's tags say of how its image is stored.
typedef struct {
    uint16_t bits, samples, photometric, planar, format, compression;
    uint32_t file_width, file_height;
    const uint16_t *map[3];
    int simple;  // a kind tiff_row_to_rgba reads: read a row at a time
} tiff_layout;

// The image's tags read (and a JPEG-compressed YCbCr image's rows asked for as RGB).
static void tiff_read_layout(TIFF *file, int width, int height, tiff_layout *l) {
    memset(l, 0, sizeof *l);
    tiff.get_field(file, TIFFTAG_IMAGEWIDTH, &l->file_width);
    tiff.get_field(file, TIFFTAG_IMAGELENGTH, &l->file_height);
    tiff.get_field(file, TIFFTAG_BITSPERSAMPLE, &l->bits);
    tiff.get_field(file, TIFFTAG_SAMPLESPERPIXEL, &l->samples);
    tiff.get_field(file, TIFFTAG_PLANARCONFIG, &l->planar);
    tiff.get_field(file, TIFFTAG_SAMPLEFORMAT, &l->format);
    tiff.get_field(file, TIFFTAG_COMPRESSION, &l->compression);
    if (!tiff.get_field(file, TIFFTAG_PHOTOMETRIC, &l->photometric)) l->photometric = 0xFFFF;
    // A JPEG-compressed YCbCr image: libtiff's JPEG codec gives its rows as RGB.
    if (l->compression == COMPRESSION_JPEG && l->photometric == PHOTOMETRIC_YCBCR && l->bits == 8 && l->samples == 3) {
        tiff.set_field(file, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
        l->photometric = PHOTOMETRIC_RGB;
    }
    if (l->photometric == PHOTOMETRIC_PALETTE && !tiff.get_field(file, TIFFTAG_COLORMAP, &l->map[0], &l->map[1], &l->map[2]))
        l->photometric = 0xFFFF;
    uint16_t photometric = l->photometric, samples = l->samples;
    l->simple = !tiff.is_tiled(file) && l->planar == PLANARCONFIG_CONTIG && l->format == SAMPLEFORMAT_UINT &&
                (l->bits == 8 || l->bits == 16) && l->file_width == (uint32_t)width && l->file_height == (uint32_t)height &&
                ((photometric == PHOTOMETRIC_MINISBLACK && samples >= 1 && samples <= 2) ||
                 (photometric == PHOTOMETRIC_MINISWHITE && samples == 1) ||
                 (photometric == PHOTOMETRIC_RGB && samples >= 3 && samples <= 4) ||
                 (photometric == PHOTOMETRIC_PALETTE && samples == 1));
}

// A simple kind of TIFF read a row at a time, each summed into the scaled picture `pixels` as it
// comes: 0, or -1 with `out->message` saying why.
static int tiff_read_rows(TIFF *file, tiff_layout *l, int width, int height, int factor, unsigned char *pixels,
                          const char *error, photorepl_decoded *out) {
    uint64_t row_bytes = tiff.scanline_size(file);
    unsigned char *row = row_bytes > 0 && row_bytes >= (uint64_t)width * l->samples * (l->bits / 8) ? malloc((size_t)row_bytes) : NULL;
    unsigned char *rgba = malloc((size_t)width * 4);
    row_shrinker shrinker = {0};
    int failed = !row || !rgba || shrinker_begin(&shrinker, width, height, factor, pixels) != 0;
    if (failed) say(out->message, sizeof out->message, "out of memory");
    for (int y = 0; !failed && y < height; y++) {
        if (tiff.read_scanline(file, row, (uint32_t)y, 0) < 0) {
            say(out->message, sizeof out->message, "corrupt TIFF: %s", error[0] ? error : "libtiff could not decode its image");
            failed = 1;
            break;
        }
        tiff_row_to_rgba(row, width, l->bits, l->samples, l->photometric, l->map, rgba);
        shrinker_add(&shrinker, rgba);
    }
    free(shrinker.sums);
    free(row);
    free(rgba);
    return failed ? -1 : 0;
}

// Any other kind decoded whole by libtiff as RGBA, upright, then scaled into `pixels`: 0, or -1
// with `out->message` saying why.
static int tiff_read_whole(TIFF *file, int width, int height, int orientation, int factor, unsigned char *pixels,
                           const char *error, photorepl_decoded *out) {
    size_t full = (size_t)width * (size_t)height * 4;
    int result = -1;
    // ABGR words, one a pixel: R, G, B, A in memory on a little-endian machine, rows as stored.
    unsigned char *whole = factor == 1 ? pixels : malloc(full);
    if (!whole) {
        say(out->message, sizeof out->message, "out of memory for %dx%d pixels", width, height);
    } else if (!tiff.read_rgba(file, (uint32_t)width, (uint32_t)height, (uint32_t *)whole, orientation, 0)) {
        say(out->message, sizeof out->message, "corrupt TIFF: %s", error[0] ? error : "libtiff could not decode its image");
    } else if (factor > 1 && shrink(whole, width * 4, width, height, 4, factor, pixels) != 0) {
        say(out->message, sizeof out->message, "out of memory");
    } else {
        result = 0;
    }
    if (whole && whole != pixels) free(whole);
    return result;
}

void photorepl_tiff_decode(const unsigned char *data, size_t size, int width, int height, int orientation, int factor,
                           size_t max_bytes, photorepl_decoded *out) {
    begin(out);
    if (factor < 1) factor = 1;
    pthread_once(&tiff_once, load_tiff);
    if (!tiff.loaded) {
        say(out->message, sizeof out->message, "%s", tiff_error_text);
        return;
    }
    char error[200] = {0};
    TIFFOpenOptions *options = tiff.options_alloc();
    if (!options) {
        say(out->message, sizeof out->message, "libtiff could not start");
        return;
    }
    // A strip or tile that claims more than this is refused before libtiff allocates it.
    tiff.options_max_alloc(options, (tmsize_t)256 << 20);
    tiff.options_errors(options, tiff_error, error);
    tiff.options_warnings(options, tiff_warning, NULL);
    tiff_memory memory = {data, size, 0};
    TIFF *file = tiff.open("photo", "rm", &memory, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size, tiff_map, tiff_unmap,
                           options);
    if (!file) {
        tiff.options_free(options);
        say(out->message, sizeof out->message, "corrupt TIFF: %s", error[0] ? error : "libtiff could not read it");
        return;
    }
    int scaled_width = (width + factor - 1) / factor, scaled_height = (height + factor - 1) / factor;
    unsigned char *pixels = output(out, (size_t)scaled_width * (size_t)scaled_height * 4);
    tiff_layout layout;
    tiff_read_layout(file, width, height, &layout);
    size_t full = (size_t)width * (size_t)height * 4;
    int decoded = 0;
    if (!pixels) {
        say(out->message, sizeof out->message, out->into ? "corrupt TIFF: asked for another size than its header says" : "out of memory");
    } else if (layout.simple) {
        decoded = tiff_read_rows(file, &layout, width, height, factor, pixels, error, out) == 0;
    } else if (full > max_bytes) {
        say(out->message, sizeof out->message,
            "this kind of TIFF is decoded whole, and %dx%d pixels would take %zu MB, more than photorepl's %zu MB for pictures",
            width, height, full >> 20, max_bytes >> 20);
    } else {
        decoded = tiff_read_whole(file, width, height, orientation, factor, pixels, error, out) == 0;
    }
    if (decoded) {
        out->rgba = pixels;
        out->width = scaled_width;
        out->height = scaled_height;
    }
    if (!out->rgba && pixels && pixels != out->into) free(pixels);
    tiff.close(file);
    tiff.options_free(options);
}

void photorepl_webp_load(void) { pthread_once(&webp_once, load_webp); }
void photorepl_gif_load(void) { pthread_once(&gif_once, load_gif); }
void photorepl_avif_load(void) { pthread_once(&avif_once, load_avif); }
void photorepl_heif_load(void) { pthread_once(&heif_once, load_heif); }
void photorepl_tiff_load(void) { pthread_once(&tiff_once, load_tiff); }

// glibc's threshold; other allocators (macOS's, musl's) map large blocks of their own accord.
void photorepl_map_large_buffers(size_t bytes) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
#endif
}
