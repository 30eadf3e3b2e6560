#ifndef PHOTOREPL_CIMAGEFORMATS_H
#define PHOTOREPL_CIMAGEFORMATS_H
// JPEG (libjpeg-turbo), PNG (libpng, for the kinds photorepl does not read itself), WebP (libwebp),
// GIF (giflib), HEIC and AVIF (libheif; an AVIF sequence's frames through libavif), JPEG XL (libjxl),
// TIFF (libtiff), each library loaded with
// dlopen the first time a photo of its format is met: a session that never meets one (a script, the
// embedded catalog, a folder of JPEGs for all but libjpeg-turbo) never pays for loading it, and a
// machine without it shows one clear line naming the Debian package instead of failing to start. Their headers are needed at build time only.
#include <stddef.h>
#include <stdint.h>

/// Decoded pixels, 8-bit RGBA, rows packed (`width * 4` bytes). Written to `into` when the caller
/// gives a buffer of `capacity` bytes there (the size it expects, from the header: no copy), else
/// to a malloc'd `rgba` to free(). On failure `rgba` is NULL and `message` says why in one line.
typedef struct {
    unsigned char *into;
    size_t capacity;
    unsigned char *rgba;
    int width, height;
    char message[256];
} photorepl_decoded;

/// A format's size as its header says, without decoding: 0 on success; else -1 and `message`.
/// `animated` is set for an animated WebP (its first frame is what is shown).
int photorepl_webp_info(const unsigned char *data, size_t size, int *width, int *height, int *animated,
                        char *message, size_t message_size);
/// For HEIC and AVIF, also the primary image's EXIF (from its TIFF header on; malloc'd, free() it;
/// NULL when there is none): its description and artist. Its orientation is not for applying:
/// the file's rotation and mirroring are its `irot` and `imir`, which libheif applies.
int photorepl_heif_info(const unsigned char *data, size_t size, int *width, int *height,
                        unsigned char **exif, size_t *exif_length, char *message, size_t message_size);

/// A WebP decoded straight to `width` × `height` (libwebp scales while decoding); for an animated
/// one, its first frame.
void photorepl_webp_decode(const unsigned char *data, size_t size, int width, int height, photorepl_decoded *out);

/// A GIF's first frame on its canvas (`canvas_width` × `canvas_height`, as its header says and
/// as checked against the limits), scaled down by `factor` as its rows are read (each factor ×
/// factor block one pixel: the picture is ⌈canvas / factor⌉ in each direction, and the full canvas
/// never exists): transparent where the frame does not cover it or its transparent colour is used.
/// Never more than the one frame is read.
void photorepl_gif_decode(const unsigned char *data, size_t size, int canvas_width, int canvas_height, int factor,
                          photorepl_decoded *out);

/// The sizes (rotation applied) of the thumbnails a HEIC or AVIF file's primary image has, at most
/// `capacity`: how many there are (0 when none, or the file cannot be read).
int photorepl_heif_thumbnails(const unsigned char *data, size_t size, int *widths, int *heights, int capacity);

/// A HEIC or AVIF file's primary image (`thumbnail` -1) or its thumbnail number `thumbnail`, with
/// its rotation and mirroring applied, refused (before decoding) when larger than `max_pixels`, and
/// scaled down by `factor` (each factor × factor block one pixel: ⌈size / factor⌉ in each
/// direction) from libheif's RGB. Decodes on other threads wait while their pixels and these
/// would add up to more than `max_pixels`.
void photorepl_heif_decode(const unsigned char *data, size_t size, long max_pixels, int thumbnail, int factor,
                           photorepl_decoded *out);

