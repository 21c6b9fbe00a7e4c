import Foundation

@testable import AlbumScanCore

/// A fresh temp-file database per test, plus sample values.
final class StoreFixture {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("albumscan-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent(AlbumStore.defaultFileName).path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func open() throws -> StoreDatabase { try StoreDatabase(path: path) }

    /// The database file's size after moving the WAL into it.
    func checkpointedSize(_ store: StoreDatabase) throws -> Int {
        try store.checkpoint()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? -1
    }

    static let epoch = Date(timeIntervalSince1970: 1_795_000_000)

    static let okComputer = Album(
        artist: "Radiohead", title: "OK Computer", year: "1997", genres: ["Alternative Rock", "Art Rock"],
        label: "Parlophone", musicbrainzReleaseId: "0b6b4ba0-d36f-47bd-b4ea-6a5b91842d29")

    static let review = Review(
        summary: "A landmark of late-90s rock.", bullets: ["Topped the UK chart.", "Grammy winner."],
        rating: 9.5, recommendation: "Essential Classic", keyTracks: ["Paranoid Android", "Airbag"],
        sources: [Review.Source(title: "Pitchfork", url: "https://pitchfork.com/reviews/albums/ok-computer/")])

    static func newScan(
        album: Album = okComputer, at date: Date = epoch, reviewStatus: ReviewStatus = .generated,
        reviewKey: String? = "radiohead|ok computer", artworkStatus: ArtworkStatus = .fetched
    ) -> NewScan {
        NewScan(
            scannedAt: date, fileName: "cover.jpg", inputSha256: String(repeating: "ab", count: 32), tier: .base,
            calls: 1, searchGate: .notNeeded, album: album, artworkStatus: artworkStatus,
            artworkURL: artworkStatus == .unavailable ? nil : "https://coverartarchive.org/release/x/front-500",
            reviewStatus: reviewStatus, reviewKey: reviewKey, promptHash: String(repeating: "cd", count: 32),
            timings: ["identify": 2100, "artwork": 900, "review": 3400])
    }

    static let artwork = StoredArtwork(
        url: "https://coverartarchive.org/release/x/front-500", image: Data(repeating: 0xFF, count: 40_000),
        thumbnail: Data(repeating: 0xD8, count: 8_000))
}

/// Thread-safe collection for results gathered on several threads.
final class StoreTestCollector<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []

    func append(_ element: Element) { lock.withLock { storage.append(element) } }
    var items: [Element] { lock.withLock { storage } }
}
