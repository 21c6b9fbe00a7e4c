// Call 0's colour-layout prefilter over a whole library: for each stored cover, the smallest mean absolute
// difference between its 48 layout values and the photo's at any of its placements. 10,000 covers at 27 placements
// are 13 million differences; Swift's 16-wide vectors on the baseline x86-64 target split into four SSE2 steps each,
// with the absolute value as a compare and a blend, about 10 ms a scan. Eight floats a step on AVX2 (the loader
// picks that build where the processor has it), with the sign bit cleared for the absolute value.
#include "CMatchingKernels.h"
#include "lanes.h"

typedef int32_t masks __attribute__((vector_size(32), aligned(4)));

enum { layout_values = 48, layout_steps = layout_values / 8 };

__attribute__((target_clones("avx2", "default")))
void albumscan_layout_distances(float const *placements, long placement_count, float const *library, long covers,
                                float *distances) {
    masks const magnitude = {0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff,
                             0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff};
    for (long cover = 0; cover < covers; cover++) {
        float const *c = library + cover * layout_values;
        float best = __builtin_inff();
        for (long placement = 0; placement < placement_count; placement++) {
            float const *p = placements + placement * layout_values;
            lanes total = {0};
            for (int k = 0; k < layout_steps; k++) {
                lanes difference = *(lanes const *)(p + 8 * k) - *(lanes const *)(c + 8 * k);
                total += (lanes)((masks)difference & magnitude);
            }
            float mean = lane_sum(&total) / layout_values;
            if (mean < best) best = mean;
        }
        distances[cover] = best;
    }
}
