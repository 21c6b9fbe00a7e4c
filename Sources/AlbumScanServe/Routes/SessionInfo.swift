import AlbumScanApp
import AlbumScanCore

/// `GET /api/session`: what the page shows and offers: the session's shop-field defaults, the grades in Discogs'
/// words, the stage words, the upload cap, and the asking client's id (a change log's door `page:ID`, so the page can tell its own
/// changes from another phone's).
struct SessionInfo: Encodable {
    var client: String
    var defaults: [String: String]
    var mediaGrades: [String]
    var sleeveGrades: [String]
    var maxBytes: Int
    var queueBound: Int
    /// The words for each stage of a job (`StageWords`, the CLI's), and the seconds after which `identifying`
    /// reads as `searching`.
    var stageWords: [String: String]
    var searchingAfterSeconds: Double

    init(configuration: ServeConfiguration, client: String) {
        self.client = client
        defaults = Dictionary(
            uniqueKeysWithValues: ShopField.allCases.compactMap { field in
                configuration.defaults[field].map { (field.rawValue, $0) }
            })
        mediaGrades = Grade.Scale.media.grades
        sleeveGrades = Grade.Scale.sleeve.grades
        maxBytes = configuration.maxBytes
        queueBound = configuration.queueBound
        stageWords = StageWords.byCode
        searchingAfterSeconds = StageWords.searchSwitch
    }
}
