import Foundation

@testable import AlbumScanCore

/// The state-machine test's reference: what each scan must show after a sequence of steps, kept in plain
/// dictionaries with none of the store's SQL. Its rules are DESIGN wave 5's, written out once more: a scan's facts
/// are its own, a version grows only with a change, a stale write changes nothing, a photo sent again to the page
/// keeps its fields.
struct LedgerModel {
    struct Scan: Equatable {
        var photo: Int
        var album: Album
        var shop: ShopFields
        var version: Int
    }

    /// Four releases; photo `p` is answered as release `p % 4` (photos 4 and 5 are second copies of 0 and 1).
    static let releases = 4
    static let photos = 6

    static func release(_ index: Int) -> Album {
        var album = Album(
            artist: "Artist \(index)", title: "Title \(index)", year: "\(1980 + index)", genres: ["Genre \(index)"],
            label: "Label \(index)", musicbrainzReleaseId: "mbid-\(index)")
        album.discogs = .pending
        return album
    }

    static func sha(_ photo: Int) -> String { String(repeating: String(format: "%02x", photo), count: 32) }
    static func file(_ photo: Int) -> String { "photo-\(photo).jpg" }

    var scans: [Int64: Scan] = [:]
    /// Releases whose Discogs links a fill learned, and what: a later scan of the release copies them.
    var learnedLinks: [Int: DiscogsLink] = [:]
    /// Photos whose last try found nothing, with no scan since.
    var failures: Set<Int> = []

    func scanId(of photo: Int) -> Int64? { scans.filter { $0.value.photo == photo }.keys.max() }

    /// The largest id ever given: a deleted scan's id is never given again (the store's ids are AUTOINCREMENT).
    var lastId: Int64 = 0
    var nextId: Int64 { lastId + 1 }

    /// The album a new scan or a rescan of `photo` shows: its release's facts, with the links learned for it.
    func answer(for photo: Int) -> Album {
        var album = Self.release(photo % Self.releases)
        if let learned = learnedLinks[photo % Self.releases] { album.discogs = learned }
        return album
    }

    /// Applies a change to one scan; its version grows only when what it shows changed.
    mutating func change(_ id: Int64, _ body: (inout Scan) -> Void) {
        guard var scan = scans[id] else { return }
        let before = scan
        body(&scan)
        if scan != before { scan.version += 1 }
        scans[id] = scan
    }
}
