import AlbumScanCore
import Foundation

/// What to export: the form, which scans (`history`'s filter and paging), and whether only the scans not yet
/// marked exported in that form.
package struct ExportRequest: Sendable, Equatable {
    package var format: ExportFormat
    package var filter: HistoryFilter
    package var limit: Int?
    package var before: Int64?
    package var notExported: Bool

    package init(
        format: ExportFormat, filter: HistoryFilter = .all, limit: Int? = nil, before: Int64? = nil,
        notExported: Bool = false
    ) {
        (self.format, self.filter, self.limit, self.before, self.notExported) = (format, filter, limit, before, notExported)
        // Scans already exported are read and reported as left out, not filtered away unseen.
        self.filter.notExportedAs = nil
    }

    /// The same request, listing only the scans `pending` looked at: a scan saved after its read (by another
    /// process, say) waits for the next export rather than be left out for links no one asked for.
    package func asOf(_ pending: PendingLinks) -> ExportRequest {
        guard let newest = pending.newestScanId else { return self }
        var request = self
        request.before = min(before ?? Int64.max, newest + 1)
        return request
    }
}

/// Releases whose Discogs links were left pending, among the scans an export or crate page is about to show.
package struct PendingLinks: Sendable {
    package var albums: [Album]
    package var scanIds: [Int64]
    /// The newest scan read, when the scans were read for an export.
    package var newestScanId: Int64?
    package var isEmpty: Bool { albums.isEmpty }
}

/// The catalogue's exports, one piece of code for both doors: `history --format` and `GET /api/export` each make
/// one `export` call after `fill`ing the links their scans left pending; `--mark-exported` and
/// `POST /api/export/marks` each make one `mark` call.
package struct CatalogueExporter: Sendable {
    package let environment: AppEnvironment
    package let store: AlbumStore

    package init(environment: AppEnvironment, store: AlbumStore) {
        (self.environment, self.store) = (environment, store)
    }

    /// The releases whose links are pending among the scans `request` reads; none for a form without Discogs ids.
    package func pendingLinks(for request: ExportRequest) async throws -> PendingLinks {
        guard request.format.needsDiscogsLinks else { return PendingLinks(albums: [], scanIds: []) }
        let rows = try await store.exportRows(
            limit: request.limit ?? Int(Int32.max), before: request.before, filter: request.filter)
        var pending = try await pendingLinks(scanIds: rows.map(\.scanId))
        pending.newestScanId = rows.map(\.scanId).max()
        return pending
    }

    /// The releases whose links are pending among these scans (the crate page's).
    package func pendingLinks(scanIds: [Int64]) async throws -> PendingLinks {
        PendingLinks(albums: try await DiscogsLinkFill(environment: environment, store: store).pending(scanIds: scanIds), scanIds: scanIds)
    }

    /// About how long asking MusicBrainz for these links takes at its pace.
    package func estimatedSeconds(_ pending: PendingLinks) -> Double {
        DiscogsLinkFill(environment: environment, store: store).estimatedSeconds(pending.albums.count)
    }

    /// Asks MusicBrainz for the pending links, at its pace, and settles them on those scans; `progress` sees each
    /// release asked for.
    package func fill(_ pending: PendingLinks, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in })
        async -> DiscogsLinkFill.Report
    {
        guard !pending.isEmpty else { return DiscogsLinkFill.Report() }
        return await DiscogsLinkFill(environment: environment, store: store)
            .fill(pending.albums, for: pending.scanIds, progress: progress)
    }

    /// The document, what it lists and what it left out, from one read of the store.
    package func export(_ request: ExportRequest) async throws -> CatalogueExport {
        let format = request.format
        let snapshot = try await store.run {
            try $0.exportSnapshot(
                format: format.rawValue, limit: request.limit ?? Int(Int32.max), before: request.before,
                filter: request.filter)
        }
        var rows = snapshot.rows
        var leftOut: [CatalogueExport.LeftOutGroup] = []
        if request.notExported {
            let exported = rows.map(\.scanId).filter(snapshot.exported.contains)
            rows.removeAll { snapshot.exported.contains($0.scanId) }
            if !exported.isEmpty { leftOut.append(.init(reason: .exported, scanIds: exported)) }
        }
        let export: DiscogsExport =
            switch format {
            case .csv: DiscogsExport(document: HistoryCSV.document(rows), listed: rows.map(\.scanId))
            case .discogsInventory: DiscogsInventoryCSV.export(rows)
            case .discogsCollection: DiscogsCollectionCSV.export(rows)
            }
        leftOut += export.leftOutBy.keys.sorted().map { .init(reason: $0, scanIds: export.leftOutBy[$0] ?? []) }
        return CatalogueExport(format: format, document: export.document, listed: export.listed, leftOut: leftOut)
    }

    /// Marks exactly these scans exported in `format` now; how many were not marked in that form before. With
    /// `refusingUnknown`, an id with no scan is `unknownScan` and nothing is marked.
    @discardableResult
    package func mark(_ ids: [Int64], format: ExportFormat, refusingUnknown: Bool = false) async throws -> Int {
        try await store.markExported(ids, format: format.rawValue, at: environment.now(), refusingUnknown: refusingUnknown)
    }
}
