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
                    INSERT INTO failures (photoKey, fileName, inputSha256, status, code, message, triedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(photoKey) DO UPDATE SET
                        fileName = excluded.fileName, status = excluded.status, code = excluded.code,
                        message = excluded.message, triedAt = excluded.triedAt, tries = failures.tries + 1
                    """,
                arguments: [
                    sha256 ?? "file:\(file)", file, sha256, status.rawValue, error.code, error.message,
                    date.timeIntervalSince1970,
                ])
        }
    }

    /// The photos still failing, most recently tried first: tried at or after `since`, with `search` in the file
    /// name (any case).
    package func failures(limit: Int, since: Date? = nil, search: String? = nil) throws -> [FailedScan] {
        try read("listing failed scans") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, fileName, inputSha256, status, code, message, triedAt, tries FROM failures
                    WHERE triedAt >= ? AND (? IS NULL OR instr(swiftLowercaseString(fileName), ?) > 0)
                    ORDER BY triedAt DESC, id DESC LIMIT ?
                    """,
                arguments: [
                    since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude, search, search?.lowercased(), limit,
                ])
            return rows.map { row in
                FailedScan(
                    id: row["id"], file: row["fileName"], inputSha256: row["inputSha256"],
                    status: ScanResult.Status(rawValue: row["status"]) ?? .failed,
                    error: FailedScan.ErrorSummary(code: row["code"], message: row["message"]),
                    triedAt: Date(timeIntervalSince1970: row["triedAt"]), tries: row["tries"])
            }
        }
    }

    /// A saved scan settles the failures of its content, and of its file (a photo taken again under the same name);
    /// run inside the save's transaction.
    static func settleFailures(sha256: String, file: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM failures WHERE inputSha256 = ? OR fileName = ?", arguments: [sha256, file])
    }
}
