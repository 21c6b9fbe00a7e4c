/// Where each of an album's catalogue facts came from: the sleeve (what the photo showed, as the model or the barcode
/// reader read it) or the MusicBrainz release the scan settled on. In JSON, `album.sources`, with a key only for the
/// fields that have a value.
package struct AlbumSources: Codable, Sendable, Equatable {
    package enum Source: String, Codable, Sendable { case sleeve, musicbrainz }

    package var label: Source?
    package var year: Source?
    package var catalogNumber: Source?
    package var format: Source?
    package var country: Source?
    package var barcode: Source?

    package init(
        label: Source? = nil, year: Source? = nil, catalogNumber: Source? = nil, format: Source? = nil,
        country: Source? = nil, barcode: Source? = nil
    ) {
        self.label = label
        self.year = year
        self.catalogNumber = catalogNumber
        self.format = format
        self.country = country
        self.barcode = barcode
    }

    /// The same fields, each marked as MusicBrainz's.
    var asMusicBrainz: AlbumSources {
        let mark = { (source: Source?) in source.map { _ in Source.musicbrainz } }
        return AlbumSources(
            label: mark(label), year: mark(year), catalogNumber: mark(catalogNumber), format: mark(format),
            country: mark(country), barcode: mark(barcode))
    }

    /// Every field that has a value marked as the sleeve's.
    package static func sleeve(of album: Album) -> AlbumSources {
        AlbumSources(
            label: album.label.map { _ in .sleeve }, year: album.year.map { _ in .sleeve },
            catalogNumber: album.catalogNumber.map { _ in .sleeve }, format: album.format.map { _ in .sleeve },
            country: album.country.map { _ in .sleeve }, barcode: album.barcode.map { _ in .sleeve })
    }
}
