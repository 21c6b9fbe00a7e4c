import Foundation

/// The barcodes MusicBrainz lists in the fixture world (each album's `barcode`), and the fake's answer to
/// `barcode:` searches.
package enum FixtureBarcodes {
    /// A listed EAN-13, stored as 13 digits, for "Signal Bloom" (fixture 01).
    package static let signalBloom = "5012345678900"
    /// A listed UPC-A, stored as its 12 digits, for "Apogee" (fixture 07); printed on sleeves as EAN-13 0036000291452.
    package static let apogee = "036000291452"
    /// A valid EAN-13 that MusicBrainz does not list.
    package static let unlisted = "4006381333931"

    /// The 13 digits printed on the album's sleeve (a 12-digit UPC-A with a leading 0), if MusicBrainz lists one.
    package static func printed(on album: FixtureAlbum) -> String? {
        album.barcode.map { $0.count == 12 ? "0" + $0 : $0 }
    }

    /// The answer to a `barcode:` query, as mb-solr gives it: releases of `albums` whose stored barcode is one of
    /// the terms exactly (so a UPC stored with 12 digits is found only by its 12-digit form); nil for any other query.
    package static func answer(_ query: String, albums: [FixtureAlbum] = FixtureCatalog.albums) -> FakeResponse? {
        guard query.hasPrefix("barcode:") else { return nil }
        let terms = Set(query.split { !$0.isNumber }.map(String.init))
        let releases = albums.compactMap { album -> MBRelease? in
            guard let barcode = album.barcode, terms.contains(barcode) else { return nil }
            var release = MBRelease(
                id: album.releaseID, score: 100, title: album.title, artist: album.artist, date: "\(album.year)-04-01",
                country: "GB", label: album.label, releaseGroupId: album.releaseGroupID)
            release.barcode = barcode
            return release
        }
        return MBReleaseList.response(releases)
    }
}
