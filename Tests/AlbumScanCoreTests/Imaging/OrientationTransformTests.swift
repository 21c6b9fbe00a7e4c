import AlbumScanMatching
import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Orientation transform")
    struct OrientationTransformTests {
        /// A 2x3 stored image whose pixels are a b / c d / e f, each channel distinct.
        static let stored = DecodedRGB(pixels: "abcdef".flatMap(rgb), width: 2, height: 3)

        static func rgb(_ letter: Character) -> [UInt8] {
            let v = letter.asciiValue ?? 0
            return [v, v &+ 100, v &+ 50]
        }

        static let cases: [(Int, Int, Int, String)] = [
            (0, 2, 3, "abcdef"),
            (1, 2, 3, "abcdef"),
            (2, 2, 3, "badcfe"),
            (3, 2, 3, "fedcba"),
            (4, 2, 3, "efcdab"),
            (5, 3, 2, "acebdf"),
            (6, 3, 2, "ecafdb"),
            (7, 3, 2, "fdbeca"),
            (8, 3, 2, "bdface"),
            (9, 2, 3, "abcdef"),
        ]

        @Test("all orientations on a 2x3 buffer", arguments: cases)
        func apply(orientation: Int, width: Int, height: Int, expected: String) {
            let upright = OrientationTransform.apply(Self.stored, orientation: orientation)
            #expect(upright.width == width)
            #expect(upright.height == height)
            #expect(upright.pixels == expected.flatMap(Self.rgb))
        }

        @Test("upright size swaps only for 5-8", arguments: 0...9)
        func uprightSize(orientation: Int) {
            let size = OrientationTransform.uprightSize(width: 40, height: 30, orientation: orientation)
            let swapped = (5...8).contains(orientation)
            #expect(size.width == (swapped ? 30 : 40))
            #expect(size.height == (swapped ? 40 : 30))
        }
    }
}
