import Foundation

/// A release search hit, rendered in the mb-solr release-list shape of WIRE §3.2.
package struct MBRelease: Sendable {
    /// A search score: an int in current output, a string in the old doc example.
    package enum Score: Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
        case int(Int)
        case string(String)

        package init(integerLiteral value: Int) { self = .int(value) }
        package init(stringLiteral value: String) { self = .string(value) }

        var json: Any {
            switch self {
            case .int(let value): return value
            case .string(let value): return value
            }
        }
    }

    /// The release MBID.
    package var id: String
    /// The search score.
    package var score: Score
    /// The release title.
    package var title: String
    /// The status, such as `Official`; nil leaves the key out.
    package var status: String?
    /// The credited artist name.
    package var artist: String
    /// The release group's primary type, such as `Album`.
    package var primaryType: String?
    /// The release group's secondary types, such as `Compilation`.
    package var secondaryTypes: [String]
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; nil leaves the key out.
    package var date: String?
    /// An ISO-3166-1 code or `XW`/`XE`; nil leaves the key out.
    package var country: String?
    /// The label name; nil leaves `label-info` out.
    package var label: String?
    /// The catalogue number on the label.
    package var catalogNumber: String?
    /// The release group MBID (derived from `id` when nil).
    package var releaseGroupId: String?
    /// The medium format, such as `CD` or `12" Vinyl`.
    package var format: String?
    /// The track count.
    package var trackCount: Int
    /// The barcode as MusicBrainz stores it (12 or 13 digits, or ""); nil leaves the key out.
    package var barcode: String? = nil
    /// Discogs releases MusicBrainz links this release to (url relations of type `discogs`), in order.
    package var discogsReleaseIds: [Int] = []
    /// The credited artist's `sort-name` (the credited name when nil) and aliases, as a search hit carries them.
    package var artistSortName: String? = nil
    package var artistAliases: [MBArtist.Alias] = []

    /// Creates a hit; unset optional fields are left out of the JSON, as MusicBrainz does.
    package init(
        id: String, score: Score = 100, title: String, status: String? = "Official", artist: String,
        primaryType: String? = "Album", secondaryTypes: [String] = [], date: String? = nil, country: String? = nil,
        label: String? = nil, catalogNumber: String? = nil, releaseGroupId: String? = nil, format: String? = "CD",
        trackCount: Int = 10
    ) {
        self.id = id
        self.score = score
        self.title = title
        self.status = status
        self.artist = artist
        self.primaryType = primaryType
        self.secondaryTypes = secondaryTypes
        self.date = date
        self.country = country
        self.label = label
        self.catalogNumber = catalogNumber
        self.releaseGroupId = releaseGroupId
        self.format = format
        self.trackCount = trackCount
    }

    /// The hit as a JSON object in the release-list shape.
    package var jsonObject: [String: Any] {
        var artistObject: [String: Any] = [
            "id": FakeIDs.uuid("artist:" + artist), "name": artist, "sort-name": artistSortName ?? artist,
        ]
        if !artistAliases.isEmpty { artistObject["aliases"] = artistAliases.map(\.jsonObject) }
        var group: [String: Any] = ["id": releaseGroupId ?? FakeIDs.uuid("release-group:" + id), "title": title]
        if let primaryType {
            group["primary-type"] = primaryType
            group["primary-type-id"] = FakeIDs.uuid("type:" + primaryType)
        }
        if !secondaryTypes.isEmpty { group["secondary-types"] = secondaryTypes }
        var release: [String: Any] = [
            "id": id, "score": score.json, "count": 1, "title": title,
            "text-representation": ["language": "eng", "script": "Latn"],
            "artist-credit": [["name": artist, "artist": artistObject]],
            "artist-credit-id": FakeIDs.uuid("credit:" + artist),
            "release-group": group, "track-count": trackCount,
        ]
        if let status {
            release["status"] = status
            release["status-id"] = FakeIDs.uuid("status:" + status)
        }
        if let date { release["date"] = date }
        if let barcode { release["barcode"] = barcode }
        if let country { release["country"] = country }
        if let date, let country {
            let area: [String: Any] = [
                "id": FakeIDs.uuid("area:" + country), "name": country, "sort-name": country,
                "iso-3166-1-codes": [country],
            ]
            release["release-events"] = [["date": date, "area": area]]
        }
        if let label {
            var info: [String: Any] = ["label": ["id": FakeIDs.uuid("label:" + label), "name": label]]
            if let catalogNumber { info["catalog-number"] = catalogNumber }
            release["label-info"] = [info]
        }
        if let format {
            release["media"] = [["format": format, "disc-count": 1, "track-count": trackCount]]
        }
        return release
    }
}
