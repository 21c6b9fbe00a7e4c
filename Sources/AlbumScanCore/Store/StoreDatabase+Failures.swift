import Foundation
import GRDB

extension StoreDatabase {
    /// Keeps a photo's failed or fruitless scan: one row per photo content (per file name when it could not be
    /// read), whose time, outcome and count of tries a later failure updates.
    package func recordFailure(
        file: String, sha256: String?, status: ScanResult.Status, error: AlbumScanError, at date: Date
    ) throws {
        try write("recording a failed scan") { db in
            try db.execute(
                sql: """
                    INSERT INTO failures (photoKey, fileName, inputSha256, status, code, message, reason, triedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(photoKey) DO UPDATE SET
                        fileName = excluded.fileName, status = excluded.status, code = excluded.code,
                        message = excluded.message, reason = excluded.reason, triedAt = excluded.triedAt,
                        tries = failures.tries + 1
                    """,
                arguments: [
                    sha256 ?? "file:\(file)", file, sha256, status.rawValue, error.code, error.message,
                    error.unidentifiedReason?.rawValue, date.timeIntervalSince1970,
                ])
        }
    }

    /// The last failed try of the photo with this content, if it is still failing.
    package func failure(sha256: String) throws -> FailedScan? {
        try read("looking up a failed scan") { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT id, fileName, inputSha256, status, code, message, reason, triedAt, tries FROM failures WHERE inputSha256 = ?",
                arguments: [sha256]
            ).map(Self.failedScan)
        }
    }

    /// The photos still failing, most recently tried first: tried at or after `since`, with `search` in the file
    /// name (any case).
    package func failures(limit: Int, since: Date? = nil, search: String? = nil) throws -> [FailedScan] {
        try read("listing failed scans") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, fileName, inputSha256, status, code, message, reason, triedAt, tries FROM failures
                    WHERE triedAt >= ? AND (? IS NULL OR instr(swiftLowercaseString(fileName), ?) > 0)
                    ORDER BY triedAt DESC, id DESC LIMIT ?
                    """,
                arguments: [
                    since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude, search, search?.lowercased(), limit,
                ])
            return rows.map(Self.failedScan)
        }
    }

    private static func failedScan(from row: Row) -> FailedScan {
        FailedScan(
            id: row["id"], file: row["fileName"], inputSha256: row["inputSha256"],
            status: ScanResult.Status(rawValue: row["status"]) ?? .failed,
            error: FailedScan.ErrorSummary(code: row["code"], message: row["message"], reason: row["reason"]),
            triedAt: Date(timeIntervalSince1970: row["triedAt"]), tries: row["tries"])
    }

    /// A saved scan settles the failures of its content, and of its file (a photo taken again under the same name);
    /// run inside the save's transaction.
    static func settleFailures(sha256: String, file: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM failures WHERE inputSha256 = ? OR fileName = ?", arguments: [sha256, file])
    }
}

/// What `dismissFailures` did: every photo named was dismissed, or none was because some path names no failure.
package enum FailureDismissal: Sendable, Equatable {
    /// The files dismissed, as stored.
    case dismissed([String])
    /// The paths that name no failed photo, as given; nothing was dismissed.
    case unknown([String])
}

extension StoreDatabase {
    /// Forgets the failed photos `paths` name (see `FailedScan.path(_:names:in:)`), in one transaction, or none when any path
    /// names none. A photo dismissed comes back only if a later scan of it fails again.
    package func dismissFailures(_ paths: [String], directory: String) throws -> FailureDismissal {
        try write("dismissing failed scans") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, fileName FROM failures")
            var ids: Set<Int64> = []
            var files: [String] = []
            var unknown: [String] = []
            for path in paths {
                let named = rows.filter { FailedScan.path(path, names: $0["fileName"], in: directory) }
                if named.isEmpty { unknown.append(path) }
                for row in named where ids.insert(row["id"]).inserted { files.append(row["fileName"]) }
            }
            guard unknown.isEmpty else { return .unknown(unknown) }
            for id in ids { try db.execute(sql: "DELETE FROM failures WHERE id = ?", arguments: [id]) }
            return .dismissed(files)
        }
    }
}
