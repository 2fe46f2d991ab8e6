// CZint: libzint 2.11 (Debian's libzint-dev), which draws Slip's barcodes and QR codes. Only
// SlipSymbols imports it.
//
// Why a shim: every zint macro Slip uses (BARCODE_*, UNICODE_MODE, BARCODE_NO_QUIET_ZONES,
// WARN_FAIL_ALL, ZINT_ERROR) is a plain integer and imports as is, so none is re-exported here.
// What does not import usefully are the fixed-size character arrays in `struct zint_symbol`:
// `errtxt[100]`, `text[128]` and `primary[128]` arrive in Swift as tuples of 100 and 128
// elements. These accessors hand them over as C strings instead.
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

/// Sets MaxiCode's primary message (postcode, country and service of modes 2 and 3): a
/// fixed-size character array in the struct, which Swift cannot assign as a string.
static inline void czint_set_primary(struct zint_symbol *symbol, const char *primary) {
  unsigned long length = 0;
  while (primary[length] != 0 && length < sizeof(symbol->primary) - 1) {
    symbol->primary[length] = primary[length];
    length++;
  }
  symbol->primary[length] = 0;
}

/// Row `row` of the encoded symbol's `width` modules as a bitmap row takes them: packed eight
/// to a byte, the first in the highest bit, into `out` (`(width + 7) / 8` bytes). zint 2.11
/// packs each row of `encoded_data` eight modules to a byte too, but the first in the lowest bit
/// (its own `module_is_set`, which it does not export): each byte is turned around. Reading the
/// modules here spares drawing a bitmap only to read them back from it, and a call a module.
static inline void czint_row_bits(
    const struct zint_symbol *symbol, int row, int width, unsigned char *out) {
  const unsigned char *in = symbol->encoded_data[row];
  for (int byte = 0; byte < (width + 7) / 8; byte++) {
    unsigned char b = in[byte];
    b = (unsigned char)((b & 0xF0) >> 4 | (b & 0x0F) << 4);
    b = (unsigned char)((b & 0xCC) >> 2 | (b & 0x33) << 2);
    b = (unsigned char)((b & 0xAA) >> 1 | (b & 0x55) << 1);
    out[byte] = b;
  }
  // Past the last module the row keeps zint's bits, which a bitmap must not have.
  if (width % 8 != 0) out[(width + 7) / 8 - 1] &= (unsigned char)(0xFF << (8 - width % 8));
}

#endif
