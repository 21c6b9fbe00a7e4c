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

        static let fits: [(Int, Int, Int, Int)] = [
            (4032, 3024, 1024, 768),
            (3024, 4032, 768, 1024),
            (1024, 1024, 768, 768),
            (900, 900, 768, 768),
            (3000, 1000, 1024, 341),
            (1000, 3000, 341, 1024),
            (2000, 1800, 853, 768),
            (1000, 800, 960, 768),
            (800, 600, 800, 600),
            (1000, 700, 1000, 700),
            (5000, 1, 1024, 1),
            (1, 5000, 1, 1024),
        ]

        @Test("upload fit keeps the long side ≤ 1024 and the short side ≤ 768, aspect kept, never upscaled", arguments: fits)
        func fitSize(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int) {
            let size = ResizePlan.fitSize(width: width, height: height, bounds: ImageLimits().uploadBounds)
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

        /// Source size, then the factor, the DCT output and the final size for an upload.
        static let uploadChoices: [((Int, Int), (Int, Int), (Int, Int), (Int, Int))] = [
            // Near enough at 1/4: no resample.
            ((4032, 3024), (1, 4), (1008, 756), (1008, 756)),
            ((3024, 4032), (1, 4), (756, 1008), (756, 1008)),
            ((4000, 3000), (1, 4), (1000, 750), (1000, 750)),
            ((1024, 1024), (3, 4), (768, 768), (768, 768)),
            ((2048, 1536), (1, 2), (1024, 768), (1024, 768)),
            ((800, 600), (1, 1), (800, 600), (800, 600)),
            ((300, 200), (1, 1), (300, 200), (300, 200)),
            // 1/4 gives 1152×864, over the bounds: covering factor, then a box resample.
            ((4608, 3456), (1, 4), (1152, 864), (1024, 768)),
            // 7/8 gives 788, over 768; 3/4 gives 675, too far under.
            ((900, 900), (7, 8), (788, 788), (768, 768)),
            ((6000, 4000), (1, 4), (1500, 1000), (1024, 683)),
            // 1/4 rounds up to 1025×769, one pixel over: never sent as is.
            ((4100, 3075), (1, 4), (1025, 769), (1024, 768)),
        ]

        @Test("upload decode snaps to a DCT size within a few percent, else covers and resamples", arguments: uploadChoices)
        func uploadChoice(source: (Int, Int), factor: (Int, Int), decoded: (Int, Int), final: (Int, Int)) {
            let choice = ResizePlan.choose(
                width: source.0, height: source.1, bounds: ImageLimits().uploadBounds, factors: Self.factors)
            #expect(
                choice
                    == ScaleChoice(
                        num: factor.0, denom: factor.1, decodedWidth: decoded.0, decodedHeight: decoded.1, width: final.0,
                        height: final.1))
            #expect(choice.resamples == (decoded != final))
        }

        @Test("thumbnails keep the exact longest-side fit", arguments: [(1200, 1200, 500), (1000, 1000, 500), (900, 600, 200)])
        func thumbnailChoice(width: Int, height: Int, maxSide: Int) {
            let bounds = ResizeBounds(maxLongSide: maxSide, maxShortSide: maxSide)
            let choice = ResizePlan.choose(width: width, height: height, bounds: bounds, factors: Self.factors)
            let target = ResizePlan.targetSize(width: width, height: height, maxSide: maxSide)
            #expect((choice.width, choice.height) == target)
            #expect(choice.decodedWidth >= target.width && choice.decodedHeight >= target.height)
        }

        @Test(
            "an upload always fits the bounds, within a few percent of the exact fit, never upscaled",
            arguments: [
                (4032, 3024), (4000, 3000), (3000, 4000), (5184, 3456), (4624, 3468), (1920, 1080), (1080, 1920),
                (1000, 1000), (777, 777), (12000, 9000), (2049, 1537), (640, 480), (3, 4000),
            ])
        func uploadInvariant(width: Int, height: Int) {
            let bounds = ImageLimits().uploadBounds
            let choice = ResizePlan.choose(width: width, height: height, bounds: bounds, factors: Self.factors)
            let fit = ResizePlan.fitSize(width: width, height: height, bounds: bounds)
            #expect(max(choice.width, choice.height) <= 1024 && min(choice.width, choice.height) <= 768)
            #expect(choice.width <= width && choice.height <= height)
            #expect(Double(choice.width) >= Double(fit.width) * (1 - ResizePlan.snapTolerance))
            #expect(Double(choice.height) >= Double(fit.height) * (1 - ResizePlan.snapTolerance))
            #expect(choice.decodedWidth >= choice.width && choice.decodedHeight >= choice.height)
        }
    }
}
