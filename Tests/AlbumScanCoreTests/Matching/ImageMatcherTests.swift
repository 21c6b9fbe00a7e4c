import AlbumScanCore
import AlbumScanTestSupport
import Testing

@testable import AlbumScanMatching

/// Fixed generated pairs from synthetic imagery (no `../shared` needed): same, different, decoy, and each
/// distortion alone at its maximum.
@Suite struct ImageMatcherTests {
    static let imagery = MatchEvalSet.syntheticImagery(count: 4)

    /// A cover from synthetic imagery `index` in a template seeded with `template`.
    static func cover(_ index: Int, template: UInt64) -> CoverDesign {
        var random = SeededRandom(seed: template)
        return CoverDesign(
            template: .seeded(&random), imagery: imagery[index].image, crop: (x: 0.05, y: 0.05, width: 0.85))
    }

    static func candidate(_ design: CoverDesign) -> DecodedRGB { design.render(side: 500) }

    static func photo(_ design: CoverDesign, _ adjust: (inout PhoneShot) -> Void = { _ in }) throws -> DecodedRGB {
        var shot = PhoneShot()
        shot.frameWidth = 640
        shot.frameHeight = 480
        adjust(&shot)
        return try shot.render(cover: design.render(side: 500), background: imagery[3].image)
    }

    /// One distortion at its maximum, the rest neutral.
    static let distortions: [(String, @Sendable (inout PhoneShot) -> Void)] = [
        (
            "20% margins, off centre",
            {
                $0.coverFraction = 0.6; $0.offset = (x: 1, y: -1)
            }
        ),
        (
            "12° perspective",
            {
                $0.tiltDegrees = 12; $0.tiltDirection = 0.7
            }
        ),
        ("+5° rotation", { $0.rotationDegrees = 5 }),
        ("-5° rotation", { $0.rotationDegrees = -5 }),
        ("brightness ×0.6", { $0.brightness = 0.6 }),
        ("brightness ×1.4", { $0.brightness = 1.4 }),
        ("colour cast", { $0.cast = [1.15, 1.0, 0.85] }),
        ("glare spot", { $0.glare = (u: 0.3, v: 0.6, radius: 0.15, strength: 200) }),
        ("blur σ 1.5", { $0.blurSigma = 1.5 }),
        ("JPEG quality 60", { $0.jpegQuality = 60 }),
        ("sensor noise σ 8", { $0.noiseSigma = 8 }),
    ]

    @Test(arguments: distortions.indices)
    func sameCoverVerifiesUnderEachDistortionAtItsMaximum(_ index: Int) throws {
        let design = Self.cover(0, template: 7)
        let result = ImageMatcher.compare(
            photo: try Self.photo(design, Self.distortions[index].1), candidate: Self.candidate(design))
        #expect(result.verdict == .verified, "\(Self.distortions[index].0): score \(result.score)")
    }

    @Test func sameCoverCleanShotScoresHigh() throws {
        let design = Self.cover(1, template: 11)
        let result = ImageMatcher.compare(photo: try Self.photo(design), candidate: Self.candidate(design))
        #expect(result.verdict == .verified)
        #expect(result.score > 0.6)
    }

    @Test(arguments: [(0, 1), (1, 2), (2, 0)])
    func differentCoverIsNotVerified(_ photographed: Int, _ other: Int) throws {
        let photo = try Self.photo(Self.cover(photographed, template: 5))
        let result = ImageMatcher.compare(photo: photo, candidate: Self.candidate(Self.cover(other, template: 9)))
        #expect(result.verdict == .mismatch, "score \(result.score)")
    }

    @Test(arguments: [(0, 1), (1, 2), (2, 0)])
    func decoySharingTheTemplateIsNotVerified(_ photographed: Int, _ other: Int) throws {
        let photo = try Self.photo(Self.cover(photographed, template: 21))
        let result = ImageMatcher.compare(photo: photo, candidate: Self.candidate(Self.cover(other, template: 21)))
        #expect(result.verdict != .verified, "score \(result.score)")
    }

    @Test(arguments: [(0.6, MatchVerdict.verified), (0.5, .verified), (0.49, .unsure), (0.25, .unsure), (0.1, .mismatch)])
    func verdictFollowsTheThresholds(_ score: Double, _ verdict: MatchVerdict) {
        #expect(ImageMatcher.verdict(score) == verdict)
    }

    /// Edges that line up perfectly do not make a match when the colours disagree (one layout, other colours).
    @Test(arguments: [
        (MatchScorer.Evidence(gradient: 1, gradientLowQuartile: 1, colourLowQuartile: 0.1), 0.0),
        (MatchScorer.Evidence(gradient: 1, gradientLowQuartile: 1, colourLowQuartile: 0.34), 0.0),
        (MatchScorer.Evidence(gradient: 1, gradientLowQuartile: 1, colourLowQuartile: 1), 1.0),
        (MatchScorer.Evidence(gradient: 0.5, gradientLowQuartile: 0.5, colourLowQuartile: 0.5), 0.5),
        (MatchScorer.Evidence(gradient: -1, gradientLowQuartile: -1, colourLowQuartile: 0.5), 0.1),
    ])
    func colourVetoesAndWeighs(_ evidence: MatchScorer.Evidence, _ score: Double) {
        #expect(abs(ImageMatcher.combined(evidence) - score) < 1e-6)
    }

    /// The fixture world's covers share one layout in twelve colours: none verifies as another.
    @Test(arguments: [("05", "12"), ("01", "07"), ("02", "10"), ("04", "01"), ("04", "12"), ("11", "01"), ("06", "02")])
    func sameLayoutInOtherColoursIsNotVerified(_ photographed: String, _ other: String) throws {
        func cover(_ prefix: String) throws -> DecodedRGB {
            let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) })
            return try JPEGDecoder.decodeRGB(try album.cover(width: 500, height: 500), maxSide: nil, limits: ImageLimits())
        }
        let result = ImageMatcher.compare(photo: try cover(photographed), candidate: try cover(other))
        #expect(result.verdict != .verified, "score \(result.score) \(result.evidence)")
        let itself = ImageMatcher.compare(photo: try cover(photographed), candidate: try cover(photographed))
        #expect(itself.verdict == .verified, "score \(itself.score)")
    }

    /// Describing and comparing in one step (the dense search beside the cover's SIFT for a photo with few features)
    /// gives what describing, then comparing, gives: a flat fixture cover and a textured synthetic one.
    @Test(arguments: [false, true])
    func describingAndComparingInOneStepChangesNothing(_ textured: Bool) throws {
        let photo: DecodedRGB
        let candidate: DecodedRGB
        if textured {
            let design = Self.cover(2, template: 13)
            (photo, candidate) = (try Self.photo(design), Self.candidate(design))
        } else {
            let album = FixtureCatalog.albums[4]
            candidate = try JPEGDecoder.decodeRGB(try album.cover(width: 500, height: 500), maxSide: nil, limits: ImageLimits())
            photo = try JPEGDecoder.decodeRGB(try album.cover(width: 640, height: 480), maxSide: nil, limits: ImageLimits())
        }
        #expect((GeometricStage.photoFeatures(photo).count >= GeometricStage.richPhoto) == textured)
        let (descriptor, result) = ImageMatcher.describeAndCompare(photo: photo, candidate: candidate)
        let described = MatchDescriptor(image: candidate)
        let compared = ImageMatcher.compare(photo: photo, descriptor: described)
        #expect(descriptor == described)
        #expect(result.score == compared.score)
        #expect(result.verdict == .verified)
    }
}
