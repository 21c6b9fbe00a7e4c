#ifndef ALBUMSCAN_CCURL_SHIM_H
#define ALBUMSCAN_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per argument kind.
static inline CURLcode albumscan_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode albumscan_curl_set_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode albumscan_curl_set_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode albumscan_curl_set_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode albumscan_curl_set_offset(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*albumscan_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode albumscan_curl_set_write(CURL *h, albumscan_curl_data_cb cb, void *ud) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, cb);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_WRITEDATA, ud);
}
static inline CURLcode albumscan_curl_set_header_cb(CURL *h, albumscan_curl_data_cb cb, void *ud) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, cb);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_HEADERDATA, ud);
}
typedef int (*albumscan_curl_progress_cb)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode albumscan_curl_set_progress(CURL *h, albumscan_curl_progress_cb cb, void *ud) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, cb);
    if (c != CURLE_OK) return c;
    c = curl_easy_setopt(h, CURLOPT_XFERINFODATA, ud);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
}
static inline long albumscan_curl_status(CURL *h) { long s = 0; curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &s); return s; }

// curl_multi_setopt is variadic too.
static inline CURLMcode albumscan_curl_multi_set_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
// CURLMsg keeps the transfer's result in a union, which Swift reads awkwardly.
static inline int albumscan_curl_msg_is_done(const CURLMsg *m) { return m->msg == CURLMSG_DONE; }
static inline CURLcode albumscan_curl_msg_result(const CURLMsg *m) { return m->data.result; }
#endif
