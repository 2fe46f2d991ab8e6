#include "Libraries.h"

CSLIP_LIBRARY("libfribidi.so.0", CSLIPSHAPE_FRIBIDI)

const char *CSlipShape_load_fribidi(void) { return CSlipLibrary_load(&cslip_library); }
