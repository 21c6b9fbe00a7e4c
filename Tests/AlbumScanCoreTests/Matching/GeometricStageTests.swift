import AlbumScanCore
import AlbumScanTestSupport
import Testing

@testable import AlbumScanMatching

/// The feature stage's parts: the homography fit, RANSAC among outliers, and what real photos hold that the dense
/// search cannot reach (quarter turns, small covers) or must refuse (a recoloured edition).
@Suite struct GeometricStageTests {
    static let truth = ProjectiveMap(h: [300, 40, 100, -30, 280, 60, 0.0004, -0.0003])

    @Test func fourPointsGiveTheMapBack() throws {
        let cover: [SIMD2<Float>] = [SIMD2(0.1, 0.2), SIMD2(0.9, 0.1), SIMD2(0.8, 0.9), SIMD2(0.2, 0.7)]
        let photo = cover.compactMap(Self.truth.map)
        let fitted = try #require(ProjectiveMap.fit(from: cover, to: photo))
        for point in [SIMD2<Float>(0.5, 0.5), SIMD2(0, 0), SIMD2(1, 1)] {
            let d = try #require(fitted.map(point)) - (try #require(Self.truth.map(point)))
            #expect(abs(d.x) < 0.05 && abs(d.y) < 0.05)
        }
    }

    @Test func ransacKeepsTheConsensusAmongOutliers() throws {
        var random = SplitMix(seed: 7)
        func unit() -> Float { Float(random.next() % 10_000) / 10_000 }
        var pairs: [FeatureMatcher.Pair] = []
        for index in 0..<120 {
            let cover = SIMD2(unit(), unit())
            // Two thirds are wrong matches scattered over the photo.
            let photo = index % 3 == 0 ? try #require(Self.truth.map(cover)) : SIMD2(unit() * 400, unit() * 400)
            pairs.append(FeatureMatcher.Pair(cover: cover, photo: photo / 400))
        }
        let fit = try #require(RobustHomography.fit(pairs, photoSize: SIMD2(400, 400), tolerance: 2))
        #expect(fit.inliers.count >= 40 && fit.inliers.count <= 44)
        let centre = try #require(fit.map.map(SIMD2(0.5, 0.5))) - (try #require(Self.truth.map(SIMD2(0.5, 0.5))))
        #expect(abs(centre.x) < 1 && abs(centre.y) < 1)
    }

    @Test func tooFewAgreeingPairsFindNothing() {
        var random = SplitMix(seed: 9)
        func unit() -> Float { Float(random.next() % 10_000) / 10_000 }
        let pairs = (0..<60).map { _ in FeatureMatcher.Pair(cover: SIMD2(unit(), unit()), photo: SIMD2(unit(), unit())) }
        let fit = RobustHomography.fit(pairs, photoSize: SIMD2(400, 400), tolerance: 2)
        #expect((fit?.inliers.count ?? 0) < GeometricStage.verifyingInliers)
    }

    /// Seeded imagery with texture at many scales (discs of random size and colour), as photographed artwork has
    /// and the flat synthetic covers lack: features need it.
    static func textured(_ seed: UInt64) -> DecodedRGB {
        var random = SeededRandom(seed: seed)
        let side = 400
        var pixels = [UInt8](repeating: 0, count: side * side * 3)
        for _ in 0..<220 {
            let (cx, cy) = (random.uniform(0...Double(side)), random.uniform(0...Double(side)))
            let radius = random.uniform(3...45)
            let colour = (0..<3).map { _ in UInt8(random.next() % 256) }
            let (x0, x1) = (max(0, Int(cx - radius)), min(side - 1, Int(cx + radius)))
            let (y0, y1) = (max(0, Int(cy - radius)), min(side - 1, Int(cy + radius)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy) <= radius * radius {
                    for c in 0..<3 { pixels[(y * side + x) * 3 + c] = colour[c] }
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: side, height: side)
    }

    static let imagery = (0..<4).map { MatchEvalSet.Imagery(group: "textured-\($0)", image: textured(UInt64(40 + $0))) }
    static let set = MatchEvalSet(imagery: imagery, seed: 77)

    @Test(arguments: [0, 1, 2])
    func aCoverTurnedAQuarterHalfOrThreeQuartersVerifies(_ index: Int) throws {
        let pair = try Self.set.pair(index, variant: .turned)
        #expect(ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate).verdict == .verified)
    }

    @Test(arguments: [0, 1])
    func aSmallCoverVerifies(_ index: Int) throws {
        let pair = try Self.set.pair(index, variant: .small)
        #expect(ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate).verdict == .verified)
    }

    @Test(arguments: [0, 1])
    func aRecolouredEditionIsNotVerified(_ index: Int) throws {
        let pair = try Self.set.pair(index, variant: .edition)
        #expect(ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate).verdict != .verified)
    }

    /// A placement's evidence and whether it verifies: features bunched in a few regions of flat art verify when the
    /// colours pass even the dense stage's gates (as the dense stage would score the same placement upright), not
    /// when only real light's wider gates let them through, and never with too few correspondences.
    @Test(arguments: [
        // (inliers, cells, colour low quartile, cast spread, verified)
        (46, 6, Float(0.76), Float(1.25), true),
        (46, 6, Float(0.20), Float(1.25), false),
        (46, 6, Float(0.76), Float(2.0), false),
        (10, 6, Float(0.76), Float(1.25), false),
    ])
    func fewRegionsVerifyOnlyWithColoursTheDenseStageAccepts(
        inliers: Int, cells: Int, colour: Float, cast: Float, verified: Bool
    ) {
        var evidence = MatchScorer.Evidence(gradient: 0.62, gradientLowQuartile: 0.45, colourLowQuartile: colour)
        (evidence.castSpread, evidence.contrastRatio, evidence.chroma) = (cast, 0.8, 0.9)
        (evidence.inliers, evidence.inlierCells) = (inliers, cells)
        #expect((GeometricStage.score(evidence) >= ImageMatcher.verifiedThreshold) == verified)
    }

    @Test func aDescriptorCarriesTheCoversFeatures() {
        let descriptor = MatchDescriptor(image: Self.textured(5))
        #expect(descriptor.features.count > 50)
        #expect(MatchDescriptor(data: descriptor.data)?.features == descriptor.features)
    }
}
