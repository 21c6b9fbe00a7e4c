#ifndef ALBUMSCAN_CPNG_SHIM_H
#define ALBUMSCAN_CPNG_SHIM_H
// libpng's simplified read API (png_image_*): it catches libpng's longjmp errors itself, so no setjmp
// crosses Swift frames, and it converts every PNG kind (palette, grey, 16-bit, alpha, interlaced) to RGB.
#include <png.h>
#endif
