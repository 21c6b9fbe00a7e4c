import AlbumScanCore
import Foundation

/// Albums stored as if scanned and verified earlier: what Call 0's library tests and bench fill a store with.
package enum StoredAlbums {
    /// The title of stored album `index` (`scan(_:name:descriptor:)`'s).
    package static func title(_ index: Int, name: String) -> String {
        "\(name) Album \(index)"
    }

    /// Album `index`, "`name` Album `index`" by "`name` Artist `index`", whose verified front image `descriptor`
    /// describes (`MatchDescriptor.data`).
    package static func scan(_ index: Int, name: String, descriptor: Data) -> NewScan {
        var album = Album(
            artist: "\(name) Artist \(index)", title: title(index, name: name), year: "2000", genres: [], label: nil)
        album.musicbrainzReleaseId = FakeIDs.uuid("\(name):\(index)")
        return NewScan(
            scannedAt: Date(), fileName: "\(name)-\(index).jpg", inputSha256: "", tier: .base, calls: 1,
            searchGate: .notNeeded, album: album, artworkStatus: .fetched, artworkURL: nil, reviewStatus: .unavailable,
            reviewKey: "\(name) \(index)", promptHash: "", timings: [:],
            verification: Verification(status: .verified, score: 1, releaseId: album.musicbrainzReleaseId),
            artworkDescriptor: descriptor)
    }

    /// Saves `scans` with a cached review each, so Call 0 can answer for any of them.
    package static func save(_ scans: [NewScan], in store: AlbumStore) async throws {
        let review = Review(
            summary: "A stored album.", bullets: ["One.", "Two.", "Three."], rating: 7, recommendation: "Worth a Listen",
            keyTracks: ["A", "B", "C"])
        try await store.run { database in
            _ = try database.saveScans(scans)
            for scan in scans {
                try database.saveReview(review, key: AlbumKey(scan.album).work, model: "test", promptHash: "", at: Date())
            }
        }
    }
}
