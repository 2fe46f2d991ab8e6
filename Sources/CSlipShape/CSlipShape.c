// FriBidi levels and HarfBuzz shaping for SlipRaster (see include/CSlipShape.h for why in C).
#include "CSlipShape.h"

#include <stdlib.h>

#include "Libraries.h"

const char *CSlipShape_load(void) {
  const char *reason = CSlipShape_load_harfbuzz();
  return reason != NULL ? reason : CSlipShape_load_fribidi();
}

struct CSlipShapeFont {
  hb_font_t *font;
  int32_t unitsPerEm;
};

CSlipShapeFont *CSlipShape_font_open(const char *path) {
  hb_blob_t *blob = cslip_hb_blob_create_from_file_or_fail(path);
  if (blob == NULL) return NULL;
  hb_face_t *face = cslip_hb_face_create(blob, 0);
  cslip_hb_blob_destroy(blob);
  if (cslip_hb_face_get_glyph_count(face) == 0) {
    cslip_hb_face_destroy(face);
    return NULL;
  }
  CSlipShapeFont *shaped = malloc(sizeof *shaped);
  if (shaped == NULL) {
    cslip_hb_face_destroy(face);
    return NULL;
  }
  // HarfBuzz's own OpenType functions at a scale of one font unit (hb-shape's defaults), so
  // the glyphs are exact integers that hb-shape reproduces.
  shaped->font = cslip_hb_font_create(face);
  shaped->unitsPerEm = (int32_t)cslip_hb_face_get_upem(face);
  cslip_hb_face_destroy(face);
  return shaped;
}

void CSlipShape_font_close(CSlipShapeFont *font) {
  if (font == NULL) return;
  cslip_hb_font_destroy(font->font);
  free(font);
}

int32_t CSlipShape_font_units_per_em(const CSlipShapeFont *font) { return font->unitsPerEm; }

int32_t CSlipShape_font_has(const CSlipShapeFont *font, uint32_t codepoint) {
  hb_codepoint_t glyph = 0;
  return cslip_hb_font_get_nominal_glyph(font->font, codepoint, &glyph) ? 1 : 0;
}

uint32_t CSlipShape_script(uint32_t codepoint) {
  return (uint32_t)cslip_hb_unicode_script(cslip_hb_unicode_funcs_get_default(), codepoint);
}

/// Whether `script` takes the script of its neighbours.
static int CSlipShape_is_neutral(hb_script_t script) {
  return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN;
}

int32_t CSlipShape_runs(const uint32_t *text, int32_t length, int32_t direction, CSlipShapeRun *runs,
                        int32_t capacity, int32_t *paragraphRTL) {
  *paragraphRTL = direction == 2;
  if (length <= 0) return 0;
  FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
  FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
  FriBidiLevel *levels = malloc(sizeof *levels * (size_t)length);
  hb_script_t *scripts = malloc(sizeof *scripts * (size_t)length);
  CSlipShapeRun *logical = malloc(sizeof *logical * (size_t)length);
  int32_t count = -1;
  if (types == NULL || brackets == NULL || levels == NULL || scripts == NULL || logical == NULL) {
    goto done;
  }
  const FriBidiChar *chars = (const FriBidiChar *)text;
  cslip_fribidi_get_bidi_types(chars, length, types);
  cslip_fribidi_get_bracket_types(chars, length, types, brackets);
  FriBidiParType base = direction == 1 ? FRIBIDI_PAR_LTR : direction == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
  if (cslip_fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, levels) == 0) goto done;
  *paragraphRTL = FRIBIDI_IS_RTL(base) ? 1 : 0;
  FriBidiLevel paragraph = *paragraphRTL ? 1 : 0;
  // Rule L1: whitespace at the end of the line goes back to the paragraph's level.
  for (int32_t index = length - 1; index >= 0 && FRIBIDI_IS_SPACE(types[index]); index--) {
    levels[index] = paragraph;
  }
  // Scripts: neutral characters take the script before them, or the first one after.
  hb_unicode_funcs_t *unicode = cslip_hb_unicode_funcs_get_default();
  hb_script_t last = HB_SCRIPT_COMMON;
  for (int32_t index = 0; index < length; index++) {
    hb_script_t script = cslip_hb_unicode_script(unicode, text[index]);
    scripts[index] = CSlipShape_is_neutral(script) ? last : script;
    if (!CSlipShape_is_neutral(script)) last = script;
  }
  hb_script_t next = last;
  for (int32_t index = length - 1; index >= 0; index--) {
    if (CSlipShape_is_neutral(scripts[index])) {
      scripts[index] = next;
    } else {
      next = scripts[index];
    }
  }
  // Maximal runs of one level and one script, in logical order.
  int32_t runCount = 0;
  for (int32_t index = 0; index < length; index++) {
    if (runCount > 0 && logical[runCount - 1].level == levels[index] &&
        logical[runCount - 1].script == (uint32_t)scripts[index]) {
      logical[runCount - 1].length++;
    } else {
      logical[runCount++] = (CSlipShapeRun){index, 1, levels[index], (uint32_t)scripts[index]};
    }
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs
  // at that level or higher.
  int32_t highest = 0;
  int32_t lowestOdd = 127;
  for (int32_t index = 0; index < runCount; index++) {
    if (logical[index].level > highest) highest = logical[index].level;
    if ((logical[index].level & 1) && logical[index].level < lowestOdd) lowestOdd = logical[index].level;
  }
  for (int32_t level = highest; level >= lowestOdd && level > 0; level--) {
    int32_t index = 0;
    while (index < runCount) {
      if (logical[index].level < level) {
        index++;
        continue;
      }
      int32_t end = index;
      while (end < runCount && logical[end].level >= level) end++;
      for (int32_t low = index, high = end - 1; low < high; low++, high--) {
        CSlipShapeRun swap = logical[low];
        logical[low] = logical[high];
        logical[high] = swap;
      }
      index = end;
    }
  }
  for (int32_t index = 0; index < runCount && index < capacity; index++) runs[index] = logical[index];
  count = runCount;
done:
  free(types);
  free(brackets);
  free(levels);
  free(scripts);
  free(logical);
  return count;
}

int32_t CSlipShape_shape(CSlipShapeFont *font, const uint32_t *text, int32_t length, int32_t start,
                         int32_t count, int32_t rtl, uint32_t script, CSlipShapeGlyph *glyphs,
                         int32_t capacity) {
  hb_buffer_t *buffer = cslip_hb_buffer_create();
  if (!cslip_hb_buffer_allocation_successful(buffer)) {
    cslip_hb_buffer_destroy(buffer);
    return -1;
  }
  cslip_hb_buffer_add_codepoints(buffer, text, length, (unsigned int)start, count);
  cslip_hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  cslip_hb_buffer_set_script(buffer, (hb_script_t)script);
  cslip_hb_buffer_set_language(buffer, cslip_hb_language_get_default());
  cslip_hb_shape(font->font, buffer, NULL, 0);
  unsigned int shaped = 0;
  hb_glyph_info_t *infos = cslip_hb_buffer_get_glyph_infos(buffer, &shaped);
  hb_glyph_position_t *positions = cslip_hb_buffer_get_glyph_positions(buffer, NULL);
  for (unsigned int index = 0; index < shaped && (int32_t)index < capacity; index++) {
    glyphs[index] = (CSlipShapeGlyph){infos[index].codepoint, infos[index].cluster,
                                      positions[index].x_advance, positions[index].x_offset,
                                      positions[index].y_offset};
  }
  cslip_hb_buffer_destroy(buffer);
  return (int32_t)shaped;
}
