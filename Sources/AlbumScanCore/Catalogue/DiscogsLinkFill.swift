import Foundation

/// Asks for the Discogs links that scans left `pending` (on the public server a scan asks MusicBrainz only for its
/// release, see `DiscogsLinkTiming`), for what needs them now: the Discogs exports, the crate page, the serve page.
/// One `inc=url-rels` lookup per release, through the same machine-wide limiter and link cache as the scans (a scan
/// running in another process meanwhile shares the one request a second), each answer recorded on the scans asked
/// for as it comes (and in the release cache for later scans). The first lookup that fails stops the rest: they stay pending, and the next export asks again. (Links that
/// cannot be recorded, in a read-only database, still reach this export.)
package struct DiscogsLinkFill: Sendable {
    package let environment: AppEnvironment
    package let store: AlbumStore

    package init(environment: AppEnvironment, store: AlbumStore) {
        self.environment = environment
        self.store = store
    }

    /// What a fill learned.
    package struct Report: Sendable, Equatable {
        /// The links learned, by release (MBID): ids, or `none` when the release links none.
        package var links: [String: DiscogsLink] = [:]
        /// Releases still pending because asking stopped.
        package var stillPending = 0
        /// Why asking stopped, when it did.
        package var problem: String?

        package init() {}

        /// Releases whose links are now known.
        package var settled: Int { links.count }
        /// Of those, releases with at least one Discogs release.
        package var linked: Int { links.values.filter { !$0.releaseIds.isEmpty }.count }
    }

    /// The pending releases among these scans, one per release: what `fill` would ask for.
    package func pending(scanIds: [Int64]) async throws -> [Album] {
        try await store.run { try $0.pendingLinkAlbums(scanIds: scanIds) }
    }

    /// Asks for the links of `albums` (from `pending(scanIds:)`) in order and records each on those of `scanIds`
    /// that show it; `progress` hears each release done.
    package func fill(
        _ albums: [Album], for scanIds: [Int64], progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async
        -> Report
    {
        let lookup = DiscogsLookup(environment: environment, store: store)
        let stamp = environment.changeStamp
        var report = Report()
        for (index, album) in albums.enumerated() {
            guard let mbid = album.musicbrainzReleaseId else { continue }
            func stop(_ problem: String) { (report.problem, report.stillPending) = (problem, albums.count - index) }
            if Task.isCancelled {
                stop("interrupted")
                break
            }
            let reported = ScanDiagnostics()
            let link = await ScanDiagnostics.$current.withValue(reported) { await lookup.link(for: album, askMusicBrainz: true) }
            if link.isPending {
                stop(reported.all.last?.message ?? "MusicBrainz could not be asked for the links of \(mbid)")
                break
            }
            report.links[mbid] = link
            do {
                _ = try await store.run { try $0.settleLinks(link, mbid: mbid, scanIds: scanIds, stamp: stamp) }
            } catch {
                // This export still lists them; the next one asks again.
                report.problem = report.problem ?? "the Discogs links could not be recorded: \(error)"
            }
            progress(index + 1, albums.count)
        }
        return report
    }

    /// Seconds `count` lookups take at the MusicBrainz limiter's pace, for the progress line.
    package func estimatedSeconds(_ count: Int) -> Double {
        Double(count) * environment.settings.musicBrainzSpacing
    }
}

extension HistoryExportRow {
    /// The row with its album's Discogs links as a fill learned them, when they were pending.
    package func withLinks(_ report: DiscogsLinkFill.Report) -> HistoryExportRow {
        guard album.discogs.isPending, let mbid = album.musicbrainzReleaseId, let link = report.links[mbid] else {
            return self
        }
        var row = self
        row.album.discogs = link
        return row
    }
}
