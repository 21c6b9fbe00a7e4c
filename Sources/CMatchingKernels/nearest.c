// The two nearest cover descriptors of each photo descriptor, for the ratio test of `FeatureMatcher`: the matcher's
// inner loop (a photo's ~500 features against a cover's ~600, 128 dimensions each, for every comparison).
//
// Descriptors hold whole numbers up to 255, so every product, sum and distance here is a whole number below 2^24
// and exact in a float whatever the order of the sums: the results are the Swift loop's it replaced, bit for bit.
// Four cover descriptors are taken per pass, so each photo lane loaded serves four products and the four sums run
// side by side; built twice, and the loader picks the AVX2 build (eight floats a step) where the processor has it.
#include "CMatchingKernels.h"
#include "lanes.h"
#include <stdlib.h>

enum { length = 128, steps = length / 8 };

static inline float dot(float const *a, float const *b) {
    lanes sum = {0};
    for (int k = 0; k < steps; k++) sum += *(lanes const *)(a + 8 * k) * *(lanes const *)(b + 8 * k);
    return lane_sum(&sum);
}

__attribute__((target_clones("avx2", "default")))
void albumscan_nearest_two(float const *photo, long photo_count, float const *cover, long cover_count,
                           int32_t *nearest, float *first, float *second) {
    float *norms = malloc(sizeof(float) * (cover_count > 0 ? cover_count : 1));
    if (norms == NULL) abort();
    for (long j = 0; j < cover_count; j++) norms[j] = dot(cover + j * length, cover + j * length);
    for (long i = 0; i < photo_count; i++) {
        float const *p = photo + i * length;
        float const norm = dot(p, p);
        int32_t best = -1;
        float best_distance = __builtin_inff(), runner_up = __builtin_inff();
        float distances[4];
        for (long j = 0; j < cover_count; j += 4) {
            long n = cover_count - j < 4 ? cover_count - j : 4;
            if (n == 4) {
                float const *c = cover + j * length;
                lanes s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
                for (int k = 0; k < steps; k++) {
                    lanes v = *(lanes const *)(p + 8 * k);
                    s0 += v * *(lanes const *)(c + 8 * k);
                    s1 += v * *(lanes const *)(c + length + 8 * k);
                    s2 += v * *(lanes const *)(c + 2 * length + 8 * k);
                    s3 += v * *(lanes const *)(c + 3 * length + 8 * k);
                }
                distances[0] = norm + norms[j] - 2 * lane_sum(&s0);
                distances[1] = norm + norms[j + 1] - 2 * lane_sum(&s1);
                distances[2] = norm + norms[j + 2] - 2 * lane_sum(&s2);
                distances[3] = norm + norms[j + 3] - 2 * lane_sum(&s3);
            } else {
                for (long t = 0; t < n; t++) distances[t] = norm + norms[j + t] - 2 * dot(p, cover + (j + t) * length);
            }
            for (long t = 0; t < n; t++) {
                float d = distances[t];
                if (d < best_distance) {
                    runner_up = best_distance;
                    best_distance = d;
                    best = (int32_t)(j + t);
                } else if (d < runner_up) {
                    runner_up = d;
                }
            }
        }
        nearest[i] = best;
        first[i] = best_distance;
        second[i] = runner_up;
    }
    free(norms);
}
