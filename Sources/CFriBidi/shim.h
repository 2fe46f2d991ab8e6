// GNU FriBidi (Debian's libfribidi-dev) for the raster engine's bidirectional order (UAX #9).
// Only the C file of CSlipShape includes it: FriBidi's paragraph directions and level helpers
// are macros (FRIBIDI_PAR_ON, FRIBIDI_LEVEL_IS_RTL) that Swift cannot import.
#include <fribidi.h>
