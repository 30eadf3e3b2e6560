#include "CImageFormats.h"
#include "loading.h"
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#include <pthread.h>

// MARK: - JPEG XL (libjxl 0.7, loaded at the first JPEG XL; its thread runner when there is one)

static struct {
    JxlDecoder *(*create)(const JxlMemoryManager *);
    void (*destroy)(JxlDecoder *);
    JxlDecoderStatus (*subscribe)(JxlDecoder *, int);
    JxlDecoderStatus (*set_input)(JxlDecoder *, const uint8_t *, size_t);
    JxlDecoderStatus (*process)(JxlDecoder *);
    JxlDecoderStatus (*basic_info)(const JxlDecoder *, JxlBasicInfo *);
    JxlDecoderStatus (*image_buffer)(JxlDecoder *, const JxlPixelFormat *, void *, size_t);
    JxlDecoderStatus (*box_buffer)(JxlDecoder *, uint8_t *, size_t);
    size_t (*release_box_buffer)(JxlDecoder *);
    JxlDecoderStatus (*decompress_boxes)(JxlDecoder *, JXL_BOOL);
    JxlDecoderStatus (*box_type)(JxlDecoder *, JxlBoxType, JXL_BOOL);
    JxlDecoderStatus (*set_runner)(JxlDecoder *, JxlParallelRunner, void *);
    JxlParallelRunner runner;
    void *(*runner_create)(const JxlMemoryManager *, size_t);
    void (*runner_destroy)(void *);
    size_t (*default_threads)(void);
    int loaded;  // 1 when every function but the runner's was found
} jxl;
static char jxl_error[200];
static pthread_once_t jxl_once = PTHREAD_ONCE_INIT;

