#ifndef PHOTOREPL_CHAFA_RENDER_H
#define PHOTOREPL_CHAFA_RENDER_H
// libchafa behind plain functions, so that Swift never imports glib's headers. Only the API
// that libchafa 1.12 has is used.
#include <stddef.h>
#include <stdint.h>

/// What libchafa draws with: Unicode symbols in cells, or iTerm2 pictures (sixels are photorepl's
/// own: Sources/CSixel).
typedef enum {
    PHOTOREPL_CHAFA_SYMBOLS = 0,
    PHOTOREPL_CHAFA_ITERM = 2,
} photorepl_chafa_output;

/// The colours a symbol canvas may use; iTerm2 pictures ignore this.
typedef enum {
    PHOTOREPL_CHAFA_TRUECOLOR = 0,
    PHOTOREPL_CHAFA_256 = 1,
    PHOTOREPL_CHAFA_16 = 2,
    PHOTOREPL_CHAFA_MONOCHROME = 3,
} photorepl_chafa_colours;

/// Loads libchafa (once; it is not linked, so that a session without pictures never pays for it).
/// NULL when it is loaded; else why not, in one line naming the Debian package.
const char *photorepl_chafa_load(void);

/// Draws `rgba` (unassociated RGBA8, `width`×`height`, rows `width*4` bytes apart) on a canvas of
/// `cols`×`rows` cells of `cell_width`×`cell_height` pixels and returns the bytes that show it, or
/// NULL when libchafa made nothing or cannot be loaded. The caller frees them with photorepl_chafa_free.
/// libchafa runs a fixed number of threads: see photorepl_chafa_threads.
uint8_t *photorepl_chafa_render(const uint8_t *rgba, int width, int height, photorepl_chafa_output output,
                                photorepl_chafa_colours colours, int cols, int rows, int cell_width,
                                int cell_height, size_t *length);

void photorepl_chafa_free(uint8_t *bytes);

/// Sets libchafa's thread count once, before the first picture.
void photorepl_chafa_threads(int count);

#endif
