import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The quality check on real pixels: the fixture covers pass, and blur and darkness are caught.
@Suite struct QualityMeterTests {
    static func measure(_ jpeg: Data) throws -> QualityMeasures {
        try PhotoQuality.measure(ImagePrep.prepareUpload(jpeg, limits: ImageLimits()), limits: ImageLimits()).measures
    }

    static func photo(_ kind: QualityEvalSet.Kind, _ index: Int) throws -> Data {
        let set = QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 7)
        let image = try set.photo(kind, index)
        return try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 92)
    }

    /// Every fixture cover (flat synthetic designs) is a usable photo, as generated and as shipped.
    @Test(arguments: FixtureCatalog.albums.map(\.slug))
    func fixtureCoversPass(_ slug: String) throws {
        let album = try #require(FixtureCatalog.albums.first { $0.slug == slug })
        let measures = try Self.measure(album.cover(width: 900, height: 900))
        #expect(QualityJudge.problem(measures) == nil, "\(slug): \(measures)")
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/covers/\(slug).jpg")
        if let data = try? Data(contentsOf: shipped) {
            #expect(QualityJudge.problem(try Self.measure(data)) == nil, "shipped \(slug)")
        }
    }

    /// The same generated photo, sharp and blurred: the sharp one passes, the blurred one is refused as blurry.
    @Test func blurIsJudgedOnTheEdges() throws {
        let sharp = try Self.measure(Self.photo(.sharp, 0))
        let blurred = try Self.measure(Self.photo(.blurred, 0))
        #expect(QualityJudge.problem(sharp) == nil)
        #expect(QualityJudge.problem(blurred) == .tooBlurry)
        let sharpness = try #require(sharp.sharpness)
        let blurredSharpness = try #require(blurred.sharpness)
        #expect(sharpness > 3 * blurredSharpness)
    }

    /// Minimalist covers pass: a white sleeve with a little text, a dark cover, a single colour field.
    @Test(arguments: [QualityEvalSet.Kind.whiteSleeve, .darkCover, .colourField])
    func minimalistCoversPass(_ kind: QualityEvalSet.Kind) throws {
        for index in 0..<2 {
            let measures = try Self.measure(Self.photo(kind, index))
            #expect(QualityJudge.problem(measures) == nil, "\(kind) #\(index): \(measures)")
        }
    }

    /// A single colour field filling the frame has no edges: blur is not judged rather than guessed.
    @Test func aPlainFieldHasNoEdgesToJudge() throws {
        let jpeg = try SyntheticCover(background: .solid(.init(200, 40, 40)), shapes: []).jpeg(width: 600, height: 600)
        let measures = try Self.measure(jpeg)
        #expect(measures.sharpness == nil)
        #expect(QualityJudge.problem(measures) == nil)
    }

    /// A photo under 200 px on its short side is refused whatever it shows.
    @Test func aTinyPhotoIsTooSmall() throws {
        let jpeg = try FixtureCatalog.albums[0].cover(width: 320, height: 180)
        #expect(QualityJudge.problem(try Self.measure(jpeg)) == .tooSmall)
    }
}
