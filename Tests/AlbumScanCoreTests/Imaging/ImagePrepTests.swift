import AlbumScanMatching
import Foundation
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Image prep")
    struct ImagePrepTests {
        /// A `width`×`height` image whose left half is red and right half blue.
        static func halves(width: Int, height: Int) -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 220
                }
            }
            return pixels
        }

        static func pixel(_ image: DecodedRGB, _ x: Int, _ y: Int) -> [UInt8] {
            Array(image.pixels[(y * image.width + x) * 3..<(y * image.width + x) * 3 + 3])
        }

        @Test("a 12 MP photo becomes its 1/4 DCT scale, 1008x756, within 1024x768, and still decodes")
        func roundTrip() throws {
            let source = try JPEGEncoder.encodeRGB(Self.halves(width: 4032, height: 3024), width: 4032, height: 3024, quality: 90)
            let prepared = try ImagePrep.prepareUpload(source, limits: ImageLimits())
            #expect((prepared.width, prepared.height) == (1008, 756))
            #expect((prepared.sourceWidth, prepared.sourceHeight) == (4032, 3024))
            #expect(prepared.orientation == 1 && prepared.warnings.isEmpty)
            let decoded = try JPEGDecoder.decodeRGB(prepared.jpeg, maxSide: nil, limits: ImageLimits())
            #expect((decoded.width, decoded.height) == (1008, 756))
            let left = Self.pixel(decoded, 100, 400)
            let right = Self.pixel(decoded, 900, 400)
            #expect(left[0] > 180 && left[2] < 40)
            #expect(right[2] > 180 && right[0] < 40)
        }

        @Test(
            "a square photo is sent at most 768 px a side, upright photos at most 768 px wide",
            arguments: [
                (1200, 1200, 750, 750), (900, 900, 768, 768), (1024, 1024, 768, 768), (1536, 2048, 768, 1024),
                (1500, 2000, 750, 1000),
            ])
        func shortSideBound(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int) throws {
            let source = try JPEGEncoder.encodeRGB(
                Self.halves(width: width, height: height), width: width, height: height, quality: 90)
            let prepared = try ImagePrep.prepareUpload(source, limits: ImageLimits())
            #expect((prepared.width, prepared.height) == (expectedWidth, expectedHeight))
            let info = try JPEGMarkers.parse(prepared.jpeg, limits: ImageLimits())
            #expect((info.width, info.height) == (expectedWidth, expectedHeight))
        }

        @Test("EXIF orientation 6 turns the stored left edge to the top")
        func appliesOrientation() throws {
            let plain = try JPEGEncoder.encodeRGB(Self.halves(width: 400, height: 300), width: 400, height: 300, quality: 90)
            let exif = SyntheticJPEGBytes.exif(bigEndian: false, entries: [(0x0112, 3, 6)])
            let limits = ImageLimits(uploadMaxSide: 200)
            let prepared = try ImagePrep.prepareUpload(SyntheticJPEGBytes.inserting(exif, into: plain), limits: limits)
            #expect((prepared.width, prepared.height, prepared.orientation) == (150, 200, 6))
            #expect((prepared.sourceWidth, prepared.sourceHeight) == (300, 400))
            let decoded = try JPEGDecoder.decodeRGB(prepared.jpeg, maxSide: nil, limits: limits)
            #expect(Self.pixel(decoded, 75, 20)[0] > 180)
            #expect(Self.pixel(decoded, 75, 180)[2] > 180)
        }

        @Test("thumbnail downscales but never upscales", arguments: [(1200, 900, 500, 500, 375), (300, 200, 500, 300, 200)])
        func thumbnail(width: Int, height: Int, maxSide: Int, expectedWidth: Int, expectedHeight: Int) throws {
            let source = try JPEGEncoder.encodeRGB(
                Self.halves(width: width, height: height), width: width, height: height, quality: 90)
            let thumb = try ImagePrep.thumbnail(source, maxSide: maxSide, limits: ImageLimits())
            let info = try JPEGMarkers.parse(thumb, limits: ImageLimits())
            #expect((info.width, info.height) == (expectedWidth, expectedHeight))
        }

        @Test("thumbnail rejects bytes that are no image it reads")
        func thumbnailRejects() {
            #expect(
                throws: AlbumScanError.invalidImage(
                    "unsupported image format: this is a gif image; albumscan reads jpeg, png and heic")
            ) {
                try ImagePrep.thumbnail(Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), maxSide: 500, limits: ImageLimits())
            }
            #expect(throws: AlbumScanError.invalidImage("not a jpeg: this is a png image")) {
                try JPEGMarkers.parse(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), limits: ImageLimits())
            }
        }

        @Test("encoder rejects a buffer that does not match its size", arguments: [(2, 2, 11), (0, 2, 0), (2, 2, 13)])
        func encoderValidates(width: Int, height: Int, count: Int) {
            #expect(throws: AlbumScanError.self) {
                try JPEGEncoder.encodeRGB([UInt8](repeating: 0, count: count), width: width, height: height, quality: 85)
            }
        }

        @Test(
            "memory budget scales with the pixel limit",
            arguments: [(100_000_000, "600M"), (1, "64M"), (Int.max, "2048M"), (200_000_000, "1200M")])
        func memoryBudget(maxPixels: Int, expected: String) {
            #expect(MemoryBudget.value(maxPixels: maxPixels) == expected)
        }
    }
}
