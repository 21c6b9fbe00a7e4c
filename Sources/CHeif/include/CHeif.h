#ifndef ALBUMSCAN_CHEIF_SHIM_H
#define ALBUMSCAN_CHEIF_SHIM_H
// libheif: the HEIF container (iPhone HEIC), its irot/imir/clap transforms, and HEVC through libde265.
#include <libheif/heif.h>
#include <stddef.h>

// libheif is opened on the first HEIC photo, not at start: linked, it maps its codecs (libde265, x265, aom, dav1d)
// into every run, about 5 MB resident that JPEG scans and `history` never use. Swift calls these albumscan_heif_*
// functions instead of libheif's own names; each looks its function up in the library.
// libheif's function `name` (NULL when the library cannot be opened), opening the library on the first call.
void *albumscan_heif_symbol(const char *name);
// Why the library could not be opened; NULL once it is.
const char *albumscan_heif_load_error(void);

// The library's own function `name`, typed as declared in heif.h; NULL when the library could not be opened.
#define ALBUMSCAN_HEIF(name) ((__typeof__(&name))albumscan_heif_symbol(#name))

static inline struct heif_error albumscan_heif_unavailable(void) {
    struct heif_error error = {heif_error_Unsupported_feature, heif_suberror_Unspecified, "libheif is not loaded"};
    return error;
}

static inline struct heif_context *albumscan_heif_context_alloc(void) {
    __typeof__(&heif_context_alloc) f = ALBUMSCAN_HEIF(heif_context_alloc);
    return f ? f() : NULL;
}
static inline void albumscan_heif_context_free(struct heif_context *context) {
    __typeof__(&heif_context_free) f = ALBUMSCAN_HEIF(heif_context_free);
    if (f) f(context);
}
static inline void albumscan_heif_context_set_max_decoding_threads(struct heif_context *context, int threads) {
    __typeof__(&heif_context_set_max_decoding_threads) f = ALBUMSCAN_HEIF(heif_context_set_max_decoding_threads);
    if (f) f(context, threads);
}
static inline void albumscan_heif_context_set_maximum_image_size_limit(struct heif_context *context, int limit) {
    __typeof__(&heif_context_set_maximum_image_size_limit) f = ALBUMSCAN_HEIF(heif_context_set_maximum_image_size_limit);
    if (f) f(context, limit);
}
static inline struct heif_error albumscan_heif_context_read_from_memory_without_copy(
    struct heif_context *context, const void *bytes, size_t size, const struct heif_reading_options *options) {
    __typeof__(&heif_context_read_from_memory_without_copy) f = ALBUMSCAN_HEIF(heif_context_read_from_memory_without_copy);
    return f ? f(context, bytes, size, options) : albumscan_heif_unavailable();
}
static inline struct heif_error albumscan_heif_context_get_primary_image_handle(
    struct heif_context *context, struct heif_image_handle **handle) {
    __typeof__(&heif_context_get_primary_image_handle) f = ALBUMSCAN_HEIF(heif_context_get_primary_image_handle);
    return f ? f(context, handle) : albumscan_heif_unavailable();
}
static inline void albumscan_heif_image_handle_release(const struct heif_image_handle *handle) {
    __typeof__(&heif_image_handle_release) f = ALBUMSCAN_HEIF(heif_image_handle_release);
    if (f) f(handle);
}
static inline int albumscan_heif_image_handle_get_width(const struct heif_image_handle *handle) {
    __typeof__(&heif_image_handle_get_width) f = ALBUMSCAN_HEIF(heif_image_handle_get_width);
    return f ? f(handle) : 0;
}
static inline int albumscan_heif_image_handle_get_height(const struct heif_image_handle *handle) {
    __typeof__(&heif_image_handle_get_height) f = ALBUMSCAN_HEIF(heif_image_handle_get_height);
    return f ? f(handle) : 0;
}
static inline int albumscan_heif_image_handle_get_ispe_width(const struct heif_image_handle *handle) {
    __typeof__(&heif_image_handle_get_ispe_width) f = ALBUMSCAN_HEIF(heif_image_handle_get_ispe_width);
    return f ? f(handle) : 0;
}
static inline int albumscan_heif_image_handle_get_ispe_height(const struct heif_image_handle *handle) {
    __typeof__(&heif_image_handle_get_ispe_height) f = ALBUMSCAN_HEIF(heif_image_handle_get_ispe_height);
    return f ? f(handle) : 0;
}
static inline struct heif_decoding_options *albumscan_heif_decoding_options_alloc(void) {
    __typeof__(&heif_decoding_options_alloc) f = ALBUMSCAN_HEIF(heif_decoding_options_alloc);
    return f ? f() : NULL;
}
static inline void albumscan_heif_decoding_options_free(struct heif_decoding_options *options) {
    __typeof__(&heif_decoding_options_free) f = ALBUMSCAN_HEIF(heif_decoding_options_free);
    if (f) f(options);
}
static inline struct heif_error albumscan_heif_decode_image(
    const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
    enum heif_chroma chroma, const struct heif_decoding_options *options) {
    __typeof__(&heif_decode_image) f = ALBUMSCAN_HEIF(heif_decode_image);
    return f ? f(handle, image, colorspace, chroma, options) : albumscan_heif_unavailable();
}
static inline void albumscan_heif_image_release(const struct heif_image *image) {
    __typeof__(&heif_image_release) f = ALBUMSCAN_HEIF(heif_image_release);
    if (f) f(image);
}
static inline int albumscan_heif_image_get_primary_width(const struct heif_image *image) {
    __typeof__(&heif_image_get_primary_width) f = ALBUMSCAN_HEIF(heif_image_get_primary_width);
    return f ? f(image) : 0;
}
static inline int albumscan_heif_image_get_primary_height(const struct heif_image *image) {
    __typeof__(&heif_image_get_primary_height) f = ALBUMSCAN_HEIF(heif_image_get_primary_height);
    return f ? f(image) : 0;
}
static inline const uint8_t *albumscan_heif_image_get_plane_readonly(
    const struct heif_image *image, enum heif_channel channel, int *stride) {
    __typeof__(&heif_image_get_plane_readonly) f = ALBUMSCAN_HEIF(heif_image_get_plane_readonly);
    return f ? f(image, channel, stride) : NULL;
}
#endif
