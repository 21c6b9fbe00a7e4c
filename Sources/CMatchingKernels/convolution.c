// VLFeat's SIFT spends most of its time smoothing its scale space with `vl_imconvcol_vf`. Debian's libvl is built
// without the SSE2 version of that function, so every tap of every pixel is a scalar multiply and add: about two
// thirds of the 37 ms a photo's features took. This file defines the same documented function; libvl calls it through
// its PLT, so the executable's definition is the one its SIFT runs (ELF symbol interposition, as with malloc).
//
// The sums are the library's, term for term and in the same order (taps from `filt_end` down to `filt_begin`, edge
// rows padded the same way, no fused multiply-add), so the features are bit for bit the ones libvl computes; a
// test compares the two on every padding, transposition and step. What changes is the loop order: each output row
// is accumulated across a whole source row at once, which the compiler vectorises.
#define _GNU_SOURCE
#include "CMatchingKernels.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// One tap of one output row: `acc[x] += row[x] * c` across the row. Built twice, and the loader picks the AVX2
// build on processors that have it (eight floats a step instead of SSE2's four). Either way each sum is the same
// multiply then add in the same order (no FMA), so the results do not depend on the processor.
__attribute__((target_clones("avx2", "default")))
static void accumulate_tap(float *restrict acc, float const *restrict row, float c, vl_size width) {
    for (vl_size x = 0; x < width; x++) acc[x] += row[x] * c;
}

void vl_imconvcol_vf(float *dst, vl_size dst_stride, float const *src, vl_size src_width, vl_size src_height,
                     vl_size src_stride, float const *filt, vl_index filt_begin, vl_index filt_end, int step,
                     unsigned int flags) {
    int transpose = (flags & VL_TRANSPOSE) != 0;
    int zero_pad = (flags & VL_PAD_MASK) == VL_PAD_BY_ZERO;
    vl_index height = (vl_index)src_height;
    vl_size width = src_width;
    float *acc = malloc(width * sizeof(float) + 1);
    float *zeros = calloc(width + 1, sizeof(float));
    if (acc == NULL || zeros == NULL) abort();
    vl_size row_out = 0;
    for (vl_index y = 0; y < height; y += step, row_out++) {
        memset(acc, 0, width * sizeof(float));
        for (vl_index k = filt_end; k >= filt_begin; k--) {
            vl_index p = y - k;
            float const *row;
            if (p < 0) {
                row = zero_pad ? zeros : src;
            } else if (p >= height) {
                row = zero_pad ? zeros : src + (vl_size)(height - 1) * src_stride;
            } else {
                row = src + (vl_size)p * src_stride;
            }
            accumulate_tap(acc, row, filt[k - filt_begin], width);
        }
        if (transpose) {
            for (vl_size x = 0; x < width; x++) dst[x * dst_stride + row_out] = acc[x];
        } else {
            memcpy(dst + row_out * dst_stride, acc, width * sizeof(float));
        }
    }
    free(zeros);
    free(acc);
}

albumscan_vl_imconvcol_vf_t *albumscan_library_imconvcol_vf(void) {
    return (albumscan_vl_imconvcol_vf_t *)dlsym(RTLD_NEXT, "vl_imconvcol_vf");
}
