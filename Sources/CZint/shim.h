// CZint: libzint 2.11 (Debian's libzint-dev), which draws Slip's barcodes and QR codes. Only
// SlipSymbols imports it.
//
// Why a shim: every zint macro Slip uses (BARCODE_*, UNICODE_MODE, BARCODE_NO_QUIET_ZONES,
// WARN_FAIL_ALL, ZINT_ERROR) is a plain integer and imports as is, so none is re-exported here.
// What does not import usefully are the fixed-size character arrays in `struct zint_symbol`:
// `errtxt[100]` and `text[128]` arrive in Swift as tuples of 100 and 128 elements. These two
// accessors hand them over as C strings instead.
#ifndef CZINT_SHIM_H
#define CZINT_SHIM_H

#include <zint.h>

/// Why the last encode failed or warned, such as "Error 284: Invalid character in data".
static inline const char *czint_error_text(const struct zint_symbol *symbol) {
  return symbol->errtxt;
}

/// The human-readable text zint made of the data, with any check digit it computed.
static inline const char *czint_readable_text(const struct zint_symbol *symbol) {
  return (const char *)symbol->text;
}

#endif
