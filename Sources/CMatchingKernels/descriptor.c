// VLFeat's keypoint descriptor, computed only where it can land. After the column convolution (convolution.c), the
// descriptor was most of a photo's SIFT time: libvl's `vl_sift_calc_keypoint_descriptor` visits every pixel of a
// square wide enough for the patch at any angle, sqrt(2) times the patch's side, so about half the pixels it reads
// fall outside the rotated 4 x 4 grid of bins (plus the half bin its interpolation spreads into) and add nothing.
//
// This function visits, row by row, only the span of pixels that can reach a bin (found from the rotated grid's
// bounds, a pixel wider on each side), and for each pixel does the library's arithmetic with the library's types,
// in the library's order: the same pixels add the same weights to the same bins in the same sequence, so the
// descriptor is bit for bit libvl's. A test compares the two on every keypoint of real photos.
#include "CMatchingKernels.h"
#include <math.h>
#include <pthread.h>
#include <string.h>
#include <vl/mathop.h>

enum { spatial_bins = 4, angle_bins = 8, descriptor_length = spatial_bins * spatial_bins * angle_bins };

// exp(-x) by linear interpolation in a table of 257 samples over [0, 25], as libvl's descriptor weighs its window.
// Filled once, by whichever descriptor thread comes first.
static double window_table[257];
static pthread_once_t window_table_once = PTHREAD_ONCE_INIT;

static double window_weight(double x) {
    if (x > 25.0) return 0.0;
    x *= 256 / 25.0;
    long i = vl_floor_d(x);
    double r = x - i;
    return window_table[i] + r * (window_table[i + 1] - window_table[i]);
}

static void fill_window_table(void) {
    for (int k = 0; k <= 256; k++) window_table[k] = exp(-(double)k * (25.0 / 256));
}

// Divides the histogram by its L2 norm (plus float epsilon), as libvl normalises.
static void normalise(float *histogram) {
    float sum = 0;
    for (int i = 0; i < descriptor_length; i++) sum += histogram[i] * histogram[i];
    float norm = vl_fast_sqrt_f(sum) + VL_EPSILON_F;
    for (int i = 0; i < descriptor_length; i++) histogram[i] /= norm;
}

// The columns `first...last` (offsets from the keypoint's pixel) of row `dy` that may lie within `reach` of the
// patch's centre along both rotated axes: the intersection of two strips, each |c * dx + s * dy| <= reach.
static void row_span(double ct, double st, double x0, double dy, double reach, int *first, int *last) {
    double lo = -INFINITY, hi = INFINITY;
    // Along the patch's x axis: |ct * (dx - x0) + st * dy| <= reach; along its y axis: |-st * (dx - x0) + ct * dy|.
    double coefficients[2] = {ct, -st}, offsets[2] = {st * dy, ct * dy};
    for (int axis = 0; axis < 2; axis++) {
        double c = coefficients[axis], o = offsets[axis];
        if (fabs(c) < 1e-9) {
            if (fabs(o) > reach) lo = INFINITY;
            continue;
        }
        double a = (-reach - o) / c + x0, b = (reach - o) / c + x0;
        if (a > b) { double t = a; a = b; b = t; }
        if (a > lo) lo = a;
        if (b < hi) hi = b;
    }
    if (lo > hi) {
        *first = 1;
        *last = 0;
        return;
    }
    *first = (int)floor(lo) - 1;
    *last = (int)ceil(hi) + 1;
}

