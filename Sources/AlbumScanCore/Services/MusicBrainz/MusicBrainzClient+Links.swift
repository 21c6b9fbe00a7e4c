import Foundation

extension MusicBrainzClient {
    /// What MusicBrainz's release lookup (`inc=url-rels`) says of the release `mbid`: the Discogs releases it links it
    /// to, in its order, and the barcode it stores for it. Spaced and retried like every MusicBrainz request.
    func releaseLinks(mbid: String) async throws -> ReleaseLinks {
        guard let body = try await get("release/\(LuceneQuery.percentEncode(mbid))?inc=url-rels&fmt=json") else {
            return ReleaseLinks(discogsReleaseIds: [], barcode: nil)
        }
        guard let ids = Self.discogsReleaseIds(inLookup: body) else {
            throw HTTPTransportError.failed("MusicBrainz answered the release lookup with unreadable JSON")
        }
        return ReleaseLinks(discogsReleaseIds: ids, barcode: Self.barcode(inLookup: body))
    }

    /// The digits of the barcode a release lookup carries; nil when it has none (`null` or `""`).
    static func barcode(inLookup body: Data) -> String? {
        // try?: the caller has already read the same body as JSON for its links; no object here means no barcode
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let barcode = LenientJSON.string(json["barcode"])
        else { return nil }
        let digits = DiscogsSearch.digits(barcode)
        return digits.isEmpty ? nil : digits
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

/// A release's links and barcode, as MusicBrainz's release lookup gives them.
struct ReleaseLinks: Equatable {
    var discogsReleaseIds: [Int]
    /// The barcode MusicBrainz stores for the release, digits only.
    var barcode: String?
}
