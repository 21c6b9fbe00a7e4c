/// One more edition of a fixture album on MusicBrainz: another catalogue number, format or country.
package struct FixtureEdition: Sendable {
    /// Names the edition's MBID within its album.
    package var name: String
    package var catalogNumber: String
    /// As MusicBrainz names media: `12" Vinyl`, `CD`, `Cassette`, …
    package var format: String
    package var country: String
    package var date: String
    /// The Discogs releases MusicBrainz links this edition to.
    package var discogsReleaseIds: [Int] = []

    package init(
        name: String, catalogNumber: String, format: String, country: String, date: String, discogsReleaseIds: [Int] = []
    ) {
        self.name = name
        self.catalogNumber = catalogNumber
        self.format = format
        self.country = country
        self.date = date
        self.discogsReleaseIds = discogsReleaseIds
    }
}
