// FreeType for SlipRaster's glyphs. FreeType reports errors as return codes (no longjmp), so Swift
// calls it directly; this header only exists because FreeType's own headers are included through
// macros (FT_FREETYPE_H) and some flags are function-like macros that Swift cannot import.
#include <ft2build.h>
#include FT_FREETYPE_H

/// FT_LOAD_TARGET_MONO: 1-bit hinting and rendering, as a printer's dots are.
static const int32_t CFreeType_LOAD_TARGET_MONO = FT_LOAD_TARGET_MONO;
/// FT_LOAD_RENDER | FT_LOAD_TARGET_MONO | FT_LOAD_MONOCHROME: the glyph as 1-bit dots, ready to copy.
static const int32_t CFreeType_LOAD_MONO_BITMAP = FT_LOAD_RENDER | FT_LOAD_TARGET_MONO | FT_LOAD_MONOCHROME;
/// FT_LOAD_RENDER with the normal (grey) target: shaped text's outlines rendered unhinted for
/// 1 bit and thresholded at half, which keeps a complex script's strokes as thick as drawn
/// (mono hinting thins them to single dots at receipt sizes).
static const int32_t CFreeType_LOAD_GREY_BITMAP = FT_LOAD_RENDER | FT_LOAD_NO_HINTING;
