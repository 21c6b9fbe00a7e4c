import AlbumScanCore

/// One export of the catalogue: the document, the scans it lists (what a mark records) and the scans it left out by
/// reason, all from one read of the store (DESIGN wave 5, "Exports report what they leave out").
package struct CatalogueExport: Sendable, Equatable {
    /// The form.
    package var format: ExportFormat
    /// The CSV text, header first (CRLF record ends).
    package var document: String
    /// The scans the document lists, in its order.
    package var listed: [Int64]
    /// The scans left out, by reason, in the order the reasons are checked.
    package var leftOut: [LeftOutGroup]

    /// Scans left out for one reason.
    package struct LeftOutGroup: Sendable, Equatable, Encodable {
        package var reason: DiscogsExport.LeftOut
        package var count: Int { scanIds.count }
        package var scanIds: [Int64]

        private enum CodingKeys: String, CodingKey { case reason, count, scanIds }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reason, forKey: .reason)
            try container.encode(count, forKey: .count)
            try container.encode(scanIds, forKey: .scanIds)
        }
    }

    /// The line for stderr when scans were left out (nil when none was): how many and why, with the CLI's words.
    package var leftOutNote: String? {
        var export = DiscogsExport(document: document)
        for group in leftOut { export.leftOutBy[group.reason] = group.scanIds }
        return export.leftOutNote(format: format.rawValue)
    }

    /// What `GET /api/export/report` answers: {`listed`, `leftOut`}.
    package var report: Report { Report(listed: listed, leftOut: leftOut) }

    /// The report's JSON.
    package struct Report: Sendable, Equatable, Encodable {
        package var listed: [Int64]
        package var leftOut: [LeftOutGroup]
    }
}
