import Foundation

/// An artist search hit, in the shape of MusicBrainz's `/ws/2/artist?query=` JSON (the artist objects a release hit's
/// credit carries, with `score`, `type` and `aliases`).
package struct MBArtist: Sendable {
    /// One alias as the artist index lists it.
    package struct Alias: Sendable {
        package var name: String
        package var sortName: String
        package var locale: String?
        package var primary: Bool?

        package init(name: String, sortName: String? = nil, locale: String? = nil, primary: Bool? = nil) {
            self.name = name
            self.sortName = sortName ?? name
            self.locale = locale
            self.primary = primary
        }

        var jsonObject: [String: Any] {
            [
                "name": name, "sort-name": sortName, "locale": locale ?? NSNull(), "type": "Artist name",
                "primary": primary ?? NSNull(), "begin-date": NSNull(), "end-date": NSNull(),
            ]
        }
    }

    package var name: String
    package var sortName: String
    package var score: Int
    package var aliases: [Alias]

    package init(name: String, sortName: String? = nil, score: Int = 100, aliases: [Alias] = []) {
        self.name = name
        self.sortName = sortName ?? name
        self.score = score
        self.aliases = aliases
    }

    /// The MBID the fakes give this artist (the one release hits credit it with).
    package var id: String { FakeIDs.uuid("artist:" + name) }

    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "id": id, "type": "Person", "score": score, "name": name, "sort-name": sortName,
        ]
        if !aliases.isEmpty { object["aliases"] = aliases.map(\.jsonObject) }
        return object
    }

    /// A 200 artist-search body listing `artists`.
    package static func searchResponse(_ artists: [MBArtist]) -> FakeResponse {
        .json(
            [
                "created": "2024-01-01T00:00:00.000Z", "count": artists.count, "offset": 0,
                "artists": artists.map(\.jsonObject),
            ], headers: ["Content-Type": "application/json; charset=utf-8"])
    }
}
