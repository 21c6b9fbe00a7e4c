#ifndef ALBUMSCAN_CZXING_H
#define ALBUMSCAN_CZXING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads the EAN-13, UPC-A and EAN-8 symbols in an 8-bit grey image (rows top to bottom, no padding).
/// Writes each symbol's digits followed by '\n' into `out` (NUL-terminated, at most `capacity` bytes) and returns
/// how many symbols were written; -1 when the library failed. Every row band is scanned (zxing's "try harder":
/// without it only the middle rows are, and a sleeve's barcode sits near an edge); `try_rotate` also scans
/// columns, for a symbol on its side.
int albumscan_read_retail_barcodes(
    const uint8_t *pixels, int width, int height, int try_rotate, char *out, int capacity);

/// Encodes `text` (UTF-8, NUL-terminated) as a QR code with no quiet zone at error-correction level `ecc_level`
/// (0-8, zxing's scale: 2 is M). Writes one byte per module, 1 for dark, rows top to bottom, into `out` and returns
/// the symbol's side in modules; -1 when it does not fit in `capacity` bytes or the library failed.
int albumscan_qr_modules(const char *text, int ecc_level, uint8_t *out, int capacity);

#ifdef __cplusplus
}
#endif

#endif
