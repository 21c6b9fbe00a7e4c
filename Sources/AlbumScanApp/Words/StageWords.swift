import AlbumScanCore
import Foundation

/// What a scan's stages are called while it runs, the seed app's words, for both doors: the terminal's progress line
/// and the phone page (the server sends them with `GET /api/session`; the page keeps no copy).
package enum StageWords {
    package static let queued = "Waiting for its turn"
    package static let identifying = "Extracting text and examining album art"
    package static let searching = "Flipping through every record bin in existence"
    package static let reviewing = "Writing a review that's somehow both pretentious and correct"
    /// After this long identifying, the words say it is searching, as in the app.
    package static let searchSwitch: TimeInterval = 3.5

    /// `We found TITLE by ARTIST`.
    package static func found(title: String, artist: String) -> String {
        "We found \(SafeText.clean(title)) by \(SafeText.clean(artist))"
    }

    /// `Waiting for Discogs, which asked for a pause`.
    package static func waiting(_ service: String) -> String {
        "Waiting for \(service), which asked for a pause"
    }

    /// The words for each stage code a server's job reports (`JobSnapshot.code`), `searching` for the switch after
    /// `searchSwitch`; `found` is the album's own line, made by the page from the album.
    package static let byCode: [String: String] = [
        "queued": queued, "preparing": identifying, "identifying": identifying, "searching": searching,
        "reviewing": reviewing, "waiting": waiting("Discogs"), "saving": reviewing,
    ]
}
