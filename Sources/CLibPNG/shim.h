// libpng for Slip. Only the C shim in CSlipPNG calls it: libpng reports errors by longjmp, which
// must never cross a Swift frame, so Swift code imports CSlipPNG, not this module.
#include <png.h>
