import AlbumScanMatching
import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    /// PNG and HEIC input: told apart by content, upright for every orientation, held to the same limits as JPEG.
    @Suite("Image formats")
    struct ImageFormatsTests {
        /// Upright quadrant colours: top left red, top right green, bottom left blue, bottom right white.
        static let quadrants: [[UInt8]] = [[230, 20, 20], [20, 200, 20], [20, 20, 230], [240, 240, 240]]

        /// The upright `width`×`height` test card.
        static func upright(width: Int, height: Int) -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let colour = quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                    pixels.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: colour)
                }
            }
            return pixels
        }

        /// The stored pixels that `orientation` turns into the upright card, and their size.
        static func stored(width: Int, height: Int, orientation: Int) -> (pixels: [UInt8], width: Int, height: Int) {
            let card = upright(width: width, height: height)
            let size = OrientationTransform.uprightSize(width: width, height: height, orientation: orientation)
            var pixels = [UInt8](repeating: 0, count: card.count)
            for y in 0..<height {
                for x in 0..<width {
                    let (sx, sy) = OrientationTransform.sourcePoint(
                        x: x, y: y, width: size.width, height: size.height, orientation: orientation)
                    let s = (sy * size.width + sx) * 3
                    pixels.replaceSubrange(s..<s + 3, with: card[(y * width + x) * 3..<(y * width + x) * 3 + 3])
                }
            }
            return (pixels, size.width, size.height)
        }

        /// The colour at the centre of each quadrant of `image`.
        static func quadrantCentres(_ image: DecodedRGB) -> [[UInt8]] {
            [(1, 1), (3, 1), (1, 3), (3, 3)].map { (qx, qy) in
                let offset = ((image.height * qy / 4) * image.width + image.width * qx / 4) * 3
                return Array(image.pixels[offset..<offset + 3])
            }
        }

        static func close(_ a: [[UInt8]], _ b: [[UInt8]], within tolerance: Int) -> Bool {
            zip(a, b).allSatisfy { zip($0, $1).allSatisfy { abs(Int($0) - Int($1)) <= tolerance } }
        }

        @Test("a PNG with eXIf orientation N decodes upright, pixel for pixel", arguments: 1...8)
        func pngUpright(orientation: Int) throws {
            let source = Self.stored(width: 64, height: 48, orientation: orientation)
            let png = try PNGWriter.png(source.pixels, width: source.width, height: source.height, orientation: orientation)
            let outcome = try ImageDecoder.decode(png, bounds: nil, limits: ImageLimits())
            #expect(outcome.format == .png && outcome.orientation == orientation)
            #expect((outcome.image.width, outcome.image.height) == (64, 48))
            #expect(outcome.image.pixels == Self.upright(width: 64, height: 48))
        }

        @Test("a HEIC with irot/imir for orientation N decodes upright", arguments: 1...8)
        func heicUpright(orientation: Int) throws {
            let source = Self.stored(width: 64, height: 48, orientation: orientation)
            let heic = try HEIFWriter.heic(source.pixels, width: source.width, height: source.height, orientation: orientation)
            let prepared = try ImagePrep.prepareUpload(heic, limits: ImageLimits())
            #expect((prepared.sourceWidth, prepared.sourceHeight) == (64, 48))
            let upload = try JPEGDecoder.decodeRGB(prepared.jpeg, maxSide: nil, limits: ImageLimits())
            #expect((upload.width, upload.height) == (64, 48))
            let seen = Self.quadrantCentres(upload)
            #expect(Self.close(seen, Self.quadrants, within: 40), "orientation \(orientation): \(seen)")
        }

        @Test("a large HEIC and PNG are scaled into the upload bounds, and the upload is a JPEG")
        func uploadBounds() throws {
            let card = Self.upright(width: 1600, height: 1200)
            for data in [
                try HEIFWriter.heic(card, width: 1600, height: 1200), try PNGWriter.png(card, width: 1600, height: 1200),
            ] {
                let prepared = try ImagePrep.prepareUpload(data, limits: ImageLimits())
                #expect((prepared.width, prepared.height) == (1024, 768))
                #expect(prepared.jpeg.prefix(2) == Data([0xFF, 0xD8]))
                let upload = try JPEGDecoder.decodeRGB(prepared.jpeg, maxSide: nil, limits: ImageLimits())
                #expect(Self.close(Self.quadrantCentres(upload), Self.quadrants, within: 40))
            }
        }

        @Test("a truncated HEIC is an invalid image (exit 65)", arguments: [0.2, 0.5, 0.9])
        func truncatedHEIC(fraction: Double) throws {
            let heic = try HEIFWriter.heic(Self.upright(width: 256, height: 192), width: 256, height: 192)
            let cut = heic.prefix(Int(Double(heic.count) * fraction))
            do {
                _ = try ImagePrep.prepareUpload(Data(cut), limits: ImageLimits())
                Issue.record("a HEIC cut to \(cut.count) of \(heic.count) bytes decoded")
            } catch AlbumScanError.invalidImage(let message) {
                #expect(message.contains("heic") && !message.contains("\n"), "\(message)")
            }
        }

        @Test("a truncated PNG is an invalid image")
        func truncatedPNG() throws {
            let png = try PNGWriter.png(Self.upright(width: 256, height: 192), width: 256, height: 192)
            #expect(throws: AlbumScanError.self) {
                try ImagePrep.prepareUpload(Data(png.prefix(png.count / 2)), limits: ImageLimits())
            }
        }

        /// A HEIC whose `ispe` claims `side`×`side`: decoding that for real would need gigabytes.
        static func claiming(side: UInt32) throws -> Data {
            var bytes = [UInt8](try HEIFWriter.heic(Self.upright(width: 64, height: 48), width: 64, height: 48))
            // Every ispe (libheif 1.15 wraps the coded image in a one-tile grid to crop it): size at +8 and +12.
            let ispe = Array("ispe".utf8)
            let boxes = (0..<(bytes.count - 16)).filter { Array(bytes[$0..<$0 + 4]) == ispe }
            #expect(!boxes.isEmpty)
            let big = PNGWriter.bigEndian(side)
            for at in boxes { bytes.replaceSubrange(at + 8..<at + 16, with: big + big) }
            return Data(bytes)
        }

        @Test("a HEIC over the pixel cap is refused from its header, before any pixel is decoded")
        func heicOverCap() throws {
            let huge = try Self.claiming(side: 30_000)
            #expect(throws: AlbumScanError.invalidImage("image too large: 30000x30000 is over the 100 megapixel limit (ALBUMSCAN_MAX_PIXELS)")) {
                try ImagePrep.prepareUpload(huge, limits: ImageLimits())
            }
            // libheif would have failed otherwise (its tile is 64x48): this message comes from the header check,
            // which runs before heif_decode_image allocates anything (900 MP of RGB would be 2.7 GB).
            let small = try HEIFWriter.heic(Self.upright(width: 64, height: 48), width: 64, height: 48)
            #expect(throws: AlbumScanError.invalidImage("image too large: 64x48 is over the 3000 pixel limit (ALBUMSCAN_MAX_PIXELS)")) {
                try ImagePrep.prepareUpload(small, limits: ImageLimits(maxPixels: 3000))
            }
        }

        @Test("a PNG over the pixel cap is refused from its header")
        func pngOverCap() throws {
            var bytes = [UInt8](try PNGWriter.png(Self.upright(width: 64, height: 48), width: 64, height: 48))
            // IHDR width and height (bytes 16-23) claim 20000x20000; the CRC is fixed up so libpng reads on.
            bytes.replaceSubrange(16..<24, with: PNGWriter.bigEndian(20_000) + PNGWriter.bigEndian(20_000))
            bytes.replaceSubrange(29..<33, with: PNGWriter.bigEndian(PNGWriter.crc32(Array(bytes[12..<29]))))
            #expect(throws: AlbumScanError.invalidImage("image too large: 20000x20000 is over the 100 megapixel limit (ALBUMSCAN_MAX_PIXELS)")) {
                try ImagePrep.prepareUpload(Data(bytes), limits: ImageLimits())
            }
        }

        @Test(
            "formats are told by content, and others are named in the refusal",
            arguments: [
                ([0xFF, 0xD8, 0xFF], "jpeg"), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
                ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), "heif"),
                ([0, 0, 0, 0x14] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1".utf8), "heif"),
                ([0, 0, 0, 0x14] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1".utf8), "an avif image"),
                (Array("GIF89a".utf8), "a gif image"), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "a webp image"),
                ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "a tiff or camera raw image"),
                ([0, 0, 0, 0x14] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("mp41".utf8), "an iso media file (video?)"),
                (Array("hello".utf8), "no jpeg, png or heic signature"),
            ] as [([UInt8], String)])
        func sniffing(bytes: [UInt8], expected: String) {
            switch ImageFormatSniffer.sniff(bytes) {
            case .success(let format): #expect(format.rawValue == expected)
            case .failure(let reason):
                #expect(reason.text.contains(expected), "\(reason.text)")
                #expect(reason.text.hasSuffix("albumscan reads jpeg, png and heic") || reason.text.contains("signature"))
            }
        }

        @Test("a PNG with alpha is composited onto white; grey and palette PNGs come out as RGB")
        func pngKinds() throws {
            // RGBA: a transparent pixel and an opaque red one.
            let transparent = try PNGWriter.pngRGBA([0, 0, 0, 0, 255, 0, 0, 255], width: 2, height: 1)
            let decoded = try ImageDecoder.decodeRGB(transparent, maxSide: nil, limits: ImageLimits())
            #expect(decoded.pixels == [255, 255, 255, 255, 0, 0])
            let grey = try PNGWriter.png([10, 20, 30], width: 3, height: 1, channels: 1)
            #expect(
                try ImageDecoder.decodeRGB(grey, maxSide: nil, limits: ImageLimits()).pixels == [
                    10, 10, 10, 20, 20, 20, 30, 30, 30,
                ])
        }
    }
}
