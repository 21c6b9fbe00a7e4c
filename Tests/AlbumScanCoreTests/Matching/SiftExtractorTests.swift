import Testing

@testable import AlbumScanMatching

/// SIFT as the matcher calls it: descriptors computed on two threads come out the same every time, and the luma-only
/// pass the photo's SIFT reads is the colour planes' luma.
@Suite struct SiftExtractorTests {
    @Test func twoThreadDescriptorsAreTheSameEveryRun() {
        let plane = ColourPlanes.luma(of: GeometricStageTests.textured(7), longSide: 400)
        let first = SiftExtractor.features(of: plane, limit: 2_500)
        #expect(first.count > 100, "a textured image gives SIFT plenty: \(first.count)")
        let length = LocalFeatures.length
        let described = (0..<first.count).filter { i in first.descriptors[(i * length)..<((i + 1) * length)].contains { $0 > 0 } }
        #expect(described.count == first.count, "every keypoint's bytes were written")
        for _ in 0..<5 {
            let again = SiftExtractor.features(of: plane, limit: 2_500)
            #expect(again.points == first.points)
            #expect(again.descriptors == first.descriptors)
        }
    }

    @Test func theCoarsestFeaturesAreKeptUnderTheLimit() {
        let plane = ColourPlanes.luma(of: GeometricStageTests.textured(8), longSide: 400)
        let all = SiftExtractor.features(of: plane, limit: 2_500)
        let few = SiftExtractor.features(of: plane, limit: 40)
        #expect(few.count == 40)
        #expect(Array(few.points) == Array(all.points.prefix(40)))
        #expect(Array(few.descriptors) == Array(all.descriptors.prefix(40 * LocalFeatures.length)))
    }

    @Test(arguments: [(400, 400), (160, 160), (1_000, 1_000)])
    func theLumaPassIsTheColourPlanesLuma(longSide: Int, expectedSide: Int) {
        let image = GeometricStageTests.textured(9)
        let direct = ColourPlanes.luma(of: image, longSide: longSide)
        let planes = ColourPlanes(image, longSide: longSide).luma
        #expect(direct.width == min(expectedSide, image.width) && direct.height == planes.height)
        let worst = zip(direct.values, planes.values).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 0.01, "largest difference \(worst)")
    }
}
