// The one file that touches zxing-cpp: a C entry point, so no C++ type or exception reaches Swift.
#include "CZXing.h"

// Opt in to the std::string text API (1.4 prints a transition warning otherwise).
#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include <cstring>
#include <string>

extern "C" int albumscan_read_retail_barcodes(
    const uint8_t *pixels, int width, int height, int try_rotate, char *out, int capacity)
{
    if (capacity <= 0 || out == nullptr) return -1;
    out[0] = '\0';
    try {
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormat::EAN13 | ZXing::BarcodeFormat::UPCA | ZXing::BarcodeFormat::EAN8);
        hints.setTryHarder(true);
        hints.setTryRotate(try_rotate != 0);
        hints.setMaxNumberOfSymbols(4);
        ZXing::ImageView image(pixels, width, height, ZXing::ImageFormat::Lum);
        std::string text;
        int count = 0;
        for (const auto &result : ZXing::ReadBarcodes(image, hints)) {
            if (!result.isValid()) continue;
            std::string digits = result.text();
            if (text.size() + digits.size() + 2 > static_cast<size_t>(capacity)) break;
            text += digits;
            text += '\n';
            count += 1;
        }
        std::memcpy(out, text.c_str(), text.size() + 1);
        return count;
    } catch (...) {
        return -1;
    }
}
