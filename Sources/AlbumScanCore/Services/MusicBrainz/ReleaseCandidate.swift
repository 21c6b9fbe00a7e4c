import Foundation

/// One release from a MusicBrainz search, reduced to what ranking needs.
package struct ReleaseCandidate: Sendable, Equatable {
    package var id: String
    package var score: Int
    package var title: String
    package var artist: String
    /// Other names the hit gives its artist: each credited artist's own name, its `sort-name` turned back
    /// ("Nakashima, Mika" is "Mika Nakashima") and its aliases. A sleeve read in one script matches a credit in another.
    package var otherArtistNames: [String] = []
    package var status: String?
    package var primaryType: String?
    package var secondaryTypes: [String]
    package var date: String?
    package var releaseGroupId: String?
    /// The barcode MusicBrainz lists for the release ("" or absent when none).
    package var barcode: String? = nil
    /// The first label credited.
    package var label: String? = nil
    /// Every catalogue number the release's labels list.
    package var catalogNumbers: [String] = []
    /// Each medium's format as MusicBrainz names it (`12" Vinyl`, `CD`, `Cassette`, …).
    package var formats: [String] = []
    /// The release country: an ISO 3166-1 code, or `XE`/`XW`.
    package var country: String? = nil

    package init(
        id: String, score: Int, title: String, artist: String, status: String? = "Official", primaryType: String? = "Album",
        secondaryTypes: [String] = [], date: String? = nil, releaseGroupId: String? = nil
    ) {
        self.id = id
        self.score = score
        self.title = title
        self.artist = artist
        self.status = status
        self.primaryType = primaryType
        self.secondaryTypes = secondaryTypes
        self.date = date
        self.releaseGroupId = releaseGroupId
    }

    /// A search score clamped to 0...100; NaN, infinities and huge numbers (hostile bodies) count as 0.
    static func score(_ value: Any?) -> Int {
        guard let number = LenientJSON.number(value), number.isFinite else { return 0 }
        return Int(min(max(number, 0), 100))
    }

    /// Decodes a `/release` search body; `score` may be an integer or a string.
    package static func decodeSearch(_ body: Data) -> [ReleaseCandidate]? {
        // try?: a body that is not a release search is nil, which the caller throws as unreadable
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let releases = json["releases"] as? [[String: Any]]
        else { return nil }
        return releases.compactMap(decode(release:))
    }

    /// One release object, as a search hit or a lookup with `artist-credits`, `labels`, `release-groups` and `media`
    /// gives it; nil without an id or title.
    package static func decode(release: [String: Any]) -> ReleaseCandidate? {
        guard let id = LenientJSON.string(release["id"]), let title = LenientJSON.string(release["title"]) else { return nil }
        let credits = release["artist-credit"] as? [[String: Any]] ?? []
        let artist = credits.map { credit in
            (LenientJSON.string(credit["name"]) ?? LenientJSON.string((credit["artist"] as? [String: Any])?["name"]) ?? "")
                + (credit["joinphrase"] as? String ?? "")
        }.joined()
        let group = release["release-group"] as? [String: Any] ?? [:]
        var candidate = ReleaseCandidate(
            id: id, score: score(release["score"]), title: title, artist: artist,
            status: LenientJSON.string(release["status"]), primaryType: LenientJSON.string(group["primary-type"]),
            secondaryTypes: LenientJSON.strings(group["secondary-types"]), date: LenientJSON.string(release["date"]),
            releaseGroupId: LenientJSON.string(group["id"]))
        candidate.otherArtistNames = credits.count == 1 ? artistNames(credits[0]["artist"] as? [String: Any] ?? [:]) : []
        candidate.barcode = LenientJSON.string(release["barcode"])
        let labels = release["label-info"] as? [[String: Any]] ?? []
        candidate.label = labels.lazy.compactMap { LenientJSON.string(($0["label"] as? [String: Any])?["name"]) }
            .first { !NameFolding.isPlaceholder($0) }
        candidate.catalogNumbers = labels.compactMap { LenientJSON.string($0["catalog-number"]) }.filter { !$0.isEmpty }
        let media = release["media"] as? [[String: Any]] ?? []
        candidate.formats = media.compactMap { LenientJSON.string($0["format"]) }
        candidate.country = LenientJSON.string(release["country"])
        return candidate
    }

    /// An artist object's names besides the credit: its name, its `sort-name` (turned back when it has a comma) and
    /// each alias's name and sort-name. The same shape comes in a release hit's credit and an artist search hit.
    static func artistNames(_ artist: [String: Any]) -> [String] {
        var names: [String] = []
        func add(_ name: String?) {
            guard let name, !name.isEmpty, !names.contains(name) else { return }
            names.append(name)
        }
        func addSorted(_ sortName: String?) {
            add(sortName)
            add(sortName.flatMap(NameFolding.unsorted))
        }
        add(LenientJSON.string(artist["name"]))
        addSorted(LenientJSON.string(artist["sort-name"]))
        for alias in artist["aliases"] as? [[String: Any]] ?? [] {
            add(LenientJSON.string(alias["name"]))
            addSorted(LenientJSON.string(alias["sort-name"]))
        }
        return names
    }

    /// The release's own facts, for the album fields the sleeve left empty.
    package var facts: ReleaseFacts {
        ReleaseFacts(label: label, date: date, edition: edition, barcode: barcode)
    }

    /// The edition as MusicBrainz lists it: the first catalogue number, the formats joined, the country.
    package var edition: Edition {
        Edition(
            catalogNumber: catalogNumbers.first, format: formats.isEmpty ? nil : Array(Set(formats)).sorted().joined(separator: " + "),
            country: country)
    }
}
