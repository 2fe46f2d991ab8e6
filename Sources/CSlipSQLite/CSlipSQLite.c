#include "CSlipSQLite.h"

CSLIP_LIBRARY("libsqlite3.so.0", CSLIPSQLITE_FUNCTIONS)

const char *CSlipSQLite_load(void) { return CSlipLibrary_load(&cslip_library); }
