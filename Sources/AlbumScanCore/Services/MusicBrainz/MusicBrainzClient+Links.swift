import Foundation

extension MusicBrainzClient {
    /// The Discogs release ids MusicBrainz links the release `mbid` to (`inc=url-rels`), in its order; [] when it links
    /// none. Spaced and retried like every MusicBrainz request.
    func discogsReleaseIds(mbid: String) async throws -> [Int] {
        guard let body = try await get("release/\(LuceneQuery.percentEncode(mbid))?inc=url-rels&fmt=json") else { return [] }
        guard let ids = Self.discogsReleaseIds(inLookup: body) else {
            throw HTTPTransportError.failed("MusicBrainz answered the release lookup with unreadable JSON")
        }
        return ids
    }

    /// The Discogs release ids among a release lookup's url relations (`type` `discogs`, a `/release/N` URL on
    /// discogs.com), without repeats; nil when the body is not a release object.
    static func discogsReleaseIds(inLookup body: Data) -> [Int]? {
        // try?: a body that is not a release is nil, which the caller throws as unreadable
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], json["id"] != nil else {
            return nil
        }
        var ids: [Int] = []
        for relation in json["relations"] as? [[String: Any]] ?? [] {
            guard LenientJSON.string(relation["type"])?.lowercased() == "discogs",
                let resource = LenientJSON.string((relation["url"] as? [String: Any])?["resource"]),
                let id = DiscogsURL.releaseId(resource), !ids.contains(id)
            else { continue }
            ids.append(id)
        }
        return ids
    }
}
