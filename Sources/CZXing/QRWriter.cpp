// zxing-cpp's QR writer behind a C entry point, for the pairing link `albumscan serve` draws in the terminal.
#include "CZXing.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>

#include <string>

extern "C" int albumscan_qr_modules(const char *text, int ecc_level, uint8_t *out, int capacity)
{
    if (text == nullptr || out == nullptr) return -1;
    try {
        ZXing::MultiFormatWriter writer(ZXing::BarcodeFormat::QRCode);
        writer.setMargin(0).setEccLevel(ecc_level);
        // Width and height 0: one pixel per module, the symbol's own size.
        ZXing::BitMatrix matrix = writer.encode(std::string(text), 0, 0);
        int side = matrix.width();
        if (side <= 0 || side != matrix.height() || side * side > capacity) return -1;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) out[y * side + x] = matrix.get(x, y) ? 1 : 0;
        return side;
    } catch (...) {
        return -1;
    }
}