/// Tiles `first`…`first + count - 1` of a HEIF grid, never the whole grid: `files` holds one small
/// HEIF file a tile (its coded image alone, as Swift's HEIFTiles writes it), tile `i` at
/// `offsets[i]..<offsets[i + 1]`, in rows of `columns`; each tile of `tile_width`×`tile_height` is
/// decoded by libheif and summed, where it lies on the `canvas_width`×`canvas_height` canvas, into
/// the blocks of `factor`×`factor` pixels of the scaled picture (⌈canvas / factor⌉ each way). The
/// answer is the sums (red, green, blue and a count, 32 bits each, a block), given as a picture
/// four times as wide: photorepl_tile_sums_to_rgba adds up the parts of several children.
void photorepl_heif_decode_tiles(const unsigned char *files, const size_t *offsets, int first, int count, int columns, int tile_width,
                                 int tile_height, int canvas_width, int canvas_height, int factor, photorepl_decoded *out);
/// The RGBA pixels of the scaled picture from the sums of `part_count` parts (each `pixels` × 4
/// numbers).
void photorepl_tile_sums_to_rgba(const uint32_t *const *parts, int part_count, size_t pixels, unsigned char *rgba);

/// A TIFF's first image through libtiff (loaded at the first TIFF that holds no JPEG to show):
/// `width`×`height` as its first IFD says (checked by the caller), rows as stored (the caller turns
/// them by the file's orientation), scaled down by `factor` as they come (⌈size / factor⌉ each way).
/// Grey, grey and alpha, RGB, RGBA and palette images of 8 or 16 bits in strips are read a row at a
/// time, whatever their strips' size (a 10000×10000 one in a single strip takes a row's memory);
/// any other kind (tiles, CMYK, YCbCr, other depths) through libtiff's RGBA reader at full size,
/// refused when that would take more than `max_bytes`. No single allocation of libtiff's over 256 MB.
void photorepl_tiff_decode(const unsigned char *data, size_t size, int width, int height, int orientation, int factor,
                           size_t max_bytes, photorepl_decoded *out);

/// A JPEG XL's size, upright (libjxl turns the picture by its orientation), and its `Exif` box (its
/// 4-byte offset, then the TIFF header; malloc'd, free() it; NULL when there is none, or it is
/// over 64 KB): 0 on success; else -1 and `message`.
int photorepl_jxl_info(const unsigned char *data, size_t size, int *width, int *height, unsigned char **exif,
                       size_t *exif_length, char *message, size_t message_size);

/// A JPEG XL's image (libjxl, loaded at the first one; an animation's first frame), upright, refused
/// when larger than `max_pixels` and scaled down by `factor` as the HEIF decode is. libjxl's
/// allocations are counted and refused past 8 bytes a pixel of `max_pixels`, and 64 MB more. libjxl
/// 0.7 decodes at full size only: its progressive flush of the 1:8 DC image was measured slower
/// than the whole decode (it renders the DC at full size).
void photorepl_jxl_decode(const unsigned char *data, size_t size, long max_pixels, int factor, photorepl_decoded *out);

/// A camera RAW file's sensor data demosaicked by libraw (its thread-safe build, loaded at the first
/// one), at half size (`half`: each 2×2 block of the sensor one pixel) or full, 8-bit, with the
/// camera's white balance, turned upright by libraw; refused when the sensor has more than
/// `max_pixels` pixels, or when its decode would take more than `max_bytes` (at half size when
/// the full one would). The size is libraw's (its crop of the sensor's margins): `rgba` is always
/// malloc'd here, whatever `into` says.
void photorepl_raw_decode(const unsigned char *data, size_t size, int half, long max_pixels, size_t max_bytes, photorepl_decoded *out);

