import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` whole scans that pass `filter`, newest first, each as `scan(id:)` reads it: what
    /// `history --json` and `--jsonl` print. `before` pages like `history`.
    package func historyScans(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) throws -> [StoredScan] {
        let (condition, arguments) = filter.whereClause(before: before)
        return try read("reading history") { db in
            // One query with the review joined in, not one read per scan: a page can hold 10,000 scans.
            let rows = try Row.fetchAll(
                db,
                sql: Self.scansPage(Self.wholeScanColumns, where: condition),
                arguments: arguments + [max(0, limit)])
            return try rows.map(Self.storedScan)
        }
    }

    /// What a whole scan is read from: the scan with its own album facts, and its review (when it has one).
    static let wholeScanColumns = """
        s.*, r.key AS reviewFound, r.summary AS reviewSummary, r.bullets AS reviewBullets,
            r.rating AS reviewRating, r.recommendation AS reviewRecommendation,
            r.keyTracks AS reviewKeyTracks, r.sources AS reviewSources
        """

    /// `columns` of the scans matching `condition` (filled in by `HistoryFilter.whereClause`), newest first, with
    /// the page size as the last argument: the one query behind `history`, its exports and `show`.
    static func scansPage(_ columns: String, where condition: String) -> String {
        """
        SELECT \(columns)
        FROM scans s
        LEFT JOIN reviews r ON r.key = s.reviewKey AND s.reviewStatus != 'unavailable'
        WHERE \(condition)
        ORDER BY s.id DESC
        LIMIT ?
        """
    }

    /// A row of `wholeScanColumns` as a stored scan: what `show`, `history --json` and `--jsonl` print.
    static func storedScan(from row: Row) throws -> StoredScan {
        let reviewStatus = try decodeEnum(ReviewStatus.self, row["reviewStatus"], "reviewStatus")
        let artworkStatus = try decodeEnum(ArtworkStatus.self, row["artworkStatus"], "artworkStatus")
        return StoredScan(
            id: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
            fileName: row["fileName"], inputSha256: row["inputSha256"],
            tier: try decodeEnum(Tier.self, row["tier"], "tier"), calls: row["calls"],
            searchGate: try decodeEnum(SearchGateResult.self, row["searchGate"], "searchGate"),
            album: try album(from: row), artworkStatus: artworkStatus,
            artworkURL: artworkStatus == .unavailable ? nil : row["artworkUrl"],
            reviewStatus: reviewStatus, reviewKey: row["reviewKey"], review: try review(from: row),
            promptHash: row["promptHash"],
            timings: try StoreJSON.decode([String: Int].self, row["timings"], column: "scans.timings"),
            verification: Verification(
                status: try decodeEnum(Verification.Status.self, row["verificationStatus"], "verificationStatus"),
                score: row["verificationScore"], releaseId: row["verificationReleaseId"]),
            method: try decodeEnum(IdentificationMethod.self, row["method"], "method"),
            duplicateOf: row["duplicateOf"], shop: shopFields(from: row), artworkReason: row["artworkReason"],
            version: row["version"])
    }

    /// The joined review, nil when none was found (or the scan's review was unavailable).
    private static func review(from row: Row) throws -> Review? {
        guard (row["reviewFound"] as String?) != nil else { return nil }
        return Review(
            summary: row["reviewSummary"],
            bullets: try StoreJSON.decode([String].self, row["reviewBullets"], column: "reviews.bullets"),
            rating: row["reviewRating"], recommendation: row["reviewRecommendation"],
            keyTracks: try StoreJSON.decode([String].self, row["reviewKeyTracks"], column: "reviews.keyTracks"),
            sources: try StoreJSON.decode([Review.Source].self, row["reviewSources"], column: "reviews.sources"))
    }
}
