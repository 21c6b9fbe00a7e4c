import Testing

@testable import AlbumScanMatching

/// The closer look: the photo rectified onto the cover's frame, and features that must agree there. A placement off
/// by a tenth of the cover is put right; another cover at that place, or the cover half hidden, is not taken for it.
@Suite struct CloserLookTests {
    static let frame = (width: 640, height: 480)
    /// Where the cover sits in the photo: 300 px square from (160, 90).
    static let origin = (x: 160, y: 90)
    static let side = 300
    /// The plane the placement is given in, as the matcher's working planes are: half the photo's width.
    static let workingWidth = 320

    /// The photo: a textured backdrop with `cover` pasted on, and `hide` of its right part covered by other imagery.
    static func photo(of cover: DecodedRGB, hidingRight hide: Double = 0) -> DecodedRGB {
        let backdrop = GeometricStageTests.textured(90)
        let other = GeometricStageTests.textured(91)
        var pixels = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let (u, v) = (x - origin.x, y - origin.y)
                let inside = u >= 0 && u < side && v >= 0 && v < side
                let hidden = inside && Double(u) >= Double(side) * (1 - hide)
                let source = inside ? (hidden ? other : cover) : backdrop
                let (sx, sy) = inside ? (u * 400 / side, v * 400 / side) : (x * 400 / frame.width, y * 400 / frame.height)
                for c in 0..<3 { pixels[(y * frame.width + x) * 3 + c] = source.pixels[(sy * 400 + sx) * 3 + c] }
            }
        }
        return DecodedRGB(pixels: pixels, width: frame.width, height: frame.height)
    }

    /// The cover's true corners in working-plane coordinates, moved by `shift` of the cover's side.
    static func quad(shiftedBy shift: Float = 0) -> Quad {
        let scale = Float(workingWidth) / Float(frame.width)
        let (x, y, s) = (Float(origin.x) * scale, Float(origin.y) * scale, Float(side) * scale)
        let d = shift * s
        return Quad(corners: [SIMD2(x + d, y + d), SIMD2(x + s + d, y + d), SIMD2(x + s + d, y + s + d), SIMD2(x + d, y + s + d)])
    }

    @Test func aPlacementOffByATenthIsPutRight() throws {
        let cover = GeometricStageTests.textured(41)
        let agreement = CloserLook.agreement(
            photo: Self.photo(of: cover), quad: Self.quad(shiftedBy: 0.1), workingWidth: Self.workingWidth,
            descriptor: MatchDescriptor(image: cover))
        #expect(agreement.cells >= GeometricStage.closerCells)
        #expect(agreement.matches >= 40)
        let corrected = try #require(agreement.quad)
        for (found, truth) in zip(corrected.corners, Self.quad().corners) {
            #expect(abs(found.x - truth.x) < 2 && abs(found.y - truth.y) < 2, "corner \(found), truth \(truth)")
        }
    }

    @Test func anotherCoverAtThatPlaceDoesNotAgree() {
        let agreement = CloserLook.agreement(
            photo: Self.photo(of: GeometricStageTests.textured(41)), quad: Self.quad(), workingWidth: Self.workingWidth,
            descriptor: MatchDescriptor(image: GeometricStageTests.textured(42)))
        #expect(agreement.cells < 4)
        #expect(agreement.quad == nil)
    }

    @Test func aCoverHalfHiddenAgreesOnlyWhereItShows() {
        let cover = GeometricStageTests.textured(41)
        let agreement = CloserLook.agreement(
            photo: Self.photo(of: cover, hidingRight: 0.5), quad: Self.quad(), workingWidth: Self.workingWidth,
            descriptor: MatchDescriptor(image: cover))
        #expect(agreement.cells >= 6)
        #expect(agreement.cells <= 9)
    }
}

/// When the features' closer look may verify a cover on its own.
@Suite struct GeometricScoreTests {
    static func evidence(lowQuartile: Float, closerCells: Int, chroma: Float = 0.8) -> MatchScorer.Evidence {
        var e = MatchScorer.Evidence(gradient: 0.4, gradientLowQuartile: lowQuartile, colourLowQuartile: 0.5)
        (e.inliers, e.inlierCells, e.chroma) = (20, 8, chroma)
        (e.closerMatches, e.closerCells) = (closerCells * 6, closerCells)
        return e
    }

    @Test(arguments: [
        // Gradients washed out (glare), features agreeing over nearly the whole cover: verified.
        (Float(0.1), GeometricStage.closerCells, true),
        (Float(0.1), 16, true),
        // One region short: the gradients must carry it, and these cannot.
        (Float(0.1), GeometricStage.closerCells - 1, false),
        // Good gradients verify without the closer look.
        (Float(0.7), 0, true),
    ])
    func verdict(lowQuartile: Float, closerCells: Int, verified: Bool) {
        let score = GeometricStage.score(Self.evidence(lowQuartile: lowQuartile, closerCells: closerCells))
        #expect((score >= ImageMatcher.verifiedThreshold) == verified, "score \(score)")
    }

    @Test func anotherColourStillVetoes() {
        let e = Self.evidence(lowQuartile: 0.1, closerCells: 16, chroma: GeometricStage.chromaGate - 0.05)
        #expect(GeometricStage.score(e) == 0)
    }
}