void albumscan_sift_descriptor(VlSiftFilt *f, float *descriptor, VlSiftKeypoint const *k, double angle0) {
    // Anything but a described keypoint of the current octave with its gradients made: the library decides.
    if (f->grad_o != f->o_cur || f->norm_thresh != 0 || k->o != f->o_cur) {
        vl_sift_calc_keypoint_descriptor(f, descriptor, k, angle0);
        return;
    }
    double scale = pow(2.0, f->o_cur);
    int w = f->octave_width, h = f->octave_height;
    double x = k->x / scale, y = k->y / scale, sigma = k->sigma / scale;
    int xi = (int)(x + 0.5), yi = (int)(y + 0.5), si = k->is;
    if (xi < 0 || xi >= w || yi < 0 || yi >= h - 1 || si < f->s_min + 1 || si > f->s_max - 2) {
        vl_sift_calc_keypoint_descriptor(f, descriptor, k, angle0);
        return;
    }
    pthread_once(&window_table_once, fill_window_table);
    double const st0 = sin(angle0), ct0 = cos(angle0);
    double const bin_side = f->magnif * sigma + VL_EPSILON_D;
    int const half = (int)floor(sqrt(2.0) * bin_side * (spatial_bins + 1) / 2.0 + 0.5);
    float const window_sigma = (float)f->windowSize;
    double const window_denominator = 2.0 * window_sigma * window_sigma;
    // A pixel reaches a bin while its rotated offset is under 2.5 bin sides (two bins and the interpolated half).
    double const reach = (spatial_bins / 2 + 0.5) * bin_side;

    memset(descriptor, 0, sizeof(float) * descriptor_length);
    float const *gradients = f->grad + 2 * (xi + yi * w) + (si - f->s_min - 1) * 2 * w * h;
    float *centre = descriptor + (spatial_bins / 2) * angle_bins * spatial_bins + (spatial_bins / 2) * angle_bins;

    int const top = VL_MAX(-half, 1 - yi), bottom = VL_MIN(half, h - yi - 2);
    int const left = VL_MAX(-half, 1 - xi), right = VL_MIN(half, w - xi - 2);
    for (int dyi = top; dyi <= bottom; dyi++) {
        int first, last;
        row_span(ct0, st0, x - xi, yi + dyi - y, reach, &first, &last);
        first = VL_MAX(first, left);
        last = VL_MIN(last, right);
        for (int dxi = first; dxi <= last; dxi++) {
            float dx = xi + dxi - x;
            float dy = yi + dyi - y;
            float nx = (ct0 * dx + st0 * dy) / bin_side;
            float ny = (-st0 * dx + ct0 * dy) / bin_side;
            int binx = (int)vl_floor_f(nx - 0.5);
            int biny = (int)vl_floor_f(ny - 0.5);
            if (binx < -3 || binx > 1 || biny < -3 || biny > 1) continue;
            float const *at = gradients + 2 * dxi + 2 * w * dyi;
            float modulus = at[0];
            float theta = vl_mod_2pi_f(at[1] - angle0);
            float nt = angle_bins * theta / (2 * VL_PI);
            float weight_of_window = window_weight((nx * nx + ny * ny) / window_denominator);
            int bint = (int)vl_floor_f(nt);
            float rbinx = nx - (binx + 0.5);
            float rbiny = ny - (biny + 0.5);
            float rbint = nt - bint;
            for (int ox = 0; ox < 2; ox++) {
                for (int oy = 0; oy < 2; oy++) {
                    for (int ot = 0; ot < 2; ot++) {
                        int bx = binx + ox, by = biny + oy;
                        if (bx < -spatial_bins / 2 || bx >= spatial_bins / 2) continue;
                        if (by < -spatial_bins / 2 || by >= spatial_bins / 2) continue;
                        float weight = weight_of_window * modulus * vl_abs_f(1 - ox - rbinx)
                            * vl_abs_f(1 - oy - rbiny) * vl_abs_f(1 - ot - rbint);
                        centre[(bint + ot) % angle_bins + by * angle_bins * spatial_bins + bx * angle_bins] += weight;
                    }
                }
            }
        }
    }
    normalise(descriptor);
    for (int i = 0; i < descriptor_length; i++) {
        if (descriptor[i] > 0.2) descriptor[i] = 0.2;
    }
    normalise(descriptor);
}
