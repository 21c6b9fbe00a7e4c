/// An export: the CSV document, the scans it lists, and the scans it left out, by reason.
package struct DiscogsExport: Sendable, Equatable {
    /// Why a scan is not listed, in the order the reasons are checked (a scan counts under its first reason only).
    /// The raw values are DESIGN wave 5's `leftOut` reasons.
    package enum LeftOut: String, Sendable, CaseIterable, Comparable, Codable {
        /// Already marked exported in this form, and the export asked only for scans not yet exported.
        case exported
        /// The album's Discogs links are still `pending`: MusicBrainz could not be asked for them yet.
        case linksPending = "links-pending"
        /// No Discogs release id is known for the scan's album.
        case withoutReleaseId = "no-discogs-release"
        /// The artwork check said the album is probably not the one in the photo, and no one set its release by hand.
        case mismatch = "artwork-mismatch"
        /// The shop set no price (inventory only).
        case withoutPrice = "no-price"
        /// The shop set no media grade, which Discogs' inventory upload requires (inventory only).
        case withoutMediaCondition = "no-media-condition"

        /// The reason in a sentence, for `count` scans, with the way to fix it.
        func describe(_ count: Int) -> String {
            switch self {
            case .exported: "\(count) already exported in this form (--not-exported)"
            case .linksPending: "\(count) whose Discogs links MusicBrainz has not been asked for yet (run the export again)"
            case .withoutReleaseId: "\(count) without a Discogs release id"
            case .mismatch:
                "\(count) whose artwork did not match the photo (check them: `albumscan history --verification mismatch`)"
            case .withoutPrice: "\(count) without a price (set one with `albumscan edit ID --price`)"
            case .withoutMediaCondition:
                "\(count) without a media condition (set one with `albumscan edit ID --media-condition`)"
            }
        }

        package static func < (lhs: LeftOut, rhs: LeftOut) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The CSV text (RFC 4180, CRLF line ends), header first.
    package var document: String
    /// The scans the document lists, in its order (what `--mark-exported` records).
    package var listed: [Int64] = []
    /// The scans left out, by reason, each in the order the rows came.
    package var leftOutBy: [LeftOut: [Int64]] = [:]

    package init(document: String, listed: [Int64] = [], leftOutBy: [LeftOut: [Int64]] = [:]) {
        (self.document, self.listed, self.leftOutBy) = (document, listed, leftOutBy)
    }

    /// Scans left out because no Discogs release id is known for their album.
    package var withoutReleaseId: Int { leftOutBy[.withoutReleaseId, default: []].count }
    /// Scans left out because the shop set no price.
    package var withoutPrice: Int { leftOutBy[.withoutPrice, default: []].count }
    /// Scans left out because their album's Discogs links are still `pending` (MusicBrainz not asked yet).
    package var linksPending: Int { leftOutBy[.linksPending, default: []].count }

    /// How many scans were left out.
    package var leftOut: Int { leftOutBy.values.map(\.count).reduce(0, +) }

    /// One line for stderr when scans were left out (nil when none was): how many, and why.
    package func leftOutNote(format: String) -> String? {
        guard leftOut > 0 else { return nil }
        let reasons = leftOutBy.keys.sorted().map { $0.describe(leftOutBy[$0, default: []].count) }
        let scans = leftOut == 1 ? "1 scan" : "\(leftOut) scans"
        return "\(format): left out \(scans): " + reasons.joined(separator: ", ")
    }
}

extension DiscogsExport {
    /// The document under `columns` with one record per scan whose album has a Discogs release id, made by
    /// `record` from that id and the row; `record` either gives the cells or says why the scan is left out.
    init(
        columns: [String], rows: [HistoryExportRow],
        record: (_ releaseId: Int, _ row: HistoryExportRow) -> Result<[String], LeftOutReason>
    ) {
        self.init(document: HistoryCSV.record(columns))
        for row in rows {
            guard let releaseId = row.album.discogsReleaseId else {
                leftOutBy[row.album.discogs.isPending ? .linksPending : .withoutReleaseId, default: []].append(row.scanId)
                continue
            }
            switch record(releaseId, row) {
            case .success(let cells):
                document += HistoryCSV.record(cells)
                listed.append(row.scanId)
            case .failure(let reason):
                leftOutBy[reason.reason, default: []].append(row.scanId)
            }
        }
    }

    /// A reason as an `Error`, so a record maker can return it in a `Result`.
    struct LeftOutReason: Error {
        var reason: LeftOut
    }
}
