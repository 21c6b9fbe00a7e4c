import Foundation
import GRDB

extension StoreDatabase {
    /// Writes corrected scans in one transaction: each points at its new album (made or updated as a scan's is), with
    /// the new artwork, verification and review.
    func saveCorrections(_ corrections: [CorrectedScan]) throws {
        let encoded = try corrections.map {
            (
                $0, try StoreJSON.encode($0.album.genres), try StoreJSON.encode($0.album.discogs.releaseIds),
                try StoreJSON.encode($0.album.sources)
            )
        }
        try write(corrections.count == 1 ? "correcting a scan" : "correcting scans") { db in
            for (corrected, genres, discogs, sources) in encoded {
                let scan = corrected.scan
                let reviewStatus = corrected.review?.status ?? scan.reviewStatus
                let reviewKey = corrected.review.map { $0.review == nil ? nil : $0.key.description } ?? scan.reviewKey
                let row = NewScan(
                    scannedAt: scan.scannedAt, fileName: scan.fileName, inputSha256: scan.inputSha256, tier: scan.tier,
                    calls: scan.calls, searchGate: scan.searchGate, album: corrected.album,
                    artworkStatus: corrected.artwork.status, artworkURL: corrected.artwork.url, reviewStatus: reviewStatus,
                    reviewKey: reviewKey, promptHash: scan.promptHash, timings: scan.timings)
                // A manual Discogs id replaces whatever the album row held, even an empty list.
                let albumId = try Self.upsertAlbum(row, genres: genres, discogs: discogs, sources: sources, in: db)
                if corrected.album.discogs.source == .manual || corrected.album.discogs == .none {
                    try db.execute(
                        sql: "UPDATE albums SET discogsReleaseIds = ?, discogsIdSource = ? WHERE id = ?",
                        arguments: [discogs, corrected.album.discogs.source?.rawValue, albumId])
                }
                try db.execute(
                    sql: """
                        UPDATE scans SET albumId = ?, artworkStatus = ?, artworkReason = ?, reviewStatus = ?, reviewKey = ?,
                            verificationStatus = ?, verificationScore = ?, verificationReleaseId = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        albumId, corrected.artwork.status.rawValue, corrected.artwork.reason?.code, reviewStatus.rawValue,
                        reviewKey,
                        corrected.verification.status.rawValue, corrected.verification.score,
                        corrected.verification.releaseId, scan.id,
                    ])
            }
        }
    }
}

/// The scans a command names: every one, or the ids that name none.
package enum NamedScans: Sendable, Equatable {
    case found([StoredScan])
    case unknown([ClosedRange<Int64>])
}

extension StoreDatabase {
    /// The whole scans in `ranges`, oldest first, or the ranges of ids that name no scan.
    package func namedScans(_ ranges: [ClosedRange<Int64>]) throws -> NamedScans {
        let missing = try read("looking up scans") { db in try Self.scanIds(in: Self.merged(ranges), db).missing }
        guard missing.isEmpty else { return .unknown(missing) }
        return .found(try scans(in: ranges))
    }
}
