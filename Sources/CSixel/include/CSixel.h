#ifndef PHOTOREPL_SIXEL_H
#define PHOTOREPL_SIXEL_H
// A sixel encoder whose palette is chosen for the picture (median cut refined by k-means on the
// picture's own colours), so that a smooth gradient gets a register for each of its shades and is
// drawn without dither; error diffusion is used only where the palette lacks a pixel's colour.
#include <stddef.h>
#include <stdint.h>

/// The sixel (DCS … ST) that draws `rgba` (RGBA8, `width`×`height`, rows `width*4` bytes apart; alpha
/// is ignored: the caller lays see-through pixels over the background first) with at most
/// `registers` colours (2…256). Its bytes depend only on its arguments. NULL when the arguments are
/// not a picture or memory runs out; else the caller frees the bytes with photorepl_sixel_free.
uint8_t *photorepl_sixel_encode(const uint8_t *rgba, int width, int height, int registers, size_t *length);

void photorepl_sixel_free(uint8_t *bytes);

#endif
