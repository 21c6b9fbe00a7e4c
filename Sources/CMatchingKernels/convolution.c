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

/// One call's arguments, and the output rows (counted in steps) a part computes.
struct convolution {
    float *dst;
    vl_size dst_stride;
    float const *src;
    vl_size width;
    vl_index height;
    vl_size src_stride;
    float const *filt;
    vl_index filt_begin, filt_end;
    int step, transpose, zero_pad;
    vl_size rows_out;
};

static void convolve_rows(struct convolution const *c, vl_size first_out, vl_size end_out) {
    float *acc = malloc(c->width * sizeof(float) + 1);
    float *zeros = calloc(c->width + 1, sizeof(float));
    if (acc == NULL || zeros == NULL) abort();
    for (vl_size row_out = first_out; row_out < end_out; row_out++) {
        vl_index y = (vl_index)row_out * c->step;
        memset(acc, 0, c->width * sizeof(float));
        for (vl_index k = c->filt_end; k >= c->filt_begin; k--) {
            vl_index p = y - k;
            float const *row;
            if (p < 0) {
                row = c->zero_pad ? zeros : c->src;
            } else if (p >= c->height) {
                row = c->zero_pad ? zeros : c->src + (vl_size)(c->height - 1) * c->src_stride;
            } else {
                row = c->src + (vl_size)p * c->src_stride;
            }
            accumulate_tap(acc, row, c->filt[k - c->filt_begin], c->width);
        }
        if (c->transpose) {
            for (vl_size x = 0; x < c->width; x++) c->dst[x * c->dst_stride + row_out] = acc[x];
        } else {
            memcpy(c->dst + row_out * c->dst_stride, acc, c->width * sizeof(float));
        }
    }
    free(zeros);
    free(acc);
}

// libdispatch's apply, which Swift's `DispatchQueue.concurrentPerform` calls too (the executable links it); a null
// queue is the default global one. Declared here rather than through <dispatch/dispatch.h>, which the C targets' include
// path does not have.
typedef struct dispatch_queue_s *albumscan_dispatch_queue_t;
extern void dispatch_apply_f(size_t iterations, albumscan_dispatch_queue_t queue, void *context,
                             void (*work)(void *context, size_t iteration));

static void convolve_half(void *context, size_t half) {
    struct convolution const *c = context;
    vl_size middle = c->rows_out / 2;
    if (half == 0) convolve_rows(c, 0, middle);
    else convolve_rows(c, middle, c->rows_out);
}

/// Planes at least this large are convolved in two halves at once (each output row is independent, so the result is
/// the same); below it, handing half to another thread costs about what it saves.
static vl_size const two_part_pixels = 64 * 1024;

void vl_imconvcol_vf(float *dst, vl_size dst_stride, float const *src, vl_size src_width, vl_size src_height,
                     vl_size src_stride, float const *filt, vl_index filt_begin, vl_index filt_end, int step,
                     unsigned int flags) {
    struct convolution c = {
        .dst = dst, .dst_stride = dst_stride, .src = src, .width = src_width, .height = (vl_index)src_height,
        .src_stride = src_stride, .filt = filt, .filt_begin = filt_begin, .filt_end = filt_end, .step = step,
        .transpose = (flags & VL_TRANSPOSE) != 0, .zero_pad = (flags & VL_PAD_MASK) == VL_PAD_BY_ZERO,
        .rows_out = (src_height + (vl_size)step - 1) / (vl_size)step,
    };
    if (src_width * src_height >= two_part_pixels && c.rows_out >= 2) {
        // The calling thread computes one half; with no worker free, it computes both (slower, never stuck).
        dispatch_apply_f(2, NULL, &c, convolve_half);
    } else {
        convolve_rows(&c, 0, c.rows_out);
    }
}

albumscan_vl_imconvcol_vf_t *albumscan_library_imconvcol_vf(void) {
    return (albumscan_vl_imconvcol_vf_t *)dlsym(RTLD_NEXT, "vl_imconvcol_vf");
}
