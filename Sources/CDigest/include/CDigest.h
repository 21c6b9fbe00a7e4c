#ifndef ALBUMSCAN_CDIGEST_H
#define ALBUMSCAN_CDIGEST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// SHA-256 of `length` bytes at `data` into `out` (32 bytes). Returns 0, or -1 when OpenSSL failed.
int albumscan_sha256(const void *data, size_t length, uint8_t out[32]);

/// HMAC-SHA256 of `length` bytes at `data` under `key` into `out` (32 bytes). Returns 0, or -1 when OpenSSL failed.
int albumscan_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, uint8_t out[32]);

#ifdef __cplusplus
}
#endif

#endif
