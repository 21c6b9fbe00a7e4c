import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// `edit`'s corrections: the MusicBrainz release, the Discogs release, or the names to look up again.
struct CorrectionOptions: ParsableArguments {
    @Option(
        name: .customLong("release"),
        help: ArgumentHelp(
            "The right MusicBrainz release, as its id or its musicbrainz.org address: its names, facts, artwork and "
                + "Discogs links replace the scan's, and the photo is checked against its artwork.",
            valueName: "mbid|url"))
    var release: String?

    @Option(
        name: .customLong("discogs-release"),
        help: ArgumentHelp(
            "The right Discogs release, as its number or discogs.com address (saved as set by hand).", valueName: "id|url"))
    var discogsRelease: String?

    @Option(
        help: ArgumentHelp("The right artist name: the release is looked up again (no identification call).", valueName: "name"))
    var artist: String?

    @Option(help: ArgumentHelp("The right title: the release is looked up again (no identification call).", valueName: "title"))
    var title: String?

    /// The correction asked for, checked before anything is read or sent.
    func correction() throws -> ScanCorrection {
        try ScanCorrection.parse(release: release, discogsRelease: discogsRelease, artist: artist, title: title)
    }
}
