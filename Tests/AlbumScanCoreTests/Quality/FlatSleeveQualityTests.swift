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
        #expect(try #require(measures.colourSharpness) > 2 * QualityJudge.Thresholds().minimumSharpness)
    }

    /// Three stops under with one small, hard, clipped glare spot: too dark, as without the spot.
    @Test(arguments: 0..<8)
    func aDimPhotoWithASmallGlareSpotIsTooDark(_ index: Int) throws {
        let set = QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 7)
        let photo = try set.photo(.dimSmallGlare, index)
        let jpeg = try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 92)
        let measures = try Self.measure(jpeg)
        #expect(measures.clippedHighlights > 0, "the spot clips")
        #expect(QualityJudge.problem(measures) == .tooDark, "#\(index): \(measures)")
    }
}