/// A PNG of 8-bit samples, or 16-bit ones not interlaced (`depth`; `channels` 1 grey, 2 grey + alpha,
/// 3 RGB, 4 RGBA; 16-bit samples shown by their high byte) from its IDAT data
/// (the chunks' contents, concatenated): inflated by libdeflate (loaded at the first PNG; zlib's
/// inflate without it), unfiltered and scaled down by `factor` as the rows come (each factor ×
/// factor block one pixel, colours weighted by alpha). Interlaced (Adam7), only the first passes
/// are read whose pixels make a grid of the largest of 8, 4, 2 and 1 within `factor`; the grid is
/// then scaled by what is left of the factor. A picture of 16-bit samples, or one of more than 32 MB
/// inflated, is inflated by zlib a row at a time: it never exists whole. The size
/// it decodes at, and the grid, are `photorepl_png_scaled_size`'s. 0 on success; else -1 and `message`.
int photorepl_png_decode(const unsigned char *idat, size_t idat_size, int width, int height, int channels, int depth,
                         int interlaced, int factor, photorepl_decoded *out);
void photorepl_png_scaled_size(int width, int height, int interlaced, int factor, int *scaled_width, int *scaled_height, int *grid);

/// A progressive JPEG decoded from its first scans only (libjpeg's buffered-image mode, libjpeg
/// loaded with dlopen at the first one), at `scale_eighths` / 8 of its size: reading stops at the
/// first scan header after which every coefficient that scale's IDCT reads has arrived (the DC scan
/// alone for 1/8). 0 on success, with how many scans and bytes were read; 1 when the file is left to
/// the full decode (not progressive, CMYK, a warning or an error, libjpeg missing; `message` says
/// why). The caller checks the header's size against its limits first.
int photorepl_jpeg_first_scans(const unsigned char *data, size_t size, int scale_eighths, photorepl_decoded *out,
                               int *scans_read, size_t *bytes_read);

/// A progressive JPEG at 1/8 of its size (⌈width / 8⌉ × ⌈height / 8⌉) from its DC scans alone,
/// read here without libjpeg: one value a block is kept, not the whole image's coefficients. 0 on
/// success, with how many scans and bytes were read; 1 when the file is left to libjpeg (not a
/// progressive Huffman 8-bit JPEG of 1 or 3 components, or anything amiss; `message` says why).
int photorepl_jpeg_dc_preview(const unsigned char *data, size_t size, photorepl_decoded *out, int *scans_read, size_t *bytes_read);

/// How a TurboJPEG call went: `failed` when it returned -1 (`warned` when TurboJPEG called it a
/// warning: see ImageDecoder's JPEG.failure), `missing` when libjpeg-turbo cannot be loaded;
/// `message` is TurboJPEG's own text, or what to install.
typedef struct {
    int failed, warned, missing;
    char message[256];
} photorepl_jpeg_status;

/// A JPEG's size from its header (TurboJPEG, loaded with dlopen at the first JPEG).
void photorepl_jpeg_header(const unsigned char *data, size_t size, int *width, int *height, photorepl_jpeg_status *status);
/// The scales TurboJPEG decodes at (`nums[i]` / `denoms[i]`, at most `capacity`); how many, 0 when
/// libjpeg-turbo cannot be loaded.
int photorepl_jpeg_scaling_factors(int *nums, int *denoms, int capacity);
/// A JPEG decoded to `width` × `height` (one of its scales) into `rgba` (4 bytes a pixel, every one
/// written): RGBA, or, when `cmyk` comes back set (CMYK and YCCK files), Adobe's inverted CMYK.
void photorepl_jpeg_decompress(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                               int *cmyk, photorepl_jpeg_status *status);

/// What photorepl_png_by_libpng did.
enum {
    PHOTOREPL_PNG_DONE = 0,
    PHOTOREPL_PNG_MISSING = 1,  // libpng cannot be loaded: `message` says what to install
    PHOTOREPL_PNG_NOT_READ = 2,  // its header was refused
    PHOTOREPL_PNG_CUT_OR_CORRUPT = 3,  // the image data failed
};
/// A PNG (`data`: the chunks a picture needs) decoded to RGBA at its size, `width` × `height` as
/// its header says, by libpng's simplified API (loaded with dlopen at the first such PNG); `message`
/// is libpng's own text when it failed.
int photorepl_png_by_libpng(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                            char *message, size_t message_size);

