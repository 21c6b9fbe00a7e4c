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
        var export = DiscogsExport(document: HistoryCSV.record(columns))
        for row in rows {
            guard let releaseId = row.album.discogsReleaseId else {
                export.withoutReleaseId += 1
                continue
            }
            guard let price = row.shop.price else {
                export.withoutPrice += 1
                continue
            }
            let shop = row.shop
            export.document += HistoryCSV.record([
                String(releaseId), price, shop.mediaCondition ?? "", shop.sleeveCondition ?? "", shop.comments ?? "", "",
                shop.location ?? "", shop.sku ?? "", "", "",
            ])
        }
        return export
    }
}
