import AlbumScanCore
import Foundation

/// One fictional album of the fixture world: its cover, what the fakes say about it, and which path it exercises.
package struct FixtureAlbum: Sendable {
    /// How identification goes for this cover.
    package enum Identification: Sendable {
        /// ID Call 1 names it.
        case callOne
        /// Call 1 asks for a search with readable text; Call 2 names it.
        case searchPasses
        /// Call 1 asks for a search but reads almost nothing: the gate blocks.
        case searchBlocked
        /// Call 1 gives up.
        case unresolved
    }

    /// What the Cover Art Archive has.
    package enum Artwork: Sendable {
        case front
        /// An old listing: string ids, only small/large thumbnails.
        case legacyListing
        /// Nothing for the release; the release group has a front.
        case releaseGroupOnly
        case none
    }

    package var slug: String
    package var artist: String
    package var title: String
    package var year: String
    package var genres: [String]
    package var label: String
    /// The cover's background colour, which is how the fake vision model "recognises" it.
    package var colour: SyntheticCover.Colour
    package var identification: Identification = .callOne
    package var artwork: Artwork = .front
    /// The review model answers with junk for this album.
    package var reviewFails = false
    /// MusicBrainz lists decoys (bootleg, live, reissue, compilation) before the original.
    package var decoys = false
    /// The barcode MusicBrainz stores for the release (13 digits, or a UPC-A's 12), if it lists one.
    package var barcode: String? = nil
    /// The shapes in the middle of the cover.
    package var motif: Motif = .ringAndBar
    /// A real front image to serve instead of the synthetic cover (whatever size is asked for).
    package var coverJPEG: Data? = nil
    /// What the sleeve in the photo says of its edition: the fake models report it.
    package var sleeve = Edition()
    /// The Discogs releases MusicBrainz links the original release to.
    package var discogsReleaseIds: [Int] = []
    /// The releases a Discogs search by the sleeve's barcode or catalogue number finds (MusicBrainz links none).
    package var discogsListing: [Int] = []
    /// Other editions MusicBrainz lists besides the original (and the decoys), each with the same cover.
    package var editions: [FixtureEdition] = []

    package var releaseID: String { FakeIDs.uuid("fixture:\(slug):release") }

    /// The MBID of one of `editions`.
    package func releaseID(of edition: FixtureEdition) -> String { FakeIDs.uuid("fixture:\(slug):edition:\(edition.name)") }
    package var releaseGroupID: String { FakeIDs.uuid("fixture:\(slug):group") }

    /// The synthetic cover photo: the background colour with the motif's shapes in the middle.
    /// Encoded once per size and process, since many tests start the fixture world.
    package func cover(width: Int = 900, height: Int = 900) throws -> Data {
        if let coverJPEG { return coverJPEG }
        let key = "\(slug)@\(width)x\(height)"
        if let cached = Self.covers.withLock({ $0[key] }) { return cached }
        let data = try render(width: width, height: height)
        Self.covers.withLock { $0[key] = data }
        return data
    }

    private static let covers = LockedValue<[String: Data]>([:])

    private func render(width: Int, height: Int) throws -> Data {
        let accent = SyntheticCover.Colour(255 &- colour.red, 255 &- colour.green, 255 &- colour.blue)
        let design = SyntheticCover(background: .solid(colour), shapes: motif.shapes(accent: accent, background: colour))
        return try design.jpeg(width: width, height: height)
    }

    /// The album as the fake models report it.
    package var album: Album { Album(artist: artist, title: title, year: year, genres: genres, label: label) }
}
