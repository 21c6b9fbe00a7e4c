import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Quality that judges the photo, not the palette: every sharp flat-colour sleeve passes however it is saved, even
/// when its two colours are equally bright, and a dim photo is refused whatever one small glare spot adds.
@Suite struct FlatSleeveQualityTests {
    static func measure(_ file: Data) throws -> QualityMeasures {
        try PhotoQuality.measure(ImagePrep.prepareUpload(file, limits: ImageLimits()), limits: ImageLimits())
    }

    /// Twenty colour pairs (fourteen within 22 levels of luma, nine within 4), each as PNG, JPEG q95 and q75.
    @Test(arguments: FlatSleeve.pairs, FlatSleeve.Encoding.allCases)
    func flatSleevesPass(_ sleeve: FlatSleeve, _ encoding: FlatSleeve.Encoding) throws {
        let measures = try Self.measure(sleeve.file(encoding))
        #expect(QualityJudge.problem(measures) == nil, "\(sleeve) (luma apart \(sleeve.lumaDifference)), \(encoding.rawValue): \(measures)")
    }

    /// Fixture 08's colours (orange and blue, 19 levels of luma apart) as a clean 3024 px file.
    @Test func aLargeCleanFlatSleevePasses() throws {
        let measures = try Self.measure(FlatSleeve.pairs[0].file(.png, side: 3024))
        #expect(QualityJudge.problem(measures) == nil, "\(measures)")
        #expect(try #require(measures.colourSharpness) > 1.5 * QualityJudge.Thresholds().minimumSharpness)
    }

    /// Three stops under with one small, hard, clipped glare spot: judged as the same photo without the spot (too
    /// dark, or for a cover whose own contrast survives three stops, usable). The check before issue 41 let the
    /// spot's rim pass some of these as lit.
    @Test func aSmallGlareSpotDoesNotLightADimPhoto() throws {
        let set = QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 7)
        var rescuedBefore = 0
        var refused = 0
        for index in 0..<8 {
            func upload(_ kind: QualityEvalSet.Kind) throws -> PhotoQuality.DecodedUpload {
                let photo = try set.photo(kind, index)
                let jpeg = try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 92)
                return try PhotoQuality.decode(ImagePrep.prepareUpload(jpeg, limits: ImageLimits()), limits: ImageLimits())
            }
            let (plain, spotted) = (try upload(.underexposed), try upload(.dimSmallGlare))
            let measures = PhotoQuality.measures(spotted)
            #expect(measures.clippedHighlights > 0, "#\(index): the spot clips")
            #expect(QualityJudge.problem(measures) == QualityJudge.problem(PhotoQuality.measures(plain)), "#\(index): \(measures)")
            if QualityJudge.problem(measures) == .tooDark { refused += 1 }
            let before = (QualityJudge.problem(PhotoQuality.lumaOnlyMeasures(plain)), QualityJudge.problem(PhotoQuality.lumaOnlyMeasures(spotted)))
            if before.0 == .tooDark, before.1 == nil { rescuedBefore += 1 }
        }
        #expect(refused >= 6)
        #expect(rescuedBefore >= 1, "the spot rescued none of these before issue 41: the case tests nothing")
    }
}
