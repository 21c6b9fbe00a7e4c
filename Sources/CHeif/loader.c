#include "CHeif.h"
#include <dlfcn.h>
#include <pthread.h>

static void *albumscan_heif_library;
static const char *albumscan_heif_error;
static pthread_once_t albumscan_heif_once = PTHREAD_ONCE_INIT;

static void albumscan_heif_open(void) {
    albumscan_heif_library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!albumscan_heif_library) albumscan_heif_error = dlerror();
}

void *albumscan_heif_symbol(const char *name) {
    pthread_once(&albumscan_heif_once, albumscan_heif_open);
    return albumscan_heif_library ? dlsym(albumscan_heif_library, name) : NULL;
}

const char *albumscan_heif_load_error(void) {
    pthread_once(&albumscan_heif_once, albumscan_heif_open);
    return albumscan_heif_library ? NULL : (albumscan_heif_error ? albumscan_heif_error : "libheif.so.1 not found");
}

