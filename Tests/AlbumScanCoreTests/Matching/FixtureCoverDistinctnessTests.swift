import AlbumScanMatching
import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Every cover of the crate's fixture world (the twelve originals and the ten extras) against every album's
/// artwork, through the live matcher scans use: a phone photo verifies against its own art and against no other.
@Suite struct FixtureCoverDistinctnessTests {
    static let world = FixtureCatalog.withCrateExtras

    /// The descriptor the store keeps of each album's 500 px front image, made once.
    static let descriptors: [Data] = world.map { album in
        (try? ArtworkMatcher.live.describe(album.cover(width: 500, height: 500))) ?? Data()
    }

    /// A photo of the cover on a grey table: tilted, turned, off-centre, a warm cast, JPEG 70, as uploaded.
    static func photo(of album: FixtureAlbum) throws -> DecodedRGB {
        let cover = try JPEGDecoder.decodeRGB(try album.cover(width: 768, height: 768), maxSide: nil, limits: ImageLimits())
        var shot = PhoneShot()
        shot.coverFraction = 0.8
        shot.offset = (0.04, -0.03)
        shot.tiltDegrees = 8
        shot.tiltDirection = 30
        shot.rotationDegrees = 3
        shot.brightness = 0.9
        shot.cast = [1.1, 1.0, 0.9]
        shot.jpegQuality = 70
        let table = DecodedRGB(pixels: [UInt8](repeating: 128, count: 64 * 48 * 3), width: 64, height: 48)
        let rendered = try shot.render(cover: cover, background: table)
        let jpeg = try JPEGEncoder.encodeRGB(rendered.pixels, width: rendered.width, height: rendered.height, quality: 70)
        return try ArtworkMatcher.live.photo(ImagePrep.prepareUpload(jpeg, limits: ImageLimits()).pixels)
    }

    @Test func everyAlbumHasItsOwnColourAndNoTwoExtrasShareAMotif() {
        let colours = Self.world.map { [$0.colour.red, $0.colour.green, $0.colour.blue] }
        #expect(Set(colours).count == Self.world.count)
        let extras = FixtureCatalog.crateExtras.map(\.motif)
        #expect(Set(extras.map { "\($0)" }).count == extras.count)
        #expect(!extras.contains(.ringAndBar), "the extras differ in layout from the originals too")
        #expect(Set(Self.world.map(\.slug)).count == Self.world.count)
    }

    @Test(arguments: FixtureCatalog.albums.count..<world.count)
    func anExtraAlbumsPhotoVerifiesAgainstItsOwnArtAndNoOther(_ index: Int) throws {
        let album = Self.world[index]
        let photo = try Self.photo(of: album)
        let scores = try Self.descriptors.map { try ArtworkMatcher.live.compare(photo, $0) }
        #expect(scores[index].status == .verified, "\(album.slug) against its own art: \(scores[index].score)")
        for (other, score) in scores.enumerated() where other != index {
            #expect(score.status != .verified, "\(album.slug) verified against \(Self.world[other].slug): \(score.score)")
        }
    }

    // The originals share one layout, so among themselves only colour and contrast tell them apart: the same layout
    // in another colour (05 and 08), or a grey sleeve against a black one with a white mark (04 and 09), is another
    // cover. Their own art is not asserted here: some originals are flat in luma (07's cyan and its red mark are
    // equally bright), which the search, working on luma, cannot place.
    @Test(arguments: FixtureCatalog.albums.indices)
    func anOriginalAlbumsPhotoIsNotVerifiedAgainstAnyOtherAlbumsArt(_ index: Int) throws {
        let album = Self.world[index]
        let photo = try Self.photo(of: album)
        for other in Self.world.indices where other != index {
            let score = try ArtworkMatcher.live.compare(photo, Self.descriptors[other])
            #expect(score.status != .verified, "\(album.slug) verified against \(Self.world[other].slug): \(score.score)")
        }
    }
}
