// CCups: libcups's headers for Slip's CUPS transport (SlipTransport is the only module that
// imports it). Nothing links libcups: CSlipCups opens it the first time a `cups:` printer is used.
//
// Why a shim: Debian's libcups2-dev has no pkg-config file, and CUPS_FORMAT_RAW and friends are macros; the document format Slip sends is re-exported here
// as a constant with a `ccups_` prefix so that the Swift side never spells the MIME type.
#ifndef CCUPS_SHIM_H
#define CCUPS_SHIM_H

#include <cups/cups.h>

static const char *const ccups_format_raw = CUPS_FORMAT_RAW;

#endif
