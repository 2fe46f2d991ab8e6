// libdeflate for SlipPNG: whole-buffer inflate about 2.5 times as fast as zlib's, for the PNGs
// SlipPNG decodes without libpng. A plain C API (no longjmp, no macros needed), so Swift calls it
// directly.
#include <libdeflate.h>
