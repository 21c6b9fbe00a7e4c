/// `history --format discogs-inventory`: Discogs' inventory upload CSV, one listing per scan.
///
/// Only scans with a Discogs release id and a price the shop typed are listed; a listing without either would be
/// refused by Discogs. Values are exported raw, as Discogs wants them: the release id and price as plain numbers,
/// the grades in Discogs' exact words. A free-text cell (comments, location, external id) that a spreadsheet
/// would run as a formula gets a leading apostrophe, as in `history --csv`, since shops often open the file in one
/// before uploading it. `accept_offer`, `weight` and `format_quantity` are left empty: albumscan has no data for
/// them, and Discogs then uses the seller's defaults.
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
            guard let price = shop.price else { return nil }
            return [
                String(releaseId), price, shop.mediaCondition ?? "", shop.sleeveCondition ?? "", shop.comments ?? "", "",
                shop.location ?? "", shop.sku ?? "", "", "",
            ]
        }
    }
}
