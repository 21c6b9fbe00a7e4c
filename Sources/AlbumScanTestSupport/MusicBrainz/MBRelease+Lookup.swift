import Foundation

extension MBRelease {
    /// The Discogs link type's id in MusicBrainz (WIRE §7).
    package static let discogsLinkTypeId = "4a78823c-1c53-4176-a5f3-58026c76f2bc"

    /// The release as `GET /ws/2/release/{mbid}` answers it: the release's own fields (the artist credit, labels, release
    /// group and media only with their `inc`), and with `url-rels` in `inc` its `relations`: one forward url relation per Discogs
    /// release, and a non-Discogs one beside them, as real releases have.
    package func lookupObject(inc: String) -> [String: Any] {
        var release: [String: Any] = [
            "id": id, "title": title, "disambiguation": "", "quality": "normal", "packaging": NSNull(),
            "text-representation": ["language": "eng", "script": "Latn"], "barcode": barcode ?? NSNull(),
            "cover-art-archive": ["artwork": true, "front": true, "back": false, "count": 1, "darkened": false],
        ]
        if let status { release["status"] = status }
        if let date { release["date"] = date }
        if let country { release["country"] = country }
        // `inc=artist-credits+labels` arrives with its `+` as sent or decoded to a space.
        let includes = Set(inc.split { $0 == "+" || $0 == " " }.map(String.init))
        // The credit, labels, group and media come only with their `inc`, in the same shape as a search hit's.
        let whole = jsonObject
        for (include, key) in [
            ("artist-credits", "artist-credit"), ("labels", "label-info"), ("release-groups", "release-group"),
            ("media", "media"),
        ] where includes.contains(include) {
            release[key] = whole[key]
        }
        if includes.contains("url-rels") {
            var relations: [[String: Any]] = discogsReleaseIds.map { discogs in
                Self.urlRelation(type: "discogs", typeId: Self.discogsLinkTypeId, resource: "https://www.discogs.com/release/\(discogs)")
            }
            relations.append(
                Self.urlRelation(
                    type: "purchase for mail-order", typeId: FakeIDs.uuid("link-type:purchase"),
                    resource: "https://shop.example/\(id)"))
            release["relations"] = relations
        }
        return release
    }

    static func urlRelation(type: String, typeId: String, resource: String) -> [String: Any] {
        [
            "type": type, "type-id": typeId, "target-type": "url", "direction": "forward", "attributes": [String](),
            "attribute-ids": [String: String](), "attribute-values": [String: String](), "begin": NSNull(), "end": NSNull(),
            "ended": false, "source-credit": "", "target-credit": "",
            "url": ["id": FakeIDs.uuid("url:" + resource), "resource": resource],
        ]
    }

    /// A 200 with the lookup body.
    package func lookupResponse(inc: String) -> FakeResponse {
        .json(lookupObject(inc: inc), headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    /// The default lookup answer for any MBID: a release with no url relations.
    package static func lookupResponse(id: String, inc: String = "url-rels") -> FakeResponse {
        MBRelease(id: id, title: "Unknown", artist: "Unknown").lookupResponse(inc: inc)
    }

    /// MusicBrainz's 404 for an MBID it does not have.
    package static var notFound: FakeResponse {
        .json(["error": "Not Found", "help": "For usage, please see: https://musicbrainz.org/development/mmd"], status: 404)
    }
}
