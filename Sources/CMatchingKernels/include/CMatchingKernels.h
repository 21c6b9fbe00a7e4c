#ifndef ALBUMSCAN_CMATCHING_KERNELS_H
#define ALBUMSCAN_CMATCHING_KERNELS_H
#include <vl/imopv.h>
#include <vl/sift.h>
#include <stdint.h>

/// libvl's own column convolution, which `convolution.c` stands in for, for tests that compare the two.
/// NULL when it cannot be found.
typedef __typeof__(vl_imconvcol_vf) albumscan_vl_imconvcol_vf_t;
albumscan_vl_imconvcol_vf_t *albumscan_library_imconvcol_vf(void);

/// `vl_sift_calc_keypoint_descriptor`, bit for bit, visiting only the pixels that reach the descriptor's bins
/// (descriptor.c). Call it after `vl_sift_calc_keypoint_orientations` has brought the octave's gradients up to date;
/// otherwise it hands the keypoint to the library.
void albumscan_sift_descriptor(VlSiftFilt *f, float *descriptor, VlSiftKeypoint const *k, double angle0);

/// For each of `photo_count` photo descriptors (128 floats each, whole numbers 0...255), the index of the nearest of
/// `cover_count` cover descriptors and the squared distances to the nearest and the second nearest (infinity when
/// there is none); `nearest` is -1 when there are no cover descriptors. Exact: see nearest.c.
void albumscan_nearest_two(float const *photo, long photo_count, float const *cover, long cover_count,
                           int32_t *nearest, float *first, float *second);

/// For each of `covers` stored layouts (48 floats each, end to end in `library`), the smallest mean absolute
/// difference from any of `placement_count` photo layouts (likewise end to end in `placements`). See layout.c.
void albumscan_layout_distances(float const *placements, long placement_count, float const *library, long covers,
                                float *distances);

#endif
