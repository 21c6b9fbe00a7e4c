import CZXing

/// Finds retail barcodes in a photo's luminance.
///
/// Why zxing-cpp (Debian `libzxing-dev` 1.4, Apache-2.0): its two packages download 0.6 MB and install 1.6 MB,
/// where ZBar's -dev package pulls about 98 MB of dependencies (LGPL, with GTK and video bits albumscan never
/// uses); it validates EAN/UPC check digits itself, and its 1D reader gives up quickly on a photo with no
/// barcode. The price is C++: the `CZXing` target is one small C entry point over it.
package enum BarcodeReader {
    /// Every EAN-13, UPC-A or EAN-8 in `plane` whose check digit holds, in reading order, without repeats.
    /// `rotated` also looks for symbols on their side (about twice the time on a photo with no barcode).
    package static func read(_ plane: LuminancePlane, rotated: Bool = false) -> [RetailBarcode] {
        guard plane.width > 0, plane.height > 0, plane.values.count == plane.width * plane.height else { return [] }
        var buffer = [CChar](repeating: 0, count: 128)
        let count = plane.values.withUnsafeBufferPointer { pixels in
            buffer.withUnsafeMutableBufferPointer { out in
                albumscan_read_retail_barcodes(
                    pixels.baseAddress, Int32(plane.width), Int32(plane.height), rotated ? 1 : 0, out.baseAddress,
                    Int32(out.count))
            }
        }
        guard count > 0 else { return [] }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var seen = Set<RetailBarcode>()
        return text.split(separator: "\n").compactMap { RetailBarcode(String($0)) }.filter { seen.insert($0).inserted }
    }
}
