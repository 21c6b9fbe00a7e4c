/// An export for Discogs: the CSV document and how many scans it left out, by reason.
package struct DiscogsExport: Sendable, Equatable {
    /// The CSV text (RFC 4180, CRLF line ends), header first.
    package var document: String
    /// Scans left out because no Discogs release id is known for their album.
    package var withoutReleaseId = 0
    /// Scans left out because their album's Discogs links are still `pending` (MusicBrainz not asked yet).
    package var linksPending = 0
    /// Scans left out because the shop set no price (inventory only; a scan lacking both counts above).
    package var withoutPrice = 0

    /// How many scans were left out.
    package var leftOut: Int { withoutReleaseId + linksPending + withoutPrice }

    /// One line for stderr when scans were left out (nil when none was): how many, and why.
    package func leftOutNote(format: String) -> String? {
        guard leftOut > 0 else { return nil }
        var reasons: [String] = []
        if linksPending > 0 {
            reasons.append("\(linksPending) whose Discogs links MusicBrainz has not been asked for yet (run the export again)")
        }
        if withoutReleaseId > 0 { reasons.append("\(withoutReleaseId) without a Discogs release id") }
        if withoutPrice > 0 { reasons.append("\(withoutPrice) without a price (set one with `albumscan edit ID --price`)") }
        let scans = leftOut == 1 ? "1 scan" : "\(leftOut) scans"
        return "\(format): left out \(scans): " + reasons.joined(separator: ", ")
    }
}

extension DiscogsExport {
    /// The document under `columns` with one record per scan whose album has a Discogs release id, made by
    /// `record` from that id and the row; `record` returns nil for a scan without a price, which is left out too.
    init(columns: [String], rows: [HistoryExportRow], record: (_ releaseId: Int, _ row: HistoryExportRow) -> [String]?) {
        self.init(document: HistoryCSV.record(columns))
        for row in rows {
            guard let releaseId = row.album.discogsReleaseId else {
                if row.album.discogs.isPending { linksPending += 1 } else { withoutReleaseId += 1 }
                continue
            }
            guard let cells = record(releaseId, row) else {
                withoutPrice += 1
                continue
            }
            document += HistoryCSV.record(cells)
        }
    }
}
