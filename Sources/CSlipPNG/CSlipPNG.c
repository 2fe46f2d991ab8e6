// libpng calls for SlipPNG, each behind its own setjmp (see CSlipPNG.h for why).
#include "CSlipPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

enum { MESSAGE_SIZE = 256 };

struct CSlipPNGReader {
  png_structp png;
  png_infop info;
  const uint8_t *bytes;
  size_t count;
  size_t offset;
  uint8_t *row;
  char message[MESSAGE_SIZE];
};

struct CSlipPNGWriter {
  png_structp png;
  png_infop info;
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  char message[MESSAGE_SIZE];
};

static void keep_message(char *buffer, const char *message) {
  strncpy(buffer, message ? message : "unknown libpng error", MESSAGE_SIZE - 1);
  buffer[MESSAGE_SIZE - 1] = '\0';
}

// libpng's error callback: the error pointer is the message buffer. It must not return.
static void on_error(png_structp png, png_const_charp message) {
  keep_message(png_get_error_ptr(png), message);
  png_longjmp(png, 1);
}

// Warnings (an odd ancillary chunk, say) change nothing we print.
static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// MARK: Reading

static void read_bytes(png_structp png, png_bytep out, size_t length) {
  CSlipPNGReader *reader = png_get_io_ptr(png);
  if (length > reader->count - reader->offset) {
    png_error(png, "the file ends early (truncated)");
  }
  memcpy(out, reader->bytes + reader->offset, length);
  reader->offset += length;
}

CSlipPNGReader *CSlipPNG_reader_create(const uint8_t *bytes, size_t count, uint32_t maxWidth,
                                       uint32_t maxHeight) {
  CSlipPNGReader *reader = calloc(1, sizeof *reader);
  if (!reader) return NULL;
  reader->bytes = bytes;
  reader->count = count;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader->message, on_error, on_warning);
  if (reader->png) reader->info = png_create_info_struct(reader->png);
  if (!reader->png || !reader->info) {
    CSlipPNG_reader_destroy(reader);
    return NULL;
  }
  // None of these can fail: they only set fields.
  png_set_read_fn(reader->png, reader, read_bytes);
  png_set_user_limits(reader->png, maxWidth, maxHeight);
  png_set_benign_errors(reader->png, 1);
  // Each chunk's CRC-32 already covers the compressed bytes; zlib's own Adler-32 over the
  // inflated ones would cost a seventh of the decoding time and catch nothing more.
  png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
  png_set_option(reader->png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
  return reader;
}

int CSlipPNG_reader_read_header(CSlipPNGReader *reader, CSlipPNGHeader *header) {
  if (setjmp(png_jmpbuf(reader->png))) return 1;
  png_read_info(reader->png, reader->info);
  png_uint_32 width, height;
  int bitDepth, colorType, interlace;
  png_get_IHDR(reader->png, reader->info, &width, &height, &bitDepth, &colorType, &interlace, NULL, NULL);
  header->width = width;
  header->height = height;
  header->bitDepth = bitDepth;
  header->colorType = colorType;
  header->interlaced = interlace == PNG_INTERLACE_ADAM7;
  return 0;
}

// Pillow's "L" weights (ITU-R 601-2 luma), so a picture dithers as python-escpos would see it.
static inline uint8_t luma(uint32_t red, uint32_t green, uint32_t blue) {
  return (uint8_t)((red * 19595 + green * 38470 + blue * 7471 + 0x8000) >> 16);
}

// Grey `level` seen through `alpha` on white paper.
static inline uint8_t over_white(uint32_t level, uint32_t alpha) {
  return (uint8_t)((level * alpha + 255 * (255 - alpha) + 127) / 255);
}

// Converts `count` pixels of 8-bit `channels` (grey, grey+alpha, RGB, RGBA) to grey, written
// `step` bytes apart. Interlaced passes write apart; whole rows (step 1) get loops of their own,
// which the compiler vectorises.
#define CSLIPPNG_EACH_PIXEL(expression)                                        \
  do {                                                                         \
    if (step == 1) {                                                           \
      for (uint32_t i = 0; i < count; i++) out[i] = (expression);             \
    } else {                                                                   \
      for (uint32_t i = 0; i < count; i++) out[i * step] = (expression);      \
    }                                                                          \
  } while (0)

static void to_grey(const uint8_t *restrict in, int channels, uint32_t count, uint8_t *restrict out,
                    size_t step) {
  switch (channels) {
    case 1: CSLIPPNG_EACH_PIXEL(in[i]); break;
    case 2: CSLIPPNG_EACH_PIXEL(over_white(in[2 * i], in[2 * i + 1])); break;
    case 3: CSLIPPNG_EACH_PIXEL(luma(in[3 * i], in[3 * i + 1], in[3 * i + 2])); break;
    default: CSLIPPNG_EACH_PIXEL(over_white(luma(in[4 * i], in[4 * i + 1], in[4 * i + 2]), in[4 * i + 3])); break;
  }
}

