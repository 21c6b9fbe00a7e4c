import Foundation

/// The fictional albums behind `Fixtures/`, the end-to-end tests and the benchmarks. No real artwork anywhere.
///
/// `albums` is the world `Fixtures/recordings` and most tests run on; `FixtureCatalog+Crate.swift` adds ten more
/// for the bench's crate of 50 photos, kept apart so the recordings and the counts built on `albums` do not move.
package enum FixtureCatalog {
    typealias Colour = SyntheticCover.Colour

    package static let albums: [FixtureAlbum] = [
        FixtureAlbum(
            slug: "01-velvet-circuit", artist: "The Velvet Circuit", title: "Signal Bloom", year: "1998",
            genres: ["Electronic", "Trip Hop"], label: "Loopback Records", colour: Colour(200, 30, 40), decoys: true,
            barcode: FixtureBarcodes.signalBloom, discogsReleaseIds: [9_000_101, 9_000_102]),
        FixtureAlbum(
            slug: "02-harbour-lights", artist: "Harbour Lights", title: "Tide Tables (Deluxe Edition)", year: "1976",
            genres: ["Folk Rock"], label: "Quayside", colour: Colour(30, 60, 190)),
        FixtureAlbum(
            slug: "03-mira-solenne", artist: "Mira Solenne", title: "Ágætis Nótt", year: "2003",
            genres: ["Post-Rock"], label: "Norðurljós", colour: Colour(20, 150, 80), identification: .searchPasses),
        FixtureAlbum(
            slug: "04-static-choir", artist: "Static Choir", title: "Hum", year: "2011", genres: ["Drone"],
            label: "Tapeworm", colour: Colour(120, 120, 120), identification: .searchBlocked),
        FixtureAlbum(
            slug: "05-ac-dz", artist: "AC/DZ", title: "Back in Beige", year: "1981", genres: ["Hard Rock"],
            label: "Voltage", colour: Colour(240, 200, 20), discogsReleaseIds: [9_000_105]),
        FixtureAlbum(
            slug: "06-paper-kites", artist: "Paper Kites Union", title: "(What's the) Weather Like?", year: "1995",
            genres: ["Britpop"], label: "Gust", colour: Colour(140, 40, 170), artwork: .none),
        FixtureAlbum(
            slug: "07-low-orbit", artist: "Low Orbit", title: "Apogee", year: "2019", genres: ["Synth-pop"],
            label: "Kepler", colour: Colour(0, 180, 200), reviewFails: true,
            barcode: FixtureBarcodes.apogee),
        FixtureAlbum(
            slug: "08-earth-wire", artist: "Earth, Wire & Fire", title: "Conductors", year: "1975", genres: ["Funk", "Soul"],
            label: "Copper", colour: Colour(230, 110, 30), artwork: .legacyListing),
        FixtureAlbum(
            slug: "09-sunn-ohm", artist: "Sunn Ohm)))", title: "Feedback Cathedral", year: "2005", genres: ["Drone Metal"],
            label: "Amplifier", colour: Colour(15, 15, 20), artwork: .releaseGroupOnly),
        FixtureAlbum(
            slug: "10-quiet-hours", artist: "Quiet Hours", title: "Lanterns", year: "2021", genres: ["Ambient"],
            label: "Dusk", colour: Colour(245, 240, 225)),
        FixtureAlbum(
            slug: "11-blurred-frame", artist: "Nobody Knows", title: "Nothing", year: "2000", genres: ["Unknown"],
            label: "None", colour: Colour(90, 60, 40), identification: .unresolved),
        FixtureAlbum(
            slug: "12-neon-parish", artist: "Neon Parish", title: "Hymns for Arcades", year: "1987", genres: ["New Wave"],
            label: "Coin-Op", colour: Colour(250, 90, 170)),
    ]

    /// The album of `albums` whose cover colour is nearest the given average colour.
    package static func nearest(red: Double, green: Double, blue: Double, in albums: [FixtureAlbum] = albums)
        -> FixtureAlbum?
    {
        albums.min { lhs, rhs in
            distance(lhs.colour, red, green, blue) < distance(rhs.colour, red, green, blue)
        }
    }

    /// The album of `albums` whose title contains, or is contained in, `title`.
    package static func album(titled title: String, in albums: [FixtureAlbum] = albums) -> FixtureAlbum? {
        albums.first { title.localizedCaseInsensitiveContains($0.title) || $0.title.localizedCaseInsensitiveContains(title) }
    }

    static func distance(_ colour: SyntheticCover.Colour, _ red: Double, _ green: Double, _ blue: Double) -> Double {
        let dr = Double(colour.red) - red, dg = Double(colour.green) - green, db = Double(colour.blue) - blue
        return dr * dr + dg * dg + db * db
    }
}
