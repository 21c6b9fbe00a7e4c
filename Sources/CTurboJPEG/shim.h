#ifndef ALBUMSCAN_CTURBOJPEG_SHIM_H
#define ALBUMSCAN_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
