#include "CSlipDBus.h"

CSLIP_LIBRARY("libdbus-1.so.3", CSLIPDBUS_FUNCTIONS)

const char *CSlipDBus_load(void) { return CSlipLibrary_load(&cslip_library); }
