import Foundation
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("JPEG marker pre-parser")
    struct JPEGMarkersTests {
        typealias B = SyntheticJPEGBytes

        static let rejections: [(String, [UInt8], String)] = [
            ("empty", [], "empty file"),
            ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "png"),
            ("gif", Array("GIF89a".utf8) + [1, 0, 1, 0], "gif"),
            ("webp", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), "webp"),
            ("heic", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "not a jpeg: this is a heif image"),
            ("text", Array("hello, world".utf8), "no jpeg, png or heic signature"),
            ("lone byte", [0xFF], "no jpeg, png or heic signature"),
            ("soi only", B.soi, "truncated jpeg"),
            ("truncated segment", B.soi + [0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46], "truncated jpeg"),
            ("tables only", B.soi + B.quantTable + B.eoi, "tables only"),
            ("12-bit", B.jpeg(sof: B.sof(0xC1, precision: 12, width: 8, height: 8)), "12-bit"),
            ("lossless", B.jpeg(sof: B.sof(0xC3, width: 8, height: 8)), "lossless"),
            ("arithmetic lossless", B.jpeg(sof: B.sof(0xCB, width: 8, height: 8)), "lossless"),
            ("hierarchical", B.jpeg(sof: B.sof(0xC5, width: 8, height: 8)), "hierarchical"),
            ("zero width", B.jpeg(sof: B.sof(width: 0, height: 8)), "zero width"),
            ("zero height", B.jpeg(sof: B.sof(width: 8, height: 0)), "zero width"),
            ("over pixel limit", B.jpeg(sof: B.sof(width: 20_000, height: 20_000)), "image too large"),
            ("no scan", B.soi + B.quantTable + B.sof(width: 8, height: 8) + B.eoi, "no image data"),
            ("scan before frame", B.soi + B.scan() + B.sof(width: 8, height: 8) + B.eoi, "scan before frame"),
            ("too many scans", B.jpeg(sof: B.sof(0xC2, width: 8, height: 8), scans: 101), "too many progressive scans"),
            ("bad length", B.soi + [0xFF, 0xE0, 0x00, 0x01] + B.eoi, "bad segment length"),
        ]

        @Test("rejects with a specific reason", arguments: rejections)
        func rejects(name: String, bytes: [UInt8], reason: String) throws {
            let error = #expect(throws: AlbumScanError.self) { try JPEGMarkers.parse(Data(bytes), limits: ImageLimits()) }
            guard case .invalidImage(let message)? = error else {
                Issue.record("\(name): expected invalidImage, got \(String(describing: error))")
                return
            }
            #expect(message.contains(reason), "\(name): \(message)")
            // Lowercase, but for the setting a message names by its environment variable (issue 41).
            let prose = message.replacingOccurrences(of: "ALBUMSCAN_MAX_PIXELS", with: "")
            #expect(prose == prose.lowercased())
        }

        @Test("reads frame kind, size, components and scan count")
        func readsFrame() throws {
            let bytes = B.jpeg(sof: B.sof(0xC2, width: 640, height: 480, components: 1), scans: 100)
            let info = try JPEGMarkers.parse(Data(bytes), limits: ImageLimits())
            #expect(
                info
                    == JPEGHeaderInfo(
                        frame: .progressive, precision: 8, width: 640, height: 480, components: 1, scans: 100, orientation: 1))
        }

        @Test(
            "arithmetic frames are recognised and accepted",
            arguments: [
                (UInt8(0xC9), JPEGFrameKind.arithmeticExtended), (0xCA, .arithmeticProgressive), (0xC1, .extended),
                (0xC0, .baseline),
            ])
        func frameKinds(marker: UInt8, kind: JPEGFrameKind) throws {
            let info = try JPEGMarkers.parse(Data(B.jpeg(sof: B.sof(marker, width: 4, height: 4))), limits: ImageLimits())
            #expect(info.frame == kind)
        }

        @Test("stuffed bytes and restart markers inside scan data are not markers")
        func skipsEntropyData() throws {
            // Were FF D3 taken as a segment marker, FF D7 would be read as a length past the end.
            let entropy: [UInt8] = [0x11, 0xFF, 0x00, 0xFF, 0xD3, 0xFF, 0xD7, 0x22, 0xFF, 0x00, 0xDA]
            let bytes = B.soi + B.sof(0xC2, width: 8, height: 8) + B.scan(entropy) + B.scan(entropy) + B.eoi
            let info = try JPEGMarkers.parse(Data(bytes), limits: ImageLimits())
            #expect(info.scans == 2)
        }

        @Test("the pixel limit comes from the limits value")
        func customPixelLimit() throws {
            let bytes = Data(B.jpeg(sof: B.sof(width: 100, height: 100)))
            #expect(throws: AlbumScanError.self) { try JPEGMarkers.parse(bytes, limits: ImageLimits(maxPixels: 9_999)) }
            #expect(try JPEGMarkers.parse(bytes, limits: ImageLimits(maxPixels: 10_000)).width == 100)
        }

        @Test("orientation comes from the first EXIF segment")
        func orientationFromExif() throws {
            let exif = B.exif(bigEndian: true, entries: [(0x0112, 3, 6)])
            let info = try JPEGMarkers.parse(Data(B.jpeg(exif, sof: B.sof(width: 8, height: 4))), limits: ImageLimits())
            #expect(info.orientation == 6)
        }

        @Test("hostile prefixes never trap", arguments: 0..<64)
        func truncationsNeverTrap(cut: Int) {
            let exif = B.exif(bigEndian: false, entries: [(0x0112, 3, 8)])
            let full = B.jpeg(exif, sof: B.sof(0xC2, width: 8, height: 8), scans: 3)
            _ = try? JPEGMarkers.parse(Data(full.prefix(cut * full.count / 64)), limits: ImageLimits())
        }
    }
}
