#ifndef ALBUMSCAN_CHEIF_SHIM_H
#define ALBUMSCAN_CHEIF_SHIM_H
// libheif: the HEIF container (iPhone HEIC), its irot/imir/clap transforms, and HEVC through libde265.
#include <libheif/heif.h>
#endif
