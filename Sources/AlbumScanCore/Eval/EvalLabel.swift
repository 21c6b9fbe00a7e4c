/// One labelled photo of an eval set: a row of the labels CSV.
public struct EvalLabel: Sendable, Equatable {
    /// The CSV line the row starts on, for messages.
    public var line: Int
    /// The photo's path as written in the CSV (relative paths are relative to the CSV's folder).
    public var file: String
    public var artist: String
    public var album: String
    /// A MusicBrainz release group id (a release id is accepted too), lowercased.
    public var mbid: String?
    /// The barcode as digits; kept in the report, not used to judge an answer.
    public var barcode: String?

    public init(line: Int, file: String, artist: String, album: String, mbid: String? = nil, barcode: String? = nil) {
        self.line = line
        self.file = file
        self.artist = artist
        self.album = album
        self.mbid = mbid
        self.barcode = barcode
    }

    /// The normalised album key an answer must share (`ReviewCacheKey`).
    public var key: String { ReviewCacheKey.make(artist: artist, title: album) }
}
