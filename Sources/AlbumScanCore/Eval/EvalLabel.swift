/// One labelled photo of an eval set: a row of the labels CSV.
package struct EvalLabel: Sendable, Equatable {
    /// The CSV line the row starts on, for messages.
    package var line: Int
    /// The photo's path as written in the CSV (relative paths are relative to the CSV's folder).
    package var file: String
    package var artist: String
    package var album: String
    /// A MusicBrainz release group id (a release id is accepted too), lowercased.
    package var mbid: String?
    /// The barcode as digits; kept in the report, not used to judge an answer.
    package var barcode: String?

    package init(line: Int, file: String, artist: String, album: String, mbid: String? = nil, barcode: String? = nil) {
        self.line = line
        self.file = file
        self.artist = artist
        self.album = album
        self.mbid = mbid
        self.barcode = barcode
    }

    /// The album an answer must name.
    package var key: AlbumKey { AlbumKey(artist: artist, title: album) }
}
