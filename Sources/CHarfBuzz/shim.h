// HarfBuzz (Debian's libharfbuzz-dev) for the raster engine's shaping. Only the C file of
// CSlipShape includes it: hb_script_t and friends are tag macros (HB_TAG) and HB_DIRECTION_*
// helpers that Swift cannot import, so the shaping calls are made in C.
#include <hb.h>
