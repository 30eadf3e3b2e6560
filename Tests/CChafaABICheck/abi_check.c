// Built with the tests: fails to compile when a value or layout that Sources/CChafaRender/libchafa.h
// declares differs from libchafa's real headers (render.c cannot include them: see libchafa.h).
#include "CChafaABICheck.h"
#include <chafa.h>
#include <stddef.h>
#include "../../Sources/CChafaRender/libchafa.h"

#define SAME(ours, theirs) _Static_assert((int)(ours) == (int)(theirs), #ours " differs from libchafa's " #theirs)

SAME(LIBCHAFA_CANVAS_MODE_TRUECOLOR, CHAFA_CANVAS_MODE_TRUECOLOR);
SAME(LIBCHAFA_CANVAS_MODE_INDEXED_240, CHAFA_CANVAS_MODE_INDEXED_240);
SAME(LIBCHAFA_CANVAS_MODE_INDEXED_16, CHAFA_CANVAS_MODE_INDEXED_16);
SAME(LIBCHAFA_CANVAS_MODE_FGBG, CHAFA_CANVAS_MODE_FGBG);
SAME(LIBCHAFA_PIXEL_MODE_SYMBOLS, CHAFA_PIXEL_MODE_SYMBOLS);
SAME(LIBCHAFA_PIXEL_MODE_ITERM2, CHAFA_PIXEL_MODE_ITERM2);
SAME(LIBCHAFA_PIXEL_RGBA8_UNASSOCIATED, CHAFA_PIXEL_RGBA8_UNASSOCIATED);
SAME(LIBCHAFA_SYMBOL_TAG_SPACE, CHAFA_SYMBOL_TAG_SPACE);
SAME(LIBCHAFA_SYMBOL_TAG_BLOCK, CHAFA_SYMBOL_TAG_BLOCK);
SAME(LIBCHAFA_SYMBOL_TAG_BORDER, CHAFA_SYMBOL_TAG_BORDER);
SAME(LIBCHAFA_SYMBOL_TAG_WIDE, CHAFA_SYMBOL_TAG_WIDE);
SAME(LIBCHAFA_SYMBOL_TAG_AMBIGUOUS, CHAFA_SYMBOL_TAG_AMBIGUOUS);
_Static_assert(sizeof(libchafa_string) == sizeof(GString), "GString's size differs");
SAME(offsetof(libchafa_string, str), offsetof(GString, str));
SAME(offsetof(libchafa_string, len), offsetof(GString, len));
// Enums are passed as int: each of these must be int-sized.
_Static_assert(sizeof(ChafaCanvasMode) == sizeof(int) && sizeof(ChafaPixelMode) == sizeof(int) &&
               sizeof(ChafaDitherMode) == sizeof(int) && sizeof(ChafaPixelType) == sizeof(int) &&
               sizeof(ChafaSymbolTags) == sizeof(int), "a libchafa enum is not int-sized");

int photorepl_chafa_abi_checked(void) { return 1; }
