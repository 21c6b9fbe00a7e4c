/// `history --format discogs-inventory`: Discogs' inventory upload CSV, one listing per scan.
///
/// Only scans Discogs accepts as listings, and that are probably the record in the photo, are listed: a Discogs
/// release id, a price the shop typed and a media grade (Discogs refuses a listing without any of them), and no
/// artwork `mismatch` unless the Discogs release was set by hand (`discogsIdSource` `manual`). Values are exported
/// raw, as Discogs wants them: the release id and price as plain numbers, the grades in Discogs' exact words. A
/// free-text cell (comments, location, external id) that a spreadsheet would run as a formula gets a leading
/// apostrophe, as in `history --csv`, since shops often open the file in one before uploading it. `accept_offer`,
/// `weight` and `format_quantity` are left empty: albumscan has no data for them, and Discogs then uses the
/// seller's defaults.
package enum DiscogsInventoryCSV {
    /// The header, in lower case, as Discogs' upload reads it.
    package static let columns = [
        "release_id", "price", "media_condition", "sleeve_condition", "comments", "accept_offer", "location",
        "external_id", "weight", "format_quantity",
    ]

    /// The document for `rows`, and how many were left out.
    package static func export(_ rows: [HistoryExportRow]) -> DiscogsExport {
        DiscogsExport(columns: columns, rows: rows) { releaseId, row in
            let shop = row.shop
            if let reason = leftOut(row) { return .failure(.init(reason: reason)) }
            return .success([
                String(releaseId), shop.price ?? "", shop.mediaCondition ?? "", shop.sleeveCondition ?? "",
                shop.comments ?? "", "", shop.location ?? "", shop.sku ?? "", "", "",
            ])
        }
    }

    /// Why a scan that has a Discogs release id is still not listed, nil when it is: a mismatch first (the listing
    /// would be for the wrong record), then a missing price, then a missing media grade.
    package static func leftOut(_ row: HistoryExportRow) -> DiscogsExport.LeftOut? {
        if row.verification == Verification.Status.mismatch.rawValue, row.album.discogs.source != .manual {
            return .mismatch
        }
        if row.shop.price == nil { return .withoutPrice }
        if row.shop.mediaCondition == nil { return .withoutMediaCondition }
        return nil
    }
}
