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

/// Which way a placed cover is turned, and the photo turned back so the dense search sees the cover upright.
@Suite struct QuarterTurnTests {
    @Test(arguments: [(0.0, 0), (8.0, 0), (-20.0, 0), (90.0, 1), (75.0, 1), (180.0, 2), (-170.0, 2), (270.0, 3), (-95.0, 3)])
    func aQuadsTurnIsItsTopEdgesNearestQuarter(_ degrees: Double, _ quarters: Int) {
        let quad = Quad(centre: SIMD2(200, 150), width: 120, height: 90, radians: Float(degrees * .pi / 180))
        #expect(quad.quarterTurns == quarters)
    }

    /// 3 × 2 plane   a b c      turned back a quarter (its top faced right):   c f
    ///               d e f                                                    b e
    ///                                                                        a d
    @Test func aPlaneTurnedBackAQuarterPutsItsRightSideOnTop() {
        let plane = GrayPlane(width: 3, height: 2, values: [1, 2, 3, 4, 5, 6])
        let back = plane.unturned(quarters: 1)
        #expect((back.width, back.height) == (2, 3))
        #expect(back.values == [3, 6, 2, 5, 1, 4])
        #expect(plane.unturned(quarters: 2).values == [6, 5, 4, 3, 2, 1])
        #expect(plane.unturned(quarters: 4) == plane)
        #expect(back.unturned(quarters: 3) == plane)
    }

    /// A placement's quarter turns, undone, leave the cover upright: the photo of a cover turned a quarter clockwise,
    /// turned back, is the cover again.
    @Test func turningBackUndoesTheTurn() {
        let cover = GrayPlane(width: 4, height: 3, values: (0..<12).map(Float.init))
        // The cover turned a quarter clockwise: its top row becomes the photo's right column, read downwards.
        var turned = [Float](repeating: 0, count: 12)
        for y in 0..<3 {
            for x in 0..<4 { turned[x * 3 + (2 - y)] = cover.values[y * 4 + x] }
        }
        let photo = GrayPlane(width: 3, height: 4, values: turned)
        let quad = Quad(corners: [SIMD2(3, 0), SIMD2(3, 4), SIMD2(0, 4), SIMD2(0, 0)])
        #expect(quad.quarterTurns == 1)
        #expect(photo.unturned(quarters: quad.quarterTurns) == cover)
    }

    /// Flat art gives features too little to verify it but enough to show which way it is turned; the dense search,
    /// which covers a few degrees either side of upright, then looks at the photo turned back. Its evidence has no
    /// correspondences: the features' placement did not verify these.
    @Test(arguments: [9, 40, 8])  // turned a quarter, a half, three quarters
    func flatArtTurnedVerifiesByTheSearchTurnedBack(_ index: Int) throws {
        let pair = try MatchEvalSet(imagery: MatchEvalSet.syntheticImagery(), seed: 2024).pair(index, variant: .turned)
        let result = ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate)
        #expect(result.verdict == .verified, "score \(result.score)")
        #expect(result.evidence.inliers == 0)
    }
}
