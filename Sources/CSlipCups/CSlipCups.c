#include "CSlipCups.h"

CSLIP_LIBRARY("libcups.so.2", CSLIPCUPS_FUNCTIONS)

const char *CSlipCups_load(void) { return CSlipLibrary_load(&cslip_library); }
