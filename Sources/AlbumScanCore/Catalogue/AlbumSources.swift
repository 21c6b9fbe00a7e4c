/// Where each of an album's catalogue facts came from: the sleeve (what the photo showed, as the model or the barcode
/// reader read it) or the MusicBrainz release the scan settled on. In JSON, `album.sources`, with a key only for the
/// fields that have a value.
package struct AlbumSources: Codable, Sendable, Equatable {
    /// Where a fact came from: read off the front photo (`sleeve`: it appears in the text the model read there) or the
    /// back (`back`), known to the model without being read (`model`), MusicBrainz's or Discogs' release, or typed by
    /// the user (`manual`). A correction keeps only `sleeve`, `back` and `manual` facts (DESIGN wave 5).
    package enum Source: String, Codable, Sendable { case sleeve, back, model, musicbrainz, discogs, manual }

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

    /// Each fact of a model's answer marked `sleeve` when its value appears in the text the model read off the photo
    /// (case and spacing aside), else `model`.
    package static func read(_ album: Album, in extractedText: String) -> AlbumSources {
        let text = fold(extractedText)
        let mark = { (value: String?) -> Source? in
            value.map { fold($0).isEmpty || !text.contains(fold($0)) ? .model : .sleeve }
        }
        return AlbumSources(
            label: mark(album.label), year: mark(album.year), catalogNumber: mark(album.catalogNumber),
            format: mark(album.format), country: mark(album.country), barcode: mark(album.barcode))
    }

    /// Lower case, with every run of anything but letters and digits as one space.
    private static func fold(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// Whether a fact from `source` survives a correction: read off the photo or typed by the user.
    static func isOwnReading(_ source: Source?) -> Bool {
        source == .sleeve || source == .back || source == .manual
    }

    /// Every field that has a value marked as the sleeve's.
    package static func sleeve(of album: Album) -> AlbumSources {
        AlbumSources(
            label: album.label.map { _ in .sleeve }, year: album.year.map { _ in .sleeve },
            catalogNumber: album.catalogNumber.map { _ in .sleeve }, format: album.format.map { _ in .sleeve },
            country: album.country.map { _ in .sleeve }, barcode: album.barcode.map { _ in .sleeve })
    }
}
