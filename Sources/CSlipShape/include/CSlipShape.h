// Why this shim exists: shaping a line takes FriBidi's levels (UAX #9), a split of the line into
// runs of one level and one script, and HarfBuzz's shaping of each run; both libraries spell
// their directions, scripts and level tests as macros Swift cannot import. These few functions
// do that in C and hand Swift plain structs: runs in visual order and glyphs in font units.
// Swift owns each font (a final class closing it in deinit).
#ifndef CSLIPSHAPE_H
#define CSLIPSHAPE_H

#include <stdint.h>

/// Opens HarfBuzz and FriBidi, the first time a line is shaped (they are not loaded at start):
/// NULL when both are there, else why not. Every function below needs them.
const char *CSlipShape_load(void);

/// A font file opened for HarfBuzz, at its own units (the em is `units_per_em`).
typedef struct CSlipShapeFont CSlipShapeFont;

/// A run of a line: characters `start ..< start + length` (logical indices), at one bidi level
/// and in one script (an ISO 15924 tag as HarfBuzz spells it, 'Arab', 'Thai', 'Latn'…).
typedef struct CSlipShapeRun {
  int32_t start;
  int32_t length;
  int32_t level;
  uint32_t script;
} CSlipShapeRun;

/// One shaped glyph, in font units: HarfBuzz's glyph index, the cluster (the logical index of
/// the first character it shows), its advance and its offset from the pen.
typedef struct CSlipShapeGlyph {
  uint32_t glyph;
  uint32_t cluster;
  int32_t xAdvance;
  int32_t xOffset;
  int32_t yOffset;
} CSlipShapeGlyph;

/// The font in `path` (its first face); NULL when it cannot be read or has no glyphs.
CSlipShapeFont *CSlipShape_font_open(const char *path);

/// Closes a font.
void CSlipShape_font_close(CSlipShapeFont *font);

/// Font units per em.
int32_t CSlipShape_font_units_per_em(const CSlipShapeFont *font);

/// Whether the font has a glyph for `codepoint`.
int32_t CSlipShape_font_has(const CSlipShapeFont *font, uint32_t codepoint);

/// The script HarfBuzz gives `codepoint` ('Zyyy' for common, 'Zinh' for inherited characters).
uint32_t CSlipShape_script(uint32_t codepoint);

/// The runs of the line `text[0 ..< length]` in visual order, left to right: levels by FriBidi
/// with the paragraph direction `direction` (0: by the first strong character, as UAX #9's
/// P2–P3 say; 1: left to right; 2: right to left), trailing spaces at the paragraph's level
/// (rule L1), split where the script changes (common and inherited characters join the script
/// before them, or after them at the start). Returns how many runs there are; fills at most
/// `capacity`. `*paragraphRTL` is set to whether the paragraph is right to left. -1 when out of
/// memory.
int32_t CSlipShape_runs(const uint32_t *text, int32_t length, int32_t direction, CSlipShapeRun *runs,
                        int32_t capacity, int32_t *paragraphRTL);

/// Shapes `text[start ..< start + count]` (the whole line given as context) with `font`, right
/// to left when `rtl`, in `script`. Glyphs come in visual order, left to right. Returns how many
/// there are; fills at most `capacity` (call again with room for all). -1 when out of memory.
int32_t CSlipShape_shape(CSlipShapeFont *font, const uint32_t *text, int32_t length, int32_t start,
                         int32_t count, int32_t rtl, uint32_t script, CSlipShapeGlyph *glyphs,
                         int32_t capacity);

#endif
