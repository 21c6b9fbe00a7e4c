#include "CCurl.h"
#include <dlfcn.h>
#include <pthread.h>

static void *albumscan_curl_library;
static const char *albumscan_curl_error;
static pthread_once_t albumscan_curl_once = PTHREAD_ONCE_INIT;

static void albumscan_curl_open(void) {
    albumscan_curl_library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!albumscan_curl_library) albumscan_curl_error = dlerror();
}

void *albumscan_curl_symbol(const char *name) {
    pthread_once(&albumscan_curl_once, albumscan_curl_open);
    return albumscan_curl_library ? dlsym(albumscan_curl_library, name) : NULL;
}

const char *albumscan_curl_load_error(void) {
    pthread_once(&albumscan_curl_once, albumscan_curl_open);
    return albumscan_curl_library ? NULL : (albumscan_curl_error ? albumscan_curl_error : "libcurl.so.4 not found");
}

