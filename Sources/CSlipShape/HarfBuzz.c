#include "Libraries.h"

CSLIP_LIBRARY("libharfbuzz.so.0", CSLIPSHAPE_HARFBUZZ)

const char *CSlipShape_load_harfbuzz(void) { return CSlipLibrary_load(&cslip_library); }
