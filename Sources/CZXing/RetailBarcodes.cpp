// The one file that touches zxing-cpp's reader: a C entry point, so no C++ type or exception reaches Swift.
#include "CZXing.h"

// Opt in to the std::string text API (1.4 prints a transition warning otherwise).
#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

// Why one symbol a call: Debian 12's zxing-cpp 1.4.0 keeps an assertion in `Result::operator==` that a linear
// symbol was seen on one scan line (`lineCount() == 1`). `ReadBarcodes` de-duplicates what its downscaled layers
// and its rotated pass find with that operator, so any sleeve whose symbol is found twice (in the full image and
// a downscaled layer, say) aborts the process (SIGABRT). With `maxNumberOfSymbols(1)` each pass returns at most
// one result and the pyramid stops at the first layer that finds one, so `==` is never reached. A second symbol
// is then looked for by painting the first one white on a copy and reading again.
namespace {

constexpr int kMaxSymbols = 4;

// Paints the bounding box of `position`, widened by a margin, white in the grey image `pixels`.
void blank(std::vector<uint8_t> &pixels, int width, int height, const ZXing::Position &position)
{
    int left = width, right = 0, top = height, bottom = 0;
    for (const auto &point : position) {
        left = std::min(left, point.x);
        right = std::max(right, point.x);
        top = std::min(top, point.y);
        bottom = std::max(bottom, point.y);
    }
    // A 1D symbol's position may be a line (top == bottom): reach a tenth of the image around it.
    const int margin = std::max(8, std::max(width, height) / 10);
    left = std::max(0, left - margin);
    right = std::min(width - 1, right + margin);
    top = std::max(0, top - margin);
    bottom = std::min(height - 1, bottom + margin);
    for (int y = top; y <= bottom; ++y) std::memset(pixels.data() + static_cast<size_t>(y) * width + left, 255, right - left + 1);
}

}  // namespace

extern "C" int albumscan_read_retail_barcodes(
    const uint8_t *pixels, int width, int height, int try_rotate, char *out, int capacity)
{
    if (capacity <= 0 || out == nullptr) return -1;
    out[0] = '\0';
    if (pixels == nullptr || width <= 0 || height <= 0) return 0;
    try {
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormat::EAN13 | ZXing::BarcodeFormat::UPCA | ZXing::BarcodeFormat::EAN8);
        hints.setTryHarder(true);
        hints.setTryRotate(try_rotate != 0);
        hints.setMaxNumberOfSymbols(1);
        // Three agreeing scan lines instead of two: `make fuzz-barcodes` misread 3 of 10,000 generated symbols instead
        // of 6 (other digits with a valid check digit, all blurred or one pixel a module), and read 53.5 % instead of
        // 53.9 %, every sharp and whole one still read.
        hints.setMinLineCount(3);
        std::vector<uint8_t> copy;  // made only when a first symbol was found and another may follow
        const uint8_t *image = pixels;
        std::vector<std::string> found;
        std::string text;
        for (int pass = 0; pass < kMaxSymbols; ++pass) {
            const ZXing::Result result = ZXing::ReadBarcode(ZXing::ImageView(image, width, height, ZXing::ImageFormat::Lum), hints);
            if (!result.isValid()) break;
            std::string digits = result.text();
            // Painting did not hide it (a symbol read through the margin): stop rather than loop.
            if (std::find(found.begin(), found.end(), digits) != found.end()) break;
            if (text.size() + digits.size() + 2 > static_cast<size_t>(capacity)) break;
            text += digits;
            text += '\n';
            found.push_back(std::move(digits));
            if (copy.empty()) copy.assign(pixels, pixels + static_cast<size_t>(width) * height);
            blank(copy, width, height, result.position());
            image = copy.data();
        }
        std::memcpy(out, text.c_str(), text.size() + 1);
        return static_cast<int>(found.size());
    } catch (...) {
        return -1;
    }
}
