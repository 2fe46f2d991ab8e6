// CCups: libcups for Slip's CUPS transport (SlipTransport is the only module that imports it).
//
// Why a shim: Debian's libcups2-dev has no pkg-config file (the module map links "cups"), and
// CUPS_FORMAT_RAW and friends are macros; the document format Slip sends is re-exported here
// as a constant with a `ccups_` prefix so that the Swift side never spells the MIME type.
#ifndef CCUPS_SHIM_H
#define CCUPS_SHIM_H

#include <cups/cups.h>

static const char *const ccups_format_raw = CUPS_FORMAT_RAW;

#endif
