/// `history --format discogs-collection`: one row per scan for tools that add releases to a Discogs collection.
///
/// Only scans with a Discogs release id are listed. `Collection Notes` holds the scan's comments and, when set,
/// where the record sits (`Location: Bin 4`), joined by `; `: a collection has no location field of its own, and
/// a collector wants to find the record again. The price is never part of it. Cells are formula-safe as in
/// `history --csv`.
package enum DiscogsCollectionCSV {
    /// The header, as Discogs' collection export names these columns.
    package static let columns = [
        "release_id", "Collection Media Condition", "Collection Sleeve Condition", "Collection Notes",
    ]

    /// The document for `rows`, and how many were left out.
    package static func export(_ rows: [HistoryExportRow]) -> DiscogsExport {
        DiscogsExport(columns: columns, rows: rows) { releaseId, row in
            .success([String(releaseId), row.shop.mediaCondition ?? "", row.shop.sleeveCondition ?? "", notes(row.shop)])
        }
    }

    /// The comments, then the location as `Location: …`, joined by `; `; empty when neither is set.
    static func notes(_ shop: ShopFields) -> String {
        [shop.comments, shop.location.map { "Location: " + $0 }].compactMap { $0 }.joined(separator: "; ")
    }
}
