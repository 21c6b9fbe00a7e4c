// SHA-256 and HMAC-SHA256 from Debian's OpenSSL 3 (libcrypto), the only two primitives albumscan needs: this replaces
// swift-crypto, whose bundled BoringSSL was about half of a fresh build's steps.
#include "CDigest.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

int albumscan_sha256(const void *data, size_t length, uint8_t out[32])
{
    unsigned int size = 0;
    static const uint8_t empty = 0;
    if (EVP_Digest(data != NULL ? data : &empty, length, out, &size, EVP_sha256(), NULL) != 1 || size != 32) return -1;
    return 0;
}

int albumscan_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, uint8_t out[32])
{
    unsigned int size = 0;
    static const uint8_t empty = 0;
    if (key_length > 0x7fffffff) return -1;
    if (HMAC(EVP_sha256(), key != NULL ? key : &empty, (int)key_length, data != NULL ? data : &empty, length, out, &size) == NULL
        || size != 32)
        return -1;
    return 0;
}
