import AlbumScanCore
import Foundation

/// What `GET /api/jobs/ID` answers and `GET /api/jobs` lists: a job's state, its stage, and once done the object
/// `scan --json` prints for the photo.
struct JobSnapshot: Encodable, Sendable {
    enum State: String, Encodable, Sendable { case queued, running, done }

    var job: String
    var state: State
    /// `queued`, `preparing`, `identifying`, `searching`, `found`, `reviewing`, `saving` or `done`.
    var stage: String
    /// The album once found, for "We found ALBUM by ARTIST" before the review is in.
    var found: FoundAlbum?
    var result: ScanResult?
    /// The photo's name as sent.
    var file: String
    var sha256: String
    var receivedAt: Date

    /// The album's two names.
    struct FoundAlbum: Encodable, Sendable {
        var artist: String
        var title: String
    }

    /// The code of a pipeline stage.
    static func code(_ stage: ScanStage) -> String {
        switch stage {
        case .preparing: "preparing"
        case .identifying: "identifying"
        case .searching: "searching"
        case .found: "found"
        case .reviewing: "reviewing"
        case .waiting: "waiting"
        case .saving: "saving"
        }
    }
}
