import Foundation

/// What a shop corrects on a scan (`edit --release/--discogs-release/--artist/--title`, and the serve API's `PATCH`
/// with `musicbrainzReleaseId`, `discogsReleaseId`, `artist`, `title`): the MusicBrainz release, the Discogs release,
/// or the names to look up again without a model call.
package struct ScanCorrection: Sendable, Equatable {
    /// A MusicBrainz release MBID, lower-cased.
    package var musicbrainzReleaseId: String?
    /// A Discogs release id, set by hand (`discogsIdSource` `manual`).
    package var discogsReleaseId: Int?
    package var artist: String?
    package var title: String?
    /// The barcode read on the sleeve's back that named `musicbrainzReleaseId` (a pin, `SleevePinner`): the album's
    /// barcode, source `back`, and the release's edition over what the front showed.
    package var backBarcode: String?

    package init(
        musicbrainzReleaseId: String? = nil, discogsReleaseId: Int? = nil, artist: String? = nil, title: String? = nil,
        backBarcode: String? = nil
    ) {
        self.musicbrainzReleaseId = musicbrainzReleaseId
        self.discogsReleaseId = discogsReleaseId
        self.artist = artist
        self.title = title
        self.backBarcode = backBarcode
    }

    /// Whether anything is to be corrected.
    package var isEmpty: Bool { musicbrainzReleaseId == nil && discogsReleaseId == nil && artist == nil && title == nil }
    /// Only the Discogs release changes: the album, its facts and its review stay.
    package var isDiscogsOnly: Bool { musicbrainzReleaseId == nil && artist == nil && title == nil }

    /// The correction from the values as typed: a release as an MBID or a musicbrainz.org release address, a Discogs
    /// release as a number or a discogs.com release address, names as text. A value that is none of these, or a release
    /// given with names to look up, is a usage error naming the fix.
    package static func parse(
        release: String?, discogsRelease: String?, artist: String?, title: String?
    ) throws -> ScanCorrection {
        var correction = ScanCorrection()
        if let release {
            guard let mbid = musicBrainzReleaseId(release) else {
                throw AlbumScanError.usage(
                    "--release takes a MusicBrainz release id or address, like https://musicbrainz.org/release/MBID")
            }
            correction.musicbrainzReleaseId = mbid
        }
        if let discogsRelease {
            guard let id = discogsReleaseId(discogsRelease) else {
                throw AlbumScanError.usage(
                    "--discogs-release takes a Discogs release number or address, like https://www.discogs.com/release/1234")
            }
            correction.discogsReleaseId = id
        }
        for (name, value) in [("--artist", artist), ("--title", title)] {
            if let value, value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw AlbumScanError.usage("\(name) cannot be empty")
            }
        }
        correction.artist = artist?.trimmingCharacters(in: .whitespacesAndNewlines)
        correction.title = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        if correction.musicbrainzReleaseId != nil, correction.artist != nil || correction.title != nil {
            throw AlbumScanError.usage("--release names the album already: give it without --artist and --title")
        }
        return correction
    }

    /// The MBID in `text`: the id itself, or the one after `/release/` in a musicbrainz.org address.
    package static func musicBrainzReleaseId(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var candidate = trimmed
        if let components = URLComponents(string: trimmed), let host = components.host {
            guard host == "musicbrainz.org" || host.hasSuffix(".musicbrainz.org") else { return nil }
            let segments = components.path.split(separator: "/").map(String.init)
            guard let index = segments.firstIndex(of: "release"), index + 1 < segments.count else { return nil }
            candidate = segments[index + 1]
        }
        return isMBID(candidate) ? candidate : nil
    }

    /// The Discogs release id in `text`: a positive number, or a discogs.com release address.
    package static func discogsReleaseId(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int(trimmed) { return id > 0 ? id : nil }
        return DiscogsURL.releaseId(trimmed.hasPrefix("http") ? trimmed : "https://" + trimmed)
    }

    /// 8-4-4-4-12 hex digits.
    static func isMBID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
