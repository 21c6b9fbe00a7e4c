#ifndef ALBUMSCAN_CVLFEAT_SHIM_H
#define ALBUMSCAN_CVLFEAT_SHIM_H
#include <vl/generic.h>
#include <vl/sift.h>
#include <vl/kmeans.h>
#include <vl/random.h>
#endif
