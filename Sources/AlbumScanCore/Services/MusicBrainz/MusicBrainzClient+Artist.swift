import Foundation

/// An artist from MusicBrainz's artist index: its MBID and every name it goes by.
struct ArtistCandidate: Sendable, Equatable {
    var id: String
    var score: Int
    /// Its name, `sort-name` (also turned back) and aliases.
    var names: [String]

    /// Decodes an `/artist` search body; nil when it is not one.
    static func decodeSearch(_ body: Data) -> [ArtistCandidate]? {
        // try?: a body that is not an artist search is nil, which the caller throws as unreadable
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let artists = json["artists"] as? [[String: Any]]
        else { return nil }
        return artists.compactMap { artist in
            guard let id = LenientJSON.string(artist["id"]) else { return nil }
            return ArtistCandidate(
                id: id, score: ReleaseCandidate.score(artist["score"]), names: ReleaseCandidate.artistNames(artist))
        }
    }

    /// The hits whose name, sort name or an alias is the wanted name after folding, best-scored first.
    static func named(_ wanted: String, among candidates: [ArtistCandidate]) -> [ArtistCandidate] {
        candidates.filter { candidate in
            candidate.names.contains { ReleaseRanker.similarity($0, wanted, dropThe: true) == 2 }
        }.sorted { $0.score > $1.score }
    }
}

extension MusicBrainzClient {
    /// The artists a sleeve's name belongs to, best first, looked up in the artist index by alias and sort name: the
    /// release search may not match an alias at all. Nil when `answeredMeanwhile` said to stop.
    func artistsNamed(_ name: String) async throws -> [ArtistCandidate]? {
        guard let body = try await get("artist?query=\(LuceneQuery.percentEncode(LuceneQuery.artistNamed(name)))&limit=10&fmt=json")
        else { return nil }
        guard let candidates = ArtistCandidate.decodeSearch(body) else {
            throw HTTPTransportError.failed("MusicBrainz answered the artist search with unreadable JSON")
        }
        let found = ArtistCandidate.named(name, among: candidates)
        environment.log(
            "musicbrainz: the artist index "
                + (found.first.map { "names \(name) as \($0.id)" } ?? "has no artist named \(name)"))
        return found
    }

    /// Releases of one artist (by MBID) with this title, each hit credited with every name the artist goes by.
    func releases(title: String, by artist: ArtistCandidate) async throws -> [ReleaseCandidate]? {
        guard let hits = try await search(LuceneQuery.byArtist(id: artist.id, title: title)) else { return nil }
        return hits.map { hit in
            var hit = hit
            hit.otherArtistNames += artist.names
            return hit
        }
    }
}
