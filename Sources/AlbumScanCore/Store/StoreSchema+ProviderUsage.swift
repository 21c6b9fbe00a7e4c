import GRDB

extension StoreSchema {
    // Usage rows name their provider and keep the image's share of the prompt tokens and the web searches run, so
    // `account` can price each provider's calls. Rows from before count as OpenAI calls with unknown image tokens.
    static func v4ProviderUsage(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE usage ADD COLUMN provider TEXT NOT NULL DEFAULT 'openai';
                ALTER TABLE usage ADD COLUMN imageTokens INTEGER;
                ALTER TABLE usage ADD COLUMN webSearches INTEGER NOT NULL DEFAULT 0;
                """)
    }
}
