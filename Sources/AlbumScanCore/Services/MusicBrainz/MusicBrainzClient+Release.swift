import Foundation

/// One release looked up by MBID: its names and facts, and the Discogs releases it links to.
struct LookedUpRelease: Sendable, Equatable {
    var release: ReleaseCandidate
    var discogsReleaseIds: [Int]
}

extension MusicBrainzClient {
    /// The includes a correction needs in one request: the credit, labels and catalogue numbers, the release group,
    /// the media's formats and the url relations.
    static let wholeRelease = "artist-credits+labels+release-groups+media+url-rels"

    /// The release `mbid` as MusicBrainz lists it (one lookup); nil when `answeredMeanwhile` said to stop. A 404
    /// throws `HTTPStatusError` (no such release).
    func release(mbid: String) async throws -> LookedUpRelease? {
        let path = "release/\(LuceneQuery.percentEncode(mbid))?inc=\(Self.wholeRelease)&fmt=json"
        guard let body = try await get(path) else { return nil }
        // try?: a body that is not JSON throws the unreadable-JSON error below
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let release = ReleaseCandidate.decode(release: json),
            let links = Self.discogsReleaseIds(inLookup: body)
        else { throw HTTPTransportError.failed("MusicBrainz answered the release lookup with unreadable JSON") }
        return LookedUpRelease(release: release, discogsReleaseIds: links)
    }
}
