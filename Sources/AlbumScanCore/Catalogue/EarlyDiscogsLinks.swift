import Synchronization

/// The Discogs links of the release MusicBrainz ranked first, asked for as soon as the search names it, beside the
/// archive's requests and the artwork check: after them, the lookup's own MusicBrainz request would lengthen the
/// artwork branch past the review. The check usually settles on that release; when it settles on another, that one
/// is looked up then. What the early lookup reports reaches the scan only if its answer is used.
final class EarlyDiscogsLinks: Sendable {
    private let lookup: DiscogsLookup
    private let album: Album
    private let started = Mutex<(mbid: String, task: Task<(DiscogsLink, [ScanDiagnostic]), Never>)?>(nil)

    init(lookup: DiscogsLookup, album: Album) {
        self.lookup = lookup
        self.album = album
    }

    /// Starts the lookup of `mbid`'s links (the fetcher calls it once, when the search names the release). Its facts
    /// complete the album first, so a Discogs search goes by the release's own barcode and catalogue number too.
    func start(_ mbid: String, facts: ReleaseFacts?) {
        var album = facts.map { self.album.completed(by: $0) } ?? self.album
        album.musicbrainzReleaseId = mbid
        let (lookup, release) = (self.lookup, album)
        let task = Task {
            let reported = ScanDiagnostics()
            let link = await ScanDiagnostics.$current.withValue(reported) { await lookup.link(for: release) }
            return (link, reported.all)
        }
        started.withLock { $0 = (mbid, task) }
    }

    /// The links of the release the scan settled on: the early answer when it was for that release.
    func link(for release: Album) async -> DiscogsLink {
        guard let early = started.withLock({ $0 }) else { return await lookup.link(for: release) }
        let (link, reported) = await early.task.value
        guard early.mbid == release.musicbrainzReleaseId else { return await lookup.link(for: release) }
        for diagnostic in reported { ScanDiagnostics.current?.add(diagnostic) }
        return link
    }
}
