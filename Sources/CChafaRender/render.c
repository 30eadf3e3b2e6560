#include "CChafaRender.h"
#include <chafa.h>
#include <string.h>

void photorepl_chafa_threads(int count) { chafa_set_n_threads(count); }

static ChafaCanvasMode canvas_mode(photorepl_chafa_colours colours) {
    switch (colours) {
    case PHOTOREPL_CHAFA_256: return CHAFA_CANVAS_MODE_INDEXED_240;  // leaves the 16 themed colours alone
    case PHOTOREPL_CHAFA_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case PHOTOREPL_CHAFA_MONOCHROME: return CHAFA_CANVAS_MODE_FGBG;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

uint8_t *photorepl_chafa_render(const uint8_t *rgba, int width, int height, photorepl_chafa_output output,
                                photorepl_chafa_colours colours, int cols, int rows, int cell_width,
                                int cell_height, size_t *length) {
    *length = 0;
    if (!rgba || width <= 0 || height <= 0 || cols <= 0 || rows <= 0) return NULL;

    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, cols, rows);
    // The default cell is 8×8 pixels: pixel protocols would come out at the wrong size without this.
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    ChafaSymbolMap *symbols = NULL;
    switch (output) {
    case PHOTOREPL_CHAFA_SIXEL:
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
        // The palette fits the terminal's colour registers; a photo in 256 colours or fewer shows
        // contour bands unless it is dithered: ordered dithering (diffusion runs in libchafa's threads
        // and its bytes differ from run to run).
        chafa_canvas_config_set_canvas_mode(config, canvas_mode(colours));
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED);
        // A grain of one pixel: the default 4×4 grain shows as a checker over every smooth area
        // (pure black turns to dots); a fine grain reads as the colour it stands for.
        chafa_canvas_config_set_dither_grain_size(config, 1, 1);
        break;
    case PHOTOREPL_CHAFA_ITERM:
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2);
        break;
    default:
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
        chafa_canvas_config_set_canvas_mode(config, canvas_mode(colours));
        symbols = chafa_symbol_map_new();
        // Blocks and borders read as a picture in every font; wide and ambiguous-width symbols would
        // break the column layout in some terminals.
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER | CHAFA_SYMBOL_TAG_SPACE);
        chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_AMBIGUOUS);
        chafa_canvas_config_set_symbol_map(config, symbols);
        break;
    }
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    // NULL term info: libchafa's fallback, which has every sequence (direct, 256 and 16 colours,
    // sixel, iTerm2). The canvas mode chosen above decides which are used; a detected terminal's
    // info could silently lack them.
    GString *text = chafa_canvas_print(canvas, NULL);
    uint8_t *bytes = NULL;
    if (text && text->len > 0) {
        *length = text->len;
        bytes = (uint8_t *)g_string_free(text, FALSE);
    } else if (text) {
        g_string_free(text, TRUE);
    }
    chafa_canvas_unref(canvas);
    if (symbols) chafa_symbol_map_unref(symbols);
    chafa_canvas_config_unref(config);
    return bytes;
}

void photorepl_chafa_free(uint8_t *bytes) { g_free(bytes); }
