import AlbumScanCore

extension FixtureCatalog {
    /// A sleeve whose catalogue number, format and country are readable; MusicBrainz lists three editions.
    package static let editionReadable = FixtureAlbum(
        slug: "81-lumen-drift", artist: "Lumen Drift", title: "Prism Atlas", year: "1984", genres: ["Synth-pop"],
        label: "Refraction", colour: .init(200, 30, 40), motif: .target,
        sleeve: Edition(catalogNumber: "PRM 2042", format: "LP", country: "DE"),
        editions: [
            FixtureEdition(
                name: "de-lp", catalogNumber: "PRM-2042", format: "12\" Vinyl", country: "DE", date: "1985-03-01",
                discogsReleaseIds: [7_002_042, 7_002_043]),
            FixtureEdition(name: "gb-cass", catalogNumber: "PRM 2042C", format: "Cassette", country: "GB", date: "1985-05-01"),
        ])
    /// A sleeve that says nothing of its edition; the original has no Discogs link, a reissue has one.
    package static let editionSilent = FixtureAlbum(
        slug: "82-tin-orchard", artist: "Tin Orchard", title: "Windfall", year: "1990", genres: ["Folk"], label: "Cider",
        colour: .init(30, 60, 190), motif: .frame,
        editions: [
            FixtureEdition(
                name: "reissue", catalogNumber: "CID 9", format: "12\" Vinyl", country: "US", date: "2005",
                discogsReleaseIds: [7_100_001])
        ])
    /// Only format and country are readable: they pick the cassette pressed in the US over the earlier LP and the CD.
    package static let editionTieBreak = FixtureAlbum(
        slug: "83-salt-choir", artist: "Salt Choir", title: "Brine", year: "1977", genres: ["Post-Punk"], label: "Shore",
        colour: .init(20, 150, 80), motif: .checker, sleeve: Edition(format: "cassette", country: "USA"),
        editions: [
            FixtureEdition(name: "gb-lp", catalogNumber: "SH 1", format: "12\" Vinyl", country: "GB", date: "1977-01-01"),
            FixtureEdition(
                name: "us-cass", catalogNumber: "SH 1C", format: "Cassette", country: "US", date: "1979-01-01",
                discogsReleaseIds: [7_200_002]),
        ])
    /// MusicBrainz links nothing; Discogs lists the sleeve's catalogue number (beside another label's record).
    package static let editionSearched = FixtureAlbum(
        slug: "84-quarry-lights", artist: "Quarry Lights", title: "Granite", year: "2001", genres: ["Indie"],
        label: "Stone", colour: .init(240, 200, 20), motif: .cross, sleeve: Edition(catalogNumber: "STN 77"),
        discogsListing: [6_600_001])


    /// The four, a world of their own (their colours repeat the main catalogue's).
    package static let editionAlbums = [editionReadable, editionSilent, editionTieBreak, editionSearched]
}
