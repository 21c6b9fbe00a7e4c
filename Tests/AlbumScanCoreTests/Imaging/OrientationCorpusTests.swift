import AlbumScanMatching
import Foundation
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Orientation corpus", .enabled(if: ImagingCorpora.available))
    struct OrientationCorpusTests {
        static let side = 192

        static func decode(_ folder: String, _ name: String) throws -> DecodedRGB {
            try JPEGDecoder.decodeRGB(ImagingCorpora.data(folder, name), maxSide: side, limits: ImageLimits())
        }

        /// Mean absolute per-sample difference of two same-sized images.
        static func meanDifference(_ a: DecodedRGB, _ b: DecodedRGB) -> Double {
            let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            return Double(total) / Double(max(a.pixels.count, 1))
        }

        static let cases: [(String, String)] =
            ["Landscape", "Portrait"].flatMap { set in (0...8).map { ("\(set)_\($0).jpg", "orientation/\(set)_1.jpg") } }
            + (2...8).map { ("pillow-hopper_orientation_\($0).jpg", "valid-unusual/pillow-hopper.jpg") }

        @Test("comes out upright", arguments: cases)
        func upright(name: String, reference: String) throws {
            let parts = reference.split(separator: "/").map(String.init)
            let expected = try Self.decode(parts[0], parts[1])
            let actual = try Self.decode("orientation", name)
            try #require((actual.width, actual.height) == (expected.width, expected.height), "\(name) size")
            let difference = Self.meanDifference(actual, expected)
            // A wrong turn or flip is measured against the same reference to show the margin is real.
            let flipped = OrientationTransform.apply(actual, orientation: 3)
            let wrong = Self.meanDifference(flipped, expected)
            #expect(difference < 12, "\(name): mean difference \(difference)")
            #expect(wrong > difference * 3, "\(name): wrong orientation differs by only \(wrong)")
        }

        @Test("a 2x1 image with orientation 8 becomes 1x2")
        func rectangle() throws {
            let image = try Self.decode("orientation", "pillow-orientation_rectangle.jpg")
            #expect((image.width, image.height) == (1, 2))
        }
    }
}
