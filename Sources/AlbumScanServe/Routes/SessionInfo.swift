import AlbumScanCore

/// `GET /api/session`: what the page shows and offers: the session's shop-field defaults, the grades in Discogs'
/// words, and the upload cap.
struct SessionInfo: Encodable {
    var defaults: [String: String]
    var mediaGrades: [String]
    var sleeveGrades: [String]
    var maxBytes: Int
    var queueBound: Int

    init(configuration: ServeConfiguration) {
        defaults = Dictionary(
            uniqueKeysWithValues: ShopField.allCases.compactMap { field in
                configuration.defaults[field].map { (field.rawValue, $0) }
            })
        mediaGrades = Grade.Scale.media.grades
        sleeveGrades = Grade.Scale.sleeve.grades
        maxBytes = configuration.maxBytes
        queueBound = configuration.queueBound
    }
}
