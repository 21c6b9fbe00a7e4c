#ifndef ALBUMSCAN_CVLFEAT_CONVOLUTION_H
#define ALBUMSCAN_CVLFEAT_CONVOLUTION_H
#include <vl/imopv.h>

/// libvl's own column convolution, which `convolution.c` stands in for, for tests that compare the two.
/// NULL when it cannot be found.
typedef __typeof__(vl_imconvcol_vf) albumscan_vl_imconvcol_vf_t;
albumscan_vl_imconvcol_vf_t *albumscan_library_imconvcol_vf(void);

#endif
