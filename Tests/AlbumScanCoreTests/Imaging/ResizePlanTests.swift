import Testing

@testable import AlbumScanCore

extension ImagingTests {
    @Suite("Resize plan")
    struct ResizePlanTests {
        static let targets: [(Int, Int, Int, Int, Int)] = [
            (4032, 3024, 1024, 1024, 768),
            (3024, 4032, 1024, 768, 1024),
            (1000, 500, 1024, 1000, 500),
            (1024, 1024, 1024, 1024, 1024),
            (1025, 1024, 1024, 1024, 1023),
            (1500, 1000, 500, 500, 333),
            (1000, 1500, 500, 333, 500),
            (1999, 1000, 1000, 1000, 500),
            (5000, 1, 1024, 1024, 1),
            (1, 5000, 1024, 1, 1024),
            (3, 2, 1, 1, 1),
            (200, 300, 0, 1, 1),
        ]

        @Test("target size keeps aspect, rounds, never upscales", arguments: targets)
        func targetSize(width: Int, height: Int, maxSide: Int, expectedWidth: Int, expectedHeight: Int) {
            let size = ResizePlan.targetSize(width: width, height: height, maxSide: maxSide)
            #expect(size.width == expectedWidth)
            #expect(size.height == expectedHeight)
        }

        /// TurboJPEG 2.1's factors, largest first.
        static let factors: [(num: Int, denom: Int)] = [
            (2, 1), (15, 8), (7, 4), (13, 8), (3, 2), (11, 8), (5, 4), (9, 8),
            (1, 1), (7, 8), (3, 4), (5, 8), (1, 2), (3, 8), (1, 4), (1, 8),
        ]

        static let dctCases: [(Int, Int, Int, Int, Int, Int)] = [
            (4032, 3024, 1024, 768, 3, 8),
            (1200, 1200, 500, 500, 1, 2),
            (8000, 8000, 1000, 1000, 1, 8),
            (8000, 8000, 1001, 1001, 1, 4),
            (800, 600, 800, 600, 1, 1),
            (100, 100, 100, 100, 1, 1),
            (3024, 4032, 768, 1024, 3, 8),
        ]

        @Test("DCT factor is the smallest that still covers the target", arguments: dctCases)
        func dctFactor(width: Int, height: Int, targetWidth: Int, targetHeight: Int, num: Int, denom: Int) {
            let factor = ResizePlan.dctFactor(
                width: width, height: height, target: (targetWidth, targetHeight), factors: Self.factors)
            #expect(factor.num == num)
            #expect(factor.denom == denom)
            #expect(ResizePlan.scaled(width, num: factor.num, denom: factor.denom) >= targetWidth)
        }

        @Test("the library offers the factors we plan with")
        func libraryFactors() {
            let offered = TurboJPEG.scalingFactors().map { "\($0.num)/\($0.denom)" }
            #expect(Set(offered).isSuperset(of: ["1/1", "1/2", "3/8", "1/4", "1/8"]))
        }

        @Test(
            "scaled size rounds up like TJSCALED", arguments: [(4032, 3, 8, 1512), (1001, 1, 8, 126), (7, 1, 2, 4), (1, 1, 8, 1)])
        func scaled(dim: Int, num: Int, denom: Int, expected: Int) {
            #expect(ResizePlan.scaled(dim, num: num, denom: denom) == expected)
        }
    }
}
