import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("EXIF orientation")
    struct ExifOrientationTests {
        typealias B = SyntheticJPEGBytes

        @Test("reads tag 0x0112 in both byte orders", arguments: [false, true], 1...8)
        func readsBothByteOrders(bigEndian: Bool, value: Int) {
            let payload = B.exifPayload(bigEndian: bigEndian, entries: [(0x010F, 2, 0), (0x0112, 3, value), (0x0131, 2, 0)])
            #expect(ExifOrientation.parse(payload) == value)
        }

        @Test(
            "zero, out of range, wrong type or missing gives 1",
            arguments: [
                [(0x0112, 3, 0)], [(0x0112, 3, 9)], [(0x0112, 3, 0xFFFF)], [(0x0112, 4, 6)], [(0x0110, 3, 6)], [],
            ] as [[(tag: Int, type: Int, value: Int)]])
        func defaultsToOne(entries: [(tag: Int, type: Int, value: Int)]) {
            #expect(ExifOrientation.parse(B.exifPayload(bigEndian: false, entries: entries)) == 1)
            #expect(ExifOrientation.parse(B.exifPayload(bigEndian: true, entries: entries)) == 1)
        }

        @Test("bad headers and out-of-bounds offsets give 1")
        func hostileTIFF() {
            let good = Array(B.exifPayload(bigEndian: true, entries: [(0x0112, 3, 6)]))
            #expect(ExifOrientation.parse(good[...]) == 6)
            var badOrder = good
            badOrder[6] = 0x58
            #expect(ExifOrientation.parse(badOrder[...]) == 1)
            var farIFD = good
            farIFD[10...13] = [0x7F, 0xFF, 0xFF, 0xF0]
            #expect(ExifOrientation.parse(farIFD[...]) == 1)
            var hugeCount = Array(B.exifPayload(bigEndian: true, entries: [(0x010F, 2, 0)]))
            hugeCount[14...15] = [0xFF, 0xFF]
            #expect(ExifOrientation.parse(hugeCount[...]) == 1)
            for cut in 0..<good.count where cut < good.count - 6 {
                #expect(ExifOrientation.parse(good.prefix(cut)) == 1)
            }
        }
    }
}
