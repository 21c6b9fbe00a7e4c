import Foundation
import GRDB

extension StoreDatabase {
    /// Records the token usage of one model call.
    package func recordUsage(
        model: String, provider: ProviderKind = .openai, promptTokens: Int, completionTokens: Int, imageTokens: Int? = nil,
        webSearches: Int = 0, at: Date
    ) throws {
        try write("recording token usage") { db in
            try db.execute(
                sql: """
                    INSERT INTO usage (at, model, provider, promptTokens, completionTokens, imageTokens, webSearches)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    at.timeIntervalSince1970, model, provider.rawValue, promptTokens, completionTokens, imageTokens, webSearches,
                ])
        }
    }

    /// Token totals per provider and model for calls at or after `since`, sorted by provider, then model.
    package func usage(since: Date) throws -> [ModelUsage] {
        try read("reading token usage") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT provider, model, SUM(promptTokens) AS prompt, SUM(completionTokens) AS completion,
                        COUNT(*) AS calls, COALESCE(SUM(imageTokens), 0) AS image, SUM(webSearches) AS searches
                    FROM usage WHERE at >= ?
                    GROUP BY provider, model ORDER BY provider, model
                    """,
                arguments: [since.timeIntervalSince1970])
            return rows.map { row in
                ModelUsage(
                    model: row["model"], promptTokens: row["prompt"], completionTokens: row["completion"],
                    calls: row["calls"], provider: ProviderKind(rawValue: row["provider"] ?? "") ?? .openai,
                    imageTokens: row["image"], webSearches: row["searches"])
            }
        }
    }
}
