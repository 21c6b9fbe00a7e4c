import Foundation
import GRDB

extension AlbumStore {
    /// Records the token usage of one model call.
    public func recordUsage(model: String, promptTokens: Int, completionTokens: Int, at: Date) throws {
        try write("recording token usage") { db in
            try db.execute(
                sql: "INSERT INTO usage (at, model, promptTokens, completionTokens) VALUES (?, ?, ?, ?)",
                arguments: [at.timeIntervalSince1970, model, promptTokens, completionTokens])
        }
    }

    /// Token totals per model for calls at or after `since`, sorted by model name.
    public func usage(since: Date) throws -> [ModelUsage] {
        try read("reading token usage") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT model, SUM(promptTokens) AS prompt, SUM(completionTokens) AS completion, COUNT(*) AS calls
                    FROM usage WHERE at >= ?
                    GROUP BY model ORDER BY model
                    """,
                arguments: [since.timeIntervalSince1970])
            return rows.map { row in
                ModelUsage(
                    model: row["model"], promptTokens: row["prompt"], completionTokens: row["completion"],
                    calls: row["calls"])
            }
        }
    }
}