/// The memory all decodes in flight may take together, in MB (PHOTOREPL_DECODE_BUDGET_MB): the
/// session's budget for pictures being decoded; what a decode needs is reserved before it starts.
#define PHOTOREPL_DECODE_BUDGET_MB 192
size_t photorepl_budget_total(void);
/// Reserves `bytes` of the budget, waiting up to `milliseconds` while other decodes hold it or
/// asked first: 1 when reserved, 0 when the time ran out (the caller asks again with the same
/// `ticket`, 0 the first time, or gives it up with photorepl_budget_abandon). Decodes are let in in
/// the order they asked; one alone always gets what it asks for (the caller refuses one larger than
/// the whole budget).
int photorepl_budget_reserve(size_t bytes, int milliseconds, unsigned long *ticket);
void photorepl_budget_abandon(unsigned long ticket);
void photorepl_budget_release(size_t bytes);

/// Around every in-process call into libheif or libjxl (a header read): a decode's fork waits until
/// none is in flight, so that no library lock is held at the fork.
void photorepl_library_call_begin(void);
void photorepl_library_call_end(void);

/// The decoders that run in a child process (isolation.c). The TEST ones prove the isolation
/// itself (a crash, an endless loop, an allocation without end); no file's content chooses them.
enum {
    PHOTOREPL_ISOLATED_HEIF = 1,
    PHOTOREPL_ISOLATED_TIFF = 2,
    PHOTOREPL_ISOLATED_JXL = 3,
    PHOTOREPL_ISOLATED_RAW = 4,
    PHOTOREPL_ISOLATED_WEBP = 5,
    PHOTOREPL_ISOLATED_GIF = 6,
    PHOTOREPL_ISOLATED_LIBPNG = 7,
    PHOTOREPL_ISOLATED_HEIF_TILES = 8,
    PHOTOREPL_ISOLATED_AVIF = 9,
    PHOTOREPL_ISOLATED_TEST_CRASH = 100,
    PHOTOREPL_ISOLATED_TEST_HANG = 101,
    PHOTOREPL_ISOLATED_TEST_BALLOON = 102,
};

/// A decode for a child process: the decoder's arguments (those it takes), the room for its
/// picture, the memory it may allocate (its share of the budget) and its CPU seconds.
typedef struct {
    int decoder;
    const unsigned char *data;
    size_t size;
    long max_pixels;
    int item, factor, half, width, height, orientation;
    /// A grid's tiles (PHOTOREPL_ISOLATED_HEIF_TILES): `data` holds their files, at these offsets;
    /// this child decodes `tile_count` of them from `first_tile`.
    const size_t *tile_offsets;
    int first_tile, tile_count, columns, tile_width, tile_height;
    /// The bytes of pixels the answer may hold; `known_size` when they are exactly the picture's
    /// (decoded straight into the shared mapping), else the decoder allocates and they are copied.
    size_t output_capacity;
    int known_size;
    size_t memory;
    int seconds;
} photorepl_isolated_request;

/// How a child ended when it gave no answer: killed by `signal`, or exited with `exit_code`.
typedef struct {
    int signal, exit_code, unfinished;
} photorepl_isolated_end;

typedef struct photorepl_isolated photorepl_isolated;
/// Forks the child that decodes `request`; NULL (and `message`) when it cannot.
photorepl_isolated *photorepl_isolated_start(const photorepl_isolated_request *request, char *message, size_t message_size);
/// Waits up to `milliseconds`: 1 when the child has ended, else 0.
int photorepl_isolated_wait(photorepl_isolated *isolated, int milliseconds);
/// Kills the child first when `kill_it`, reaps it and frees `isolated`; its answer, when it gave one,
/// goes to `out` as a decoder's would (pixels into `out->into` or malloc'd, or a message).
photorepl_isolated_end photorepl_isolated_finish(photorepl_isolated *isolated, int kill_it, photorepl_decoded *out);

