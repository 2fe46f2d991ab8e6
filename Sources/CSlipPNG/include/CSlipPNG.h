// Why this shim exists: libpng reports every error by longjmp from inside its calls, and a
// longjmp must never cross a Swift frame. Each function here sets its own setjmp point, makes the
// libpng calls that can fail, and returns a status (0 = done) with the reason kept as a message,
// so Swift sees plain return values. Swift owns the reader and writer (a final class each,
// destroying them in deinit).
#ifndef CSLIPPNG_H
#define CSLIPPNG_H

#include <stddef.h>
#include <stdint.h>

/// A PNG being read from memory.
typedef struct CSlipPNGReader CSlipPNGReader;

/// A PNG being written to memory.
typedef struct CSlipPNGWriter CSlipPNGWriter;

/// What the IHDR chunk says.
typedef struct CSlipPNGHeader {
  uint32_t width;
  uint32_t height;
  int32_t bitDepth;
  int32_t colorType;
  int32_t interlaced;
} CSlipPNGHeader;

/// A reader over `count` bytes at `bytes`, which must stay valid until it is destroyed. libpng
/// itself refuses images wider than `maxWidth` or taller than `maxHeight`. NULL when out of memory.
CSlipPNGReader *CSlipPNG_reader_create(const uint8_t *bytes, size_t count, uint32_t maxWidth,
                                       uint32_t maxHeight);

/// Reads the chunks up to the image data; fills `header`. 0 when done, else see the message.
int CSlipPNG_reader_read_header(CSlipPNGReader *reader, CSlipPNGHeader *header);

/// Decodes the image into `pixels` (width × height bytes, 0 black to 255 white): any colour
/// type and bit depth, Adam7 interlacing undone, alpha composited over white. Only one row of
/// libpng's own output is held besides `pixels`. 0 when done, else see the message.
int CSlipPNG_reader_read_grey(CSlipPNGReader *reader, uint8_t *pixels, size_t count);

/// Why the last call failed.
const char *CSlipPNG_reader_message(const CSlipPNGReader *reader);

/// Frees the reader and everything libpng allocated for it.
void CSlipPNG_reader_destroy(CSlipPNGReader *reader);

/// A writer whose PNG goes to a growing memory buffer. NULL when out of memory.
CSlipPNGWriter *CSlipPNG_writer_create(void);

/// Writes a greyscale PNG of `height` rows, `stride` bytes apart, each `width` pixels of
/// `bitDepth` bits (1 or 8). `invertMono` stores 1-bit rows inverted (our bitmaps say 1 = ink,
/// PNG says 1 = white). `pixelsPerMetre` > 0 adds a pHYs chunk. 0 when done, else see the message.
int CSlipPNG_writer_encode(CSlipPNGWriter *writer, const uint8_t *rows, uint32_t width, uint32_t height,
                           size_t stride, int32_t bitDepth, int32_t invertMono, uint32_t pixelsPerMetre,
                           int32_t compressionLevel);

/// The PNG written, `*count` bytes; owned by the writer.
const uint8_t *CSlipPNG_writer_bytes(const CSlipPNGWriter *writer, size_t *count);

/// Why the last call failed.
const char *CSlipPNG_writer_message(const CSlipPNGWriter *writer);

/// Frees the writer and its buffer.
void CSlipPNG_writer_destroy(CSlipPNGWriter *writer);

#endif
