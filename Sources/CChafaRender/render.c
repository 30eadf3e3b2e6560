#include "CChafaRender.h"
#include "CLibraryLoader.h"
#include "libchafa.h"

// libchafa's functions, found at the first picture (libchafa.h says why it is not linked).

static struct {
    void (*set_n_threads)(int);
    libchafa_canvas_config *(*config_new)(void);
    void (*config_unref)(libchafa_canvas_config *);
    void (*config_set_geometry)(libchafa_canvas_config *, int, int);
    void (*config_set_cell_geometry)(libchafa_canvas_config *, int, int);
    void (*config_set_canvas_mode)(libchafa_canvas_config *, int);
    void (*config_set_symbol_map)(libchafa_canvas_config *, const libchafa_symbol_map *);
    void (*config_set_pixel_mode)(libchafa_canvas_config *, int);
    libchafa_canvas *(*canvas_new)(const libchafa_canvas_config *);
    void (*canvas_unref)(libchafa_canvas *);
    void (*canvas_draw_all_pixels)(libchafa_canvas *, int, const uint8_t *, int, int, int);
    libchafa_string *(*canvas_print)(libchafa_canvas *, void *);
    libchafa_symbol_map *(*symbol_map_new)(void);
    void (*symbol_map_unref)(libchafa_symbol_map *);
    void (*symbol_map_add_by_tags)(libchafa_symbol_map *, int);
    void (*symbol_map_remove_by_tags)(libchafa_symbol_map *, int);
    char *(*string_free)(libchafa_string *, int);
    void (*free)(void *);
} chafa;
// glib's functions are found through libchafa, which depends on it.
static const loader_library_symbol chafa_symbols[] = {
    {"chafa_set_n_threads", (void **)&chafa.set_n_threads},
    {"chafa_canvas_config_new", (void **)&chafa.config_new},
    {"chafa_canvas_config_unref", (void **)&chafa.config_unref},
    {"chafa_canvas_config_set_geometry", (void **)&chafa.config_set_geometry},
    {"chafa_canvas_config_set_cell_geometry", (void **)&chafa.config_set_cell_geometry},
    {"chafa_canvas_config_set_canvas_mode", (void **)&chafa.config_set_canvas_mode},
    {"chafa_canvas_config_set_symbol_map", (void **)&chafa.config_set_symbol_map},
    {"chafa_canvas_config_set_pixel_mode", (void **)&chafa.config_set_pixel_mode},
    {"chafa_canvas_new", (void **)&chafa.canvas_new},
    {"chafa_canvas_unref", (void **)&chafa.canvas_unref},
    {"chafa_canvas_draw_all_pixels", (void **)&chafa.canvas_draw_all_pixels},
    {"chafa_canvas_print", (void **)&chafa.canvas_print},
    {"chafa_symbol_map_new", (void **)&chafa.symbol_map_new},
    {"chafa_symbol_map_unref", (void **)&chafa.symbol_map_unref},
    {"chafa_symbol_map_add_by_tags", (void **)&chafa.symbol_map_add_by_tags},
    {"chafa_symbol_map_remove_by_tags", (void **)&chafa.symbol_map_remove_by_tags},
    {"g_string_free", (void **)&chafa.string_free},
    {"g_free", (void **)&chafa.free},
};
static loader_library libchafa = {LOADER_SONAME("libchafa.so.0", "libchafa.0.dylib"), chafa_symbols, sizeof chafa_symbols / sizeof chafa_symbols[0],
                                     "symbols and iTerm2 pictures need libchafa", "libchafa0"};

const char *photorepl_chafa_load(void) { return loader_library_load(&libchafa); }

void photorepl_chafa_threads(int count) {
    if (!photorepl_chafa_load()) chafa.set_n_threads(count);
}

static int canvas_mode(photorepl_chafa_colours colours) {
    switch (colours) {
    case PHOTOREPL_CHAFA_256: return LIBCHAFA_CANVAS_MODE_INDEXED_240;  // leaves the 16 themed colours alone
    case PHOTOREPL_CHAFA_16: return LIBCHAFA_CANVAS_MODE_INDEXED_16;
    case PHOTOREPL_CHAFA_MONOCHROME: return LIBCHAFA_CANVAS_MODE_FGBG;
    default: return LIBCHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

uint8_t *photorepl_chafa_render(const uint8_t *rgba, int width, int height, photorepl_chafa_output output,
                                photorepl_chafa_colours colours, int cols, int rows, int cell_width,
                                int cell_height, size_t *length) {
    *length = 0;
    if (!rgba || width <= 0 || height <= 0 || cols <= 0 || rows <= 0) return NULL;
    if (photorepl_chafa_load()) return NULL;

    libchafa_canvas_config *config = chafa.config_new();
    chafa.config_set_geometry(config, cols, rows);
    // The default cell is 8×8 pixels: pixel protocols would come out at the wrong size without this.
    chafa.config_set_cell_geometry(config, cell_width, cell_height);
    libchafa_symbol_map *symbols = NULL;
    switch (output) {
    case PHOTOREPL_CHAFA_ITERM:
        chafa.config_set_pixel_mode(config, LIBCHAFA_PIXEL_MODE_ITERM2);
        break;
    default:
        chafa.config_set_pixel_mode(config, LIBCHAFA_PIXEL_MODE_SYMBOLS);
        chafa.config_set_canvas_mode(config, canvas_mode(colours));
        symbols = chafa.symbol_map_new();
        // Blocks and borders read as a picture in every font; wide and ambiguous-width symbols would
        // break the column layout in some terminals.
        chafa.symbol_map_add_by_tags(symbols, LIBCHAFA_SYMBOL_TAG_BLOCK | LIBCHAFA_SYMBOL_TAG_BORDER | LIBCHAFA_SYMBOL_TAG_SPACE);
        chafa.symbol_map_remove_by_tags(symbols, LIBCHAFA_SYMBOL_TAG_WIDE | LIBCHAFA_SYMBOL_TAG_AMBIGUOUS);
        chafa.config_set_symbol_map(config, symbols);
        break;
    }
    libchafa_canvas *canvas = chafa.canvas_new(config);
    chafa.canvas_draw_all_pixels(canvas, LIBCHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    // NULL term info: libchafa's fallback, which has every sequence (direct, 256 and 16 colours,
    // iTerm2). The canvas mode chosen above decides which are used; a detected terminal's
    // info could silently lack them.
    libchafa_string *text = chafa.canvas_print(canvas, NULL);
    uint8_t *bytes = NULL;
    if (text && text->len > 0) {
        *length = text->len;
        bytes = (uint8_t *)chafa.string_free(text, 0);  // FALSE: the characters are kept, the GString freed
    } else if (text) {
        chafa.string_free(text, 1);
    }
    chafa.canvas_unref(canvas);
    if (symbols) chafa.symbol_map_unref(symbols);
    chafa.config_unref(config);
    return bytes;
}

void photorepl_chafa_free(uint8_t *bytes) {
    if (bytes) chafa.free(bytes);
}