/// An animation's frames, one after another on its canvas (GIF: giflib; WebP: libwebpdemux; an AVIF
/// sequence: libavif, its colour track's frames, each the whole canvas), for the animation's child
/// process. `decoder` is PHOTOREPL_ISOLATED_GIF, _WEBP or _AVIF; at most `max_frames` are given,
/// then the frames end as if the file ended there. An AVIF's canvas is its track's size: libavif is
/// told to decode nothing larger (libavif scales a smaller frame to it); a frame libavif gives at
/// another size is an error.
typedef struct photorepl_frames photorepl_frames;
photorepl_frames *photorepl_frames_open(int decoder, const unsigned char *data, size_t size, int width, int height,
                                        int max_frames, char *message, size_t message_size);
/// Draws the next frame on the canvas: 1 (with its `delay` in ms, 0 and 10 ms made 100 as browsers
/// do), 0 when there are no more, -1 with `message`. `loop_count`: how many times the file asks
/// to be played in all (0 for ever; a GIF's NETSCAPE count of N is N + 1 plays, as browsers play
/// it), -1 when it does not say (once; an AVIF never says: libavif 0.11 does not read a sequence's
/// repetitions).
int photorepl_frames_next(photorepl_frames *frames, int *delay, int *loop_count, char *message, size_t message_size);
/// The canvas, RGBA, `width` × `height`, after the last frame drawn.
const unsigned char *photorepl_frames_canvas(const photorepl_frames *frames);
void photorepl_frames_close(photorepl_frames *frames);

/// Whether libavif (an AVIF sequence's frames) can be loaded: loads it, in this process, the first
/// time. Without it an animated AVIF is shown by its still image (libheif's), never played.
int photorepl_avif_available(void);

/// An animation played from a child process that lives as long as it plays: it keeps the file's
/// decoder and canvas, and decodes one frame each time it is asked (so that only the frame being
/// shown and the canvas exist), scaled down by `factor` (each block one pixel) into the mapping it
/// shares with the session. The same confinement as the other decodes (isolation.c): a crash or a
/// balloon ends the child; a frame that takes longer than the caller waits is ended by the caller.
typedef struct {
    int decoder;
    const unsigned char *data;
    size_t size;
    int width, height, factor, max_frames;
    size_t memory;
    int seconds;
} photorepl_animation_request;

/// The answer to one ask: `status` 1 a frame (its `index` from 0, its `delay` in ms, its pixels of
/// `width` × `height` copied to the caller's buffer), 0 the end of the frames (the next ask starts
/// again at the first), -1 a failure (`message`).
typedef struct {
    int status, index, delay, loop_count, width, height;
    char message[256];
} photorepl_animation_frame;

typedef struct photorepl_animation photorepl_animation;
photorepl_animation *photorepl_animation_start(const photorepl_animation_request *request, char *message, size_t message_size);
/// Asks the child for its next frame: 0 when asked, -1 when it is gone.
int photorepl_animation_ask(photorepl_animation *animation);
/// Waits up to `milliseconds` for the answer: 1 when it is there (or the child ended), else 0.
int photorepl_animation_wait(photorepl_animation *animation, int milliseconds);
/// The answer, once `wait` said so: 0 with `frame` filled (pixels into `pixels`, of `capacity`
/// bytes), or -1 when the child ended without one (`end` says how; the animation is then over).
int photorepl_animation_take(photorepl_animation *animation, photorepl_animation_frame *frame, unsigned char *pixels,
                             size_t capacity, photorepl_isolated_end *end);
/// Ends the child (killed: it may be in the middle of a frame), reaps it and frees `animation`.
void photorepl_animation_stop(photorepl_animation *animation);

/// Allocations of `bytes` and more are mapped and unmapped on their own (glibc's M_MMAP_THRESHOLD,
/// fixed), never kept in a thread's malloc arena once freed.
void photorepl_map_large_buffers(size_t bytes);

#endif
