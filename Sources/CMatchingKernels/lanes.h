// Eight floats as one GCC/Clang vector (an AVX register in the AVX2 builds, two SSE registers otherwise), loadable
// from any float address, for the kernels built with `target_clones`.
#ifndef ALBUMSCAN_CMATCHING_LANES_H
#define ALBUMSCAN_CMATCHING_LANES_H

typedef float lanes __attribute__((vector_size(32), aligned(4)));

// The sum of the eight lanes, pairwise. Taken by address: a vector passed by value would change the calling
// convention between the two builds.
static inline float lane_sum(lanes const *v) {
    return (((*v)[0] + (*v)[1]) + ((*v)[2] + (*v)[3])) + (((*v)[4] + (*v)[5]) + ((*v)[6] + (*v)[7]));
}

#endif
