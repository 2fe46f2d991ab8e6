// zlib (Debian's zlib1g-dev) for SlipZPL: `compress2` makes the deflate stream of ZPL's Z64
// graphics and `uncompress` reads it back for listings. Both are plain functions that import
// as they are, so this shim only includes the header.
#include <zlib.h>
