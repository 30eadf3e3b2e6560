// JPEG through libjpeg-turbo's TurboJPEG API, loaded with dlopen at the first JPEG (not linked: the
// sessions that show no JPEG, scripts and the catalog's BlurHash pictures, never pay for it).
#include "CImageFormats.h"
#include "CLibraryLoader.h"
#include <stdio.h>
#include <turbojpeg.h>

// Each pointer has the type turbojpeg.h declares its function with: the compiler checks every call.
static struct {
    __typeof__(tjInitDecompress) *init_decompress;
    __typeof__(tjDestroy) *destroy;
    __typeof__(tjDecompressHeader3) *decompress_header3;
    __typeof__(tjGetScalingFactors) *scaling_factors;
    __typeof__(tjDecompress2) *decompress2;
    __typeof__(tjGetErrorStr2) *error_str2;
    __typeof__(tjGetErrorCode) *error_code;
} tj;
static const loader_library_symbol tj_symbols[] = {
    {"tjInitDecompress", (void **)&tj.init_decompress},
    {"tjDestroy", (void **)&tj.destroy},
    {"tjDecompressHeader3", (void **)&tj.decompress_header3},
    {"tjGetScalingFactors", (void **)&tj.scaling_factors},
    {"tjDecompress2", (void **)&tj.decompress2},
    {"tjGetErrorStr2", (void **)&tj.error_str2},
    {"tjGetErrorCode", (void **)&tj.error_code},
};
static loader_library turbojpeg = {LOADER_SONAME("libturbojpeg.so.0", "libturbojpeg.0.dylib"), tj_symbols, sizeof tj_symbols / sizeof tj_symbols[0],
                                      "JPEG pictures need libjpeg-turbo", "libturbojpeg0"};

static int loaded(photorepl_jpeg_status *status) {
    const char *missing = loader_library_load(&turbojpeg);
    status->failed = status->warned = 0;
    status->missing = missing != NULL;
    status->message[0] = 0;
    if (missing) snprintf(status->message, sizeof status->message, "%s", missing);
    return !missing;
}

// After a call that returned `result`: whether it failed, and TurboJPEG's own words.
static void record(tjhandle handle, int result, photorepl_jpeg_status *status) {
    if (result == 0) return;
    status->failed = 1;
    status->warned = tj.error_code(handle) == TJERR_WARNING;
    const char *text = tj.error_str2(handle);
    snprintf(status->message, sizeof status->message, "%s", text ? text : "unknown error");
}

static tjhandle start(photorepl_jpeg_status *status) {
    tjhandle handle = tj.init_decompress();
    if (!handle) {
        // Said as it is, like a missing library: the file is not to blame.
        status->missing = 1;
        snprintf(status->message, sizeof status->message, "libjpeg-turbo could not start");
    }
    return handle;
}

void photorepl_jpeg_header(const unsigned char *data, size_t size, int *width, int *height,
                           photorepl_jpeg_status *status) {
    *width = *height = 0;
    if (!loaded(status)) return;
    tjhandle handle = start(status);
    if (!handle) return;
    int subsampling = 0, colourspace = 0;
    record(handle, tj.decompress_header3(handle, data, size, width, height, &subsampling, &colourspace), status);
    tj.destroy(handle);
}

int photorepl_jpeg_scaling_factors(int *nums, int *denoms, int capacity) {
    if (loader_library_load(&turbojpeg)) return 0;
    int count = 0;
    tjscalingfactor *factors = tj.scaling_factors(&count);
    if (!factors) return 0;
    if (count > capacity) count = capacity;
    for (int i = 0; i < count; i++) {
        nums[i] = factors[i].num;
        denoms[i] = factors[i].denom;
    }
    return count;
}

void photorepl_jpeg_decompress(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                               int *cmyk, photorepl_jpeg_status *status) {
    *cmyk = 0;
    if (!loaded(status)) return;
    tjhandle handle = start(status);
    if (!handle) return;
    // CMYK and YCCK (Adobe) JPEGs decode to CMYK only: asked for RGBA, libjpeg-turbo refuses them.
    int header_width = 0, header_height = 0, subsampling = 0, colourspace = 0;
    (void)tj.decompress_header3(handle, data, size, &header_width, &header_height, &subsampling, &colourspace);
    *cmyk = colourspace == TJCS_CMYK || colourspace == TJCS_YCCK;
    // LIMITSCANS: a progressive JPEG with thousands of scans would take minutes.
    record(handle, tj.decompress2(handle, data, size, rgba, width, 0, height, *cmyk ? TJPF_CMYK : TJPF_RGBA,
                                  TJFLAG_LIMITSCANS), status);
    tj.destroy(handle);
}