static void load_jxl(void) {
    void *library = dlopen(LOADER_SONAME("libjxl.so.0.7", "libjxl.0.11.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(jxl_error, sizeof jxl_error, "JPEG XL pictures need libjxl: install the Debian package libjxl0.7");
        return;
    }
    FIND(library, jxl, create, "JxlDecoderCreate", jxl_error)
    FIND(library, jxl, destroy, "JxlDecoderDestroy", jxl_error)
    FIND(library, jxl, subscribe, "JxlDecoderSubscribeEvents", jxl_error)
    FIND(library, jxl, set_input, "JxlDecoderSetInput", jxl_error)
    FIND(library, jxl, process, "JxlDecoderProcessInput", jxl_error)
    FIND(library, jxl, basic_info, "JxlDecoderGetBasicInfo", jxl_error)
    FIND(library, jxl, image_buffer, "JxlDecoderSetImageOutBuffer", jxl_error)
    FIND(library, jxl, box_buffer, "JxlDecoderSetBoxBuffer", jxl_error)
    FIND(library, jxl, release_box_buffer, "JxlDecoderReleaseBoxBuffer", jxl_error)
    FIND(library, jxl, decompress_boxes, "JxlDecoderSetDecompressBoxes", jxl_error)
    FIND(library, jxl, box_type, "JxlDecoderGetBoxType", jxl_error)
    FIND(library, jxl, set_runner, "JxlDecoderSetParallelRunner", jxl_error)
    // The runner is in a library of its own (libjxl-threads): without it, one thread decodes.
    void *threads = dlopen(LOADER_SONAME("libjxl_threads.so.0.7", "libjxl_threads.0.11.dylib"), RTLD_NOW | RTLD_LOCAL);
    if (threads) {
        *(void **)&jxl.runner = dlsym(threads, "JxlThreadParallelRunner");
        *(void **)&jxl.runner_create = dlsym(threads, "JxlThreadParallelRunnerCreate");
        *(void **)&jxl.runner_destroy = dlsym(threads, "JxlThreadParallelRunnerDestroy");
        *(void **)&jxl.default_threads = dlsym(threads, "JxlThreadParallelRunnerDefaultNumWorkerThreads");
    }
    jxl.loaded = 1;
}

// libjxl's memory, counted: a 2 KB file can claim a 1-gigapixel image, and libjxl allocates as it
// decodes. Each block carries its size before it; an allocation that would take the decode past
// its budget fails, and libjxl reports an error instead of the machine running out.
typedef struct {
    pthread_mutex_t lock;
    size_t used, budget;
} jxl_memory;

static void *jxl_alloc(void *opaque, size_t size) {
    jxl_memory *memory = opaque;
    if (size > SIZE_MAX - 16) return NULL;
    pthread_mutex_lock(&memory->lock);
    int fits = size <= memory->budget - memory->used;
    if (fits) memory->used += size;
    pthread_mutex_unlock(&memory->lock);
    if (!fits) return NULL;
    size_t *block = malloc(size + 16);
    if (!block) {
        pthread_mutex_lock(&memory->lock);
        memory->used -= size;
        pthread_mutex_unlock(&memory->lock);
        return NULL;
    }
    block[0] = size;
    return (char *)block + 16;
}

static void jxl_free(void *opaque, void *address) {
    if (!address) return;
    jxl_memory *memory = opaque;
    size_t *block = (size_t *)((char *)address - 16);
    pthread_mutex_lock(&memory->lock);
    memory->used -= block[0];
    pthread_mutex_unlock(&memory->lock);
    free(block);
}

// libjxl 0.7 prints each failure inside it to C's stderr ("decode.cc:2143: missing input" for a
// file cut short), over the REPL's screen. While a libjxl call runs, C's `stderr` points at
// /dev/null instead: photorepl writes its own messages to file descriptor 2, not through `stderr`,
// and so do the other libraries' that matter (libedit keeps the FILE it was given at the start).
static pthread_mutex_t quiet_lock = PTHREAD_MUTEX_INITIALIZER;
static int quiet_users;
static FILE *quiet_saved, *quiet_null;

static void quiet_begin(void) {
    pthread_mutex_lock(&quiet_lock);
    if (quiet_users++ == 0) {
        if (!quiet_null) quiet_null = fopen("/dev/null", "w");
        if (quiet_null) {
            quiet_saved = stderr;
            stderr = quiet_null;
        }
    }
    pthread_mutex_unlock(&quiet_lock);
}

static void quiet_end(void) {
    pthread_mutex_lock(&quiet_lock);
    if (--quiet_users == 0 && quiet_saved) {
        stderr = quiet_saved;
        quiet_saved = NULL;
    }
    pthread_mutex_unlock(&quiet_lock);
}

// The size as shown: libjxl turns the picture upright itself, and its header's size is as stored.
static void upright(const JxlBasicInfo *info, uint32_t w, uint32_t h, int *width, int *height) {
    int turned = info->orientation >= JXL_ORIENT_TRANSPOSE;
    *width = (int)(turned ? h : w);
    *height = (int)(turned ? w : h);
}

static const char *jxl_failure(JxlDecoderStatus status, size_t used, size_t budget) {
    if (status == JXL_DEC_NEED_MORE_INPUT) return "the JPEG XL file is truncated";
    return used * 4 >= budget * 3 ? "the JPEG XL image needs too much memory to decode" : "corrupt JPEG XL";
}

int photorepl_jxl_info(const unsigned char *data, size_t size, int *width, int *height, unsigned char **exif,
                       size_t *exif_length, char *message, size_t message_size) {
    *exif = NULL;
    *exif_length = 0;
    pthread_once(&jxl_once, load_jxl);
    if (!jxl.loaded) {
        say(message, message_size, "%s", jxl_error);
        return -1;
    }
    jxl_memory memory = {PTHREAD_MUTEX_INITIALIZER, 0, (size_t)64 << 20};
    JxlMemoryManager manager = {&memory, jxl_alloc, jxl_free};
    JxlDecoder *decoder = jxl.create(&manager);
    if (!decoder) {
        say(message, message_size, "libjxl could not start");
        return -1;
    }
    // The boxes are read for `Exif` (cjxl stores it compressed, in a `brob` box that libjxl
    // inflates); the frames between them are skipped, not decoded.
    int have_size = 0;
    unsigned char *box = NULL;  // the Exif box being filled, at most 64 KB
    const size_t box_capacity = 64 << 10;
    if (jxl.subscribe(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_BOX) != JXL_DEC_SUCCESS || jxl.set_input(decoder, data, size) != JXL_DEC_SUCCESS) {
        say(message, message_size, "libjxl could not start");
        jxl.destroy(decoder);
        return -1;
    }
    jxl.decompress_boxes(decoder, JXL_TRUE);
    for (;;) {
        quiet_begin();
        JxlDecoderStatus status = jxl.process(decoder);
        quiet_end();
        if (box && status != JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            size_t unused = jxl.release_box_buffer(decoder);
            *exif = box;
            *exif_length = box_capacity - unused;
            box = NULL;
        }
        if (status == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo info;
            if (jxl.basic_info(decoder, &info) != JXL_DEC_SUCCESS) break;
            upright(&info, info.xsize, info.ysize, width, height);
            have_size = 1;
        } else if (status == JXL_DEC_BOX) {
            JxlBoxType type;
            if (!*exif && jxl.box_type(decoder, type, JXL_TRUE) == JXL_DEC_SUCCESS && memcmp(type, "Exif", 4) == 0 &&
                (box = malloc(box_capacity)) && jxl.box_buffer(decoder, box, box_capacity) != JXL_DEC_SUCCESS) {
                free(box);
                box = NULL;
            }
        } else if (status == JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            // An EXIF of more than 64 KB: not a camera's; left out.
            jxl.release_box_buffer(decoder);
            free(box);
            box = NULL;
        } else {
            // The end of the file, or an error after the size (the decode will say what is wrong).
            if (!have_size) say(message, message_size, "%s", jxl_failure(status, memory.used, memory.budget));
            break;
        }
    }
    free(box);
    jxl.destroy(decoder);
    if (!have_size) {
        free(*exif);
        *exif = NULL;
        *exif_length = 0;
    }
    return have_size ? 0 : -1;
}

void photorepl_jxl_decode(const unsigned char *data, size_t size, long max_pixels, int factor, photorepl_decoded *out) {
    begin(out);
    if (factor < 1) factor = 1;
    pthread_once(&jxl_once, load_jxl);
    if (!jxl.loaded) {
        say(out->message, sizeof out->message, "%s", jxl_error);
        return;
    }
    // libjxl held about 4 bytes a pixel beside the output while it decoded an 18-megapixel photo.
    jxl_memory memory = {PTHREAD_MUTEX_INITIALIZER, 0, (size_t)(max_pixels > 0 ? max_pixels : 1) * 8 + ((size_t)64 << 20)};
    JxlMemoryManager manager = {&memory, jxl_alloc, jxl_free};
    JxlDecoder *decoder = jxl.create(&manager);
    if (!decoder) {
        say(out->message, sizeof out->message, "libjxl could not start");
        return;
    }
    void *runner = NULL;
    if (jxl.runner && jxl.runner_create && jxl.runner_destroy && jxl.default_threads) {
        runner = jxl.runner_create(&manager, jxl.default_threads());
        if (runner) jxl.set_runner(decoder, jxl.runner, runner);
    }
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    // The photo is decoded whole (straight into the caller's buffer when not scaled), then shrunk.
    // libjxl's row callbacks, which would sum the rows as they come, took twice the memory (284
    // against 137 MB for an 18-megapixel photo) and no less time: libjxl keeps the frame anyway.
    unsigned char *whole = NULL;
    int width = 0, height = 0, done = 0;
    if (jxl.subscribe(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE) != JXL_DEC_SUCCESS ||
        jxl.set_input(decoder, data, size) != JXL_DEC_SUCCESS) {
        say(out->message, sizeof out->message, "libjxl could not start");
    } else {
        for (;;) {
            quiet_begin();
            JxlDecoderStatus status = jxl.process(decoder);
            quiet_end();
            if (status == JXL_DEC_BASIC_INFO) {
                JxlBasicInfo info;
                if (jxl.basic_info(decoder, &info) != JXL_DEC_SUCCESS) break;
                upright(&info, info.xsize, info.ysize, &width, &height);
                if (width <= 0 || height <= 0 || (long)width * (long)height > max_pixels) {
                    say(out->message, sizeof out->message, "the image is too large: %dx%d pixels", width, height);
                    break;
                }
            } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
                size_t bytes = (size_t)width * (size_t)height * 4;
                if (!whole && !(whole = factor == 1 ? output(out, bytes) : malloc(bytes))) {
                    say(out->message, sizeof out->message, out->into ? "corrupt JPEG XL: decoded at another size than its header says" : "out of memory");
                    break;
                }
                if (jxl.image_buffer(decoder, &format, whole, bytes) != JXL_DEC_SUCCESS) {
                    say(out->message, sizeof out->message, "corrupt JPEG XL: its image is not of the size its header says");
                    break;
                }
            } else if (status == JXL_DEC_FULL_IMAGE) {
                done = 1;  // the first frame of an animation is enough
                break;
            } else {
                say(out->message, sizeof out->message, "%s", jxl_failure(status, memory.used, memory.budget));
                break;
            }
        }
    }
    int scaled_width = (width + factor - 1) / factor, scaled_height = (height + factor - 1) / factor;
    if (done && factor == 1) {
        out->rgba = whole;
        whole = NULL;
    } else if (done && !(out->rgba = output(out, (size_t)scaled_width * (size_t)scaled_height * 4))) {
        say(out->message, sizeof out->message, out->into ? "corrupt JPEG XL: decoded at another size than its header says" : "out of memory");
    } else if (done && shrink(whole, width * 4, width, height, 4, factor, out->rgba) != 0) {
        discard(out);
        say(out->message, sizeof out->message, "out of memory");
    }
    if (out->rgba) {
        out->width = scaled_width;
        out->height = scaled_height;
    }
    if (whole && whole != out->into) free(whole);
    jxl.destroy(decoder);
    if (runner) jxl.runner_destroy(runner);
}

void photorepl_jxl_load(void) { pthread_once(&jxl_once, load_jxl); }
