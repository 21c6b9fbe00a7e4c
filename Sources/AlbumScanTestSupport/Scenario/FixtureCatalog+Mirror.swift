import AlbumScanCore

extension FixtureCatalog {
    /// `count` (at most 216) ordinary albums for crates bigger than the colour rule of `albums` can tell apart: each
    /// has its own background on a 6×6×6 colour grid (51 apart per channel), is named by Call 1 and has no artwork
    /// (so no cover is fetched or compared). With `catalogueOnDiscogs`, MusicBrainz links none of them to Discogs and
    /// the sleeve's catalogue number is listed on Discogs instead.
    package static func generatedCrate(_ count: Int, catalogueOnDiscogs: Bool = false) -> [FixtureAlbum] {
        let motifs: [FixtureAlbum.Motif] = [.ringAndBar, .twinBlocks, .diagonalDots, .frame, .target, .checker, .cross]
        return (0..<min(count, 216)).map { index in
            let colour = SyntheticCover.Colour(
                UInt8(index % 6 * 51), UInt8(index / 6 % 6 * 51), UInt8(index / 36 % 6 * 51))
            var album = FixtureAlbum(
                slug: "g\(index)-crate", artist: "Crate Artist \(index)", title: "Crate Album \(index)", year: "1990",
                genres: ["Rock"], label: "Crate Label", colour: colour, artwork: .none, motif: motifs[index % motifs.count])
            if catalogueOnDiscogs {
                album.sleeve = Edition(catalogNumber: "CRATE \(index)")
                album.discogsListing = [5_000_000 + index]
            } else {
                album.discogsReleaseIds = [4_000_000 + index]
            }
            return album
        }
    }
}
