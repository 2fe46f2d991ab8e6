// The HarfBuzz and FriBidi functions CSlipShape.c calls, as `cslip_` trampolines into
// libharfbuzz.so.0 and libfribidi.so.0, opened the first time a line is shaped (CSlipLoad says
// why): most slip runs draw no shaped text, and HarfBuzz brings GLib, Graphite and the C++
// runtime with it. Prototypes as in HarfBuzz 6.0's <hb.h> and FriBidi 1.0.8's <fribidi.h>.
#ifndef CSLIPSHAPE_LIBRARIES_H
#define CSLIPSHAPE_LIBRARIES_H

#include <fribidi.h>
#include <hb.h>

#include "CSlipLoad.h"

#define CSLIPSHAPE_HARFBUZZ(F, V)                                                                  \
  F(hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *path), (path))                     \
  V(hb_blob_destroy, (hb_blob_t * blob), (blob))                                                   \
  V(hb_buffer_add_codepoints,                                                                      \
    (hb_buffer_t * buffer, const hb_codepoint_t *text, int length, unsigned int offset, int count), \
    (buffer, text, length, offset, count))                                                         \
  F(hb_bool_t, hb_buffer_allocation_successful, (hb_buffer_t * buffer), (buffer))                  \
  F(hb_buffer_t *, hb_buffer_create, (void), ())                                                   \
  V(hb_buffer_destroy, (hb_buffer_t * buffer), (buffer))                                           \
  F(hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t * buffer, unsigned int *length),    \
    (buffer, length))                                                                              \
  F(hb_glyph_position_t *, hb_buffer_get_glyph_positions,                                          \
    (hb_buffer_t * buffer, unsigned int *length), (buffer, length))                                \
  V(hb_buffer_set_direction, (hb_buffer_t * buffer, hb_direction_t direction), (buffer, direction)) \
  V(hb_buffer_set_language, (hb_buffer_t * buffer, hb_language_t language), (buffer, language))    \
  V(hb_buffer_set_script, (hb_buffer_t * buffer, hb_script_t script), (buffer, script))            \
  F(hb_face_t *, hb_face_create, (hb_blob_t * blob, unsigned int index), (blob, index))            \
  V(hb_face_destroy, (hb_face_t * face), (face))                                                   \
  F(unsigned int, hb_face_get_glyph_count, (const hb_face_t *face), (face))                        \
  F(unsigned int, hb_face_get_upem, (const hb_face_t *face), (face))                               \
  F(hb_font_t *, hb_font_create, (hb_face_t * face), (face))                                       \
  V(hb_font_destroy, (hb_font_t * font), (font))                                                   \
  F(hb_bool_t, hb_font_get_nominal_glyph,                                                          \
    (hb_font_t * font, hb_codepoint_t unicode, hb_codepoint_t * glyph), (font, unicode, glyph))    \
  F(hb_language_t, hb_language_get_default, (void), ())                                            \
  V(hb_shape,                                                                                      \
    (hb_font_t * font, hb_buffer_t * buffer, const hb_feature_t *features, unsigned int count),    \
    (font, buffer, features, count))                                                               \
  F(hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), ())                                \
  F(hb_script_t, hb_unicode_script, (hb_unicode_funcs_t * functions, hb_codepoint_t unicode),      \
    (functions, unicode))

#define CSLIPSHAPE_FRIBIDI(F, V)                                                                     \
  V(fribidi_get_bidi_types, (const FriBidiChar *text, const FriBidiStrIndex length, FriBidiCharType *types), \
    (text, length, types))                                                                           \
  V(fribidi_get_bracket_types,                                                                       \
    (const FriBidiChar *text, const FriBidiStrIndex length, const FriBidiCharType *types,           \
     FriBidiBracketType *brackets),                                                                  \
    (text, length, types, brackets))                                                                 \
  F(FriBidiLevel, fribidi_get_par_embedding_levels_ex,                                               \
    (const FriBidiCharType *types, const FriBidiBracketType *brackets, const FriBidiStrIndex length, \
     FriBidiParType *direction, FriBidiLevel *levels),                                               \
    (types, brackets, length, direction, levels))

CSLIPSHAPE_HARFBUZZ(CSLIP_DECLARE, CSLIP_DECLARE_VOID)
CSLIPSHAPE_FRIBIDI(CSLIP_DECLARE, CSLIP_DECLARE_VOID)

/// Opens libharfbuzz.so.0 and libfribidi.so.0: NULL when each is there, else why not.
const char *CSlipShape_load_harfbuzz(void);
const char *CSlipShape_load_fribidi(void);

#endif
