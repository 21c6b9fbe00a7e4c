#ifndef ALBUMSCAN_CCURL_SHIM_H
#define ALBUMSCAN_CCURL_SHIM_H
#include <curl/curl.h>
#include <stddef.h>

// libcurl is opened on the first request, not at start: linked, it maps its own libraries (TLS, Kerberos, LDAP,
// HTTP/2, about forty) into every run, about 6.5 MB resident that `history`, `show` and `account` never use. Swift
// calls these albumscan_curl_* functions instead of libcurl's own names; each looks its function up in the library.
// libcurl's function `name` (NULL when the library cannot be opened), opening the library on the first call.
void *albumscan_curl_symbol(const char *name);
// Why the library could not be opened; NULL once it is.
const char *albumscan_curl_load_error(void);

// The library's own function `name`, typed as declared in curl.h; NULL when the library could not be opened.
#define ALBUMSCAN_CURL(name) ((__typeof__(&name))albumscan_curl_symbol(#name))

static inline CURLcode albumscan_curl_global_init(long flags) {
    __typeof__(&curl_global_init) f = ALBUMSCAN_CURL(curl_global_init);
    return f ? f(flags) : CURLE_FAILED_INIT;
}
static inline CURL *albumscan_curl_easy_init(void) {
    __typeof__(&curl_easy_init) f = ALBUMSCAN_CURL(curl_easy_init);
    return f ? f() : NULL;
}
static inline void albumscan_curl_easy_cleanup(CURL *h) {
    __typeof__(&curl_easy_cleanup) f = ALBUMSCAN_CURL(curl_easy_cleanup);
    if (f && h) f(h);
}
static inline void albumscan_curl_easy_reset(CURL *h) {
    __typeof__(&curl_easy_reset) f = ALBUMSCAN_CURL(curl_easy_reset);
    if (f) f(h);
}
static inline const char *albumscan_curl_easy_strerror(CURLcode code) {
    __typeof__(&curl_easy_strerror) f = ALBUMSCAN_CURL(curl_easy_strerror);
    return f ? f(code) : "libcurl is not loaded";
}
static inline struct curl_slist *albumscan_curl_slist_append(struct curl_slist *list, const char *text) {
    __typeof__(&curl_slist_append) f = ALBUMSCAN_CURL(curl_slist_append);
    return f ? f(list, text) : NULL;
}
static inline void albumscan_curl_slist_free_all(struct curl_slist *list) {
    __typeof__(&curl_slist_free_all) f = ALBUMSCAN_CURL(curl_slist_free_all);
    if (f) f(list);
}
static inline CURLM *albumscan_curl_multi_init(void) {
    __typeof__(&curl_multi_init) f = ALBUMSCAN_CURL(curl_multi_init);
    return f ? f() : NULL;
}
static inline CURLMcode albumscan_curl_multi_cleanup(CURLM *m) {
    __typeof__(&curl_multi_cleanup) f = ALBUMSCAN_CURL(curl_multi_cleanup);
    return f ? f(m) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode albumscan_curl_multi_add_handle(CURLM *m, CURL *h) {
    __typeof__(&curl_multi_add_handle) f = ALBUMSCAN_CURL(curl_multi_add_handle);
    return f ? f(m, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode albumscan_curl_multi_remove_handle(CURLM *m, CURL *h) {
    __typeof__(&curl_multi_remove_handle) f = ALBUMSCAN_CURL(curl_multi_remove_handle);
    return f ? f(m, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode albumscan_curl_multi_perform(CURLM *m, int *running) {
    __typeof__(&curl_multi_perform) f = ALBUMSCAN_CURL(curl_multi_perform);
    return f ? f(m, running) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode albumscan_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int n, int ms, int *ret) {
    __typeof__(&curl_multi_poll) f = ALBUMSCAN_CURL(curl_multi_poll);
    return f ? f(m, fds, n, ms, ret) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode albumscan_curl_multi_wakeup(CURLM *m) {
    __typeof__(&curl_multi_wakeup) f = ALBUMSCAN_CURL(curl_multi_wakeup);
    return f ? f(m) : CURLM_INTERNAL_ERROR;
}
static inline CURLMsg *albumscan_curl_multi_info_read(CURLM *m, int *left) {
    __typeof__(&curl_multi_info_read) f = ALBUMSCAN_CURL(curl_multi_info_read);
    return f ? f(m, left) : NULL;
}

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call: one typed wrapper
// per argument kind.
typedef __typeof__(&curl_easy_setopt) albumscan_curl_setopt_fn;
static inline albumscan_curl_setopt_fn albumscan_curl_setopt(void) { return ALBUMSCAN_CURL(curl_easy_setopt); }
static inline CURLcode albumscan_curl_set_long(CURL *h, CURLoption o, long v) {
    albumscan_curl_setopt_fn f = albumscan_curl_setopt();
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode albumscan_curl_set_string(CURL *h, CURLoption o, const char *v) {
    albumscan_curl_setopt_fn f = albumscan_curl_setopt();
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode albumscan_curl_set_pointer(CURL *h, CURLoption o, void *v) {
    albumscan_curl_setopt_fn f = albumscan_curl_setopt();
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode albumscan_curl_set_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    albumscan_curl_setopt_fn f = albumscan_curl_setopt();
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode albumscan_curl_set_offset(CURL *h, CURLoption o, curl_off_t v) {
    albumscan_curl_setopt_fn f = albumscan_curl_setopt();
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}

typedef size_t (*albumscan_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode albumscan_curl_set_write(CURL *h, albumscan_curl_data_cb cb, void *ud) {
    CURLcode c = albumscan_curl_set_pointer(h, CURLOPT_WRITEFUNCTION, (void *)cb);
    return c != CURLE_OK ? c : albumscan_curl_set_pointer(h, CURLOPT_WRITEDATA, ud);
}
static inline CURLcode albumscan_curl_set_header_cb(CURL *h, albumscan_curl_data_cb cb, void *ud) {
    CURLcode c = albumscan_curl_set_pointer(h, CURLOPT_HEADERFUNCTION, (void *)cb);
    return c != CURLE_OK ? c : albumscan_curl_set_pointer(h, CURLOPT_HEADERDATA, ud);
}
static inline long albumscan_curl_status(CURL *h) {
    __typeof__(&curl_easy_getinfo) f = ALBUMSCAN_CURL(curl_easy_getinfo);
    long s = 0;
    if (f) f(h, CURLINFO_RESPONSE_CODE, &s);
    return s;
}
static inline CURLMcode albumscan_curl_multi_set_long(CURLM *m, CURLMoption o, long v) {
    __typeof__(&curl_multi_setopt) f = ALBUMSCAN_CURL(curl_multi_setopt);
    return f ? f(m, o, v) : CURLM_INTERNAL_ERROR;
}
// CURLMsg keeps the transfer's result in a union, which Swift reads awkwardly.
static inline int albumscan_curl_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }
static inline CURLcode albumscan_curl_msg_result(const CURLMsg *m) { return m->data.result; }
#endif