int CSlipPNG_reader_read_grey(CSlipPNGReader *reader, uint8_t *pixels, size_t count) {
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(png_jmpbuf(png))) return 1;
  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  if ((size_t)width * height != count) {
    keep_message(reader->message, "the pixel buffer does not match the image size");
    return 1;
  }
  // Palette to RGB, grey below 8 bits to 8, tRNS to an alpha channel; 16 bits rounded to 8.
  png_set_expand(png);
  png_set_scale_16(png);
  png_read_update_info(png, info);
  int channels = png_get_channels(png, info);
  if (png_get_bit_depth(png, info) != 8 || channels < 1 || channels > 4) {
    keep_message(reader->message, "unexpected pixel format after conversion");
    return 1;
  }
  reader->row = malloc(png_get_rowbytes(png, info));
  if (!reader->row) {
    keep_message(reader->message, "out of memory for one row");
    return 1;
  }
  if (png_get_interlace_type(png, info) != PNG_INTERLACE_ADAM7) {
    for (png_uint_32 y = 0; y < height; y++) {
      png_read_row(png, reader->row, NULL);
      to_grey(reader->row, channels, width, pixels + (size_t)y * width, 1);
    }
  } else {
    // Without png_set_interlace_handling libpng hands over each pass's own rows; placing them
    // here needs no full-size buffer in libpng's format, only `pixels`. Empty passes are skipped,
    // as libpng skips them.
    for (int pass = 0; pass < 7; pass++) {
      png_uint_32 columns = PNG_PASS_COLS(width, pass);
      png_uint_32 rows = PNG_PASS_ROWS(height, pass);
      if (columns == 0 || rows == 0) continue;
      for (png_uint_32 row = 0; row < rows; row++) {
        png_read_row(png, reader->row, NULL);
        size_t y = PNG_PASS_START_ROW(pass) + (size_t)row * PNG_PASS_ROW_OFFSET(pass);
        to_grey(reader->row, channels, columns, pixels + y * width + PNG_PASS_START_COL(pass),
                PNG_PASS_COL_OFFSET(pass));
      }
    }
  }
  png_read_end(png, NULL);
  return 0;
}

const char *CSlipPNG_reader_message(const CSlipPNGReader *reader) { return reader->message; }

void CSlipPNG_reader_destroy(CSlipPNGReader *reader) {
  if (!reader) return;
  if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
  free(reader->row);
  free(reader);
}

// MARK: Writing

static void write_bytes(png_structp png, png_bytep data, size_t length) {
  CSlipPNGWriter *writer = png_get_io_ptr(png);
  if (length > writer->capacity - writer->count) {
    size_t capacity = writer->capacity ? writer->capacity : 4096;
    while (capacity - writer->count < length) {
      if (capacity > SIZE_MAX / 2) png_error(png, "the PNG is too large");
      capacity *= 2;
    }
    uint8_t *grown = realloc(writer->bytes, capacity);
    if (!grown) png_error(png, "out of memory for the PNG");
    writer->bytes = grown;
    writer->capacity = capacity;
  }
  memcpy(writer->bytes + writer->count, data, length);
  writer->count += length;
}

static void flush_bytes(png_structp png) { (void)png; }

CSlipPNGWriter *CSlipPNG_writer_create(void) {
  CSlipPNGWriter *writer = calloc(1, sizeof *writer);
  if (!writer) return NULL;
  writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer->message, on_error, on_warning);
  if (writer->png) writer->info = png_create_info_struct(writer->png);
  if (!writer->png || !writer->info) {
    CSlipPNG_writer_destroy(writer);
    return NULL;
  }
  png_set_write_fn(writer->png, writer, write_bytes, flush_bytes);
  return writer;
}

int CSlipPNG_writer_encode(CSlipPNGWriter *writer, const uint8_t *rows, uint32_t width, uint32_t height,
                           size_t stride, int32_t bitDepth, int32_t invertMono, uint32_t pixelsPerMetre,
                           int32_t compressionLevel) {
  png_structp png = writer->png;
  png_infop info = writer->info;
  if (setjmp(png_jmpbuf(png))) return 1;
  png_set_compression_level(png, compressionLevel);
  png_set_IHDR(png, info, width, height, bitDepth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (pixelsPerMetre > 0) png_set_pHYs(png, info, pixelsPerMetre, pixelsPerMetre, PNG_RESOLUTION_METER);
  png_write_info(png, info);
  if (invertMono) png_set_invert_mono(png);
  for (uint32_t y = 0; y < height; y++) png_write_row(png, rows + (size_t)y * stride);
  png_write_end(png, info);
  return 0;
}

const uint8_t *CSlipPNG_writer_bytes(const CSlipPNGWriter *writer, size_t *count) {
  *count = writer->count;
  return writer->bytes;
}

const char *CSlipPNG_writer_message(const CSlipPNGWriter *writer) { return writer->message; }

void CSlipPNG_writer_destroy(CSlipPNGWriter *writer) {
  if (!writer) return;
  if (writer->png) png_destroy_write_struct(&writer->png, writer->info ? &writer->info : NULL);
  free(writer->bytes);
  free(writer);
}
