import AlbumScanMatching
import AlbumScanCore
import Foundation

/// The labelled photos of `Fixtures/eval`: simulated phone photos of the fixture covers (never real artwork), with
/// the labels a user would write. Two answers come back wrong on purpose, two covers stay unidentified, and one
/// photo repeats an earlier cover (a batch duplicate).
package enum EvalFixtureSet {
    /// One photo and its label.
    package struct Photo: Sendable {
        package var file: String
        package var artist: String
        package var album: String
        package var mbid: String?
        /// Writes the photo's bytes.
        let render: @Sendable () throws -> Data
    }

    static func fixture(_ prefix: String) -> FixtureAlbum {
        FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) } ?? FixtureCatalog.albums[0]
    }

    /// The set, in the CSV's order.
    package static let photos: [Photo] = [
        // Named by Call 1; labelled with its release group, as MusicBrainz's album page gives it.
        labelled(fixture("01"), file: "photos/velvet-circuit.jpg", mbid: fixture("01").releaseGroupID) {
            $0.tiltDegrees = 4
            $0.noiseSigma = 3
        },
        // A PNG (a scanner's output), labelled without the "(Deluxe Edition)" the model reads.
        Photo(file: "photos/harbour-lights.png", artist: "Harbour Lights", album: "Tide Tables", mbid: nil) {
            let image = try shot(fixture("02")) { $0.brightness = 1.05 }
            return try PNGWriter.png(image.pixels, width: image.width, height: image.height)
        },
        // Call 1 asks for a search, Call 2 names it.
        labelled(fixture("03"), file: "photos/mira-solenne.jpg") { $0.rotationDegrees = -2 },
        // Call 1 reads almost nothing: the search gate blocks, so it stays unidentified.
        labelled(fixture("04"), file: "photos/static-choir.jpg") { $0.brightness = 0.9 },
        // A yellow sleeve under orange tungsten light: the model takes it for the orange one. A wrong answer.
        labelled(fixture("05"), file: "photos/ac-dz-tungsten.jpg") { $0.cast = [1.0, 0.72, 0.9] },
        // No artwork anywhere, so the answer cannot be checked (verification unchecked).
        labelled(fixture("06"), file: "photos/paper-kites.jpg") { $0.tiltDegrees = 3 },
        // The review model fails for this one; the identification still counts.
        labelled(fixture("07"), file: "photos/low-orbit.jpg") { $0.noiseSigma = 4 },
        // The cover designed to be unresolved: Call 1 gives up.
        labelled(fixture("11"), file: "photos/blurred-frame.jpg") { $0.blurSigma = 1.5 },
        // Labelled with a release id rather than its group: accepted too.
        labelled(fixture("10"), file: "photos/quiet-hours.jpg", mbid: fixture("10").releaseID) { $0.brightness = 0.95 },
        // A pink sleeve with bars (not a circle) that is not in the fixture world: the model names the pink one it
        // knows. Wrong, and its artwork looks nothing like the photo.
        Photo(file: "photos/arcade-saints.jpg", artist: "Arcade Saints", album: "Pink Static", mbid: nil) {
            let design = SyntheticCover(
                background: .solid(fixture("12").colour),
                shapes: [
                    .rectangle(x: 0.12, y: 0.18, width: 0.76, height: 0.14, colour: .init(30, 30, 50)),
                    .rectangle(x: 0.12, y: 0.5, width: 0.5, height: 0.3, colour: .init(250, 230, 60)),
                    .circle(centerX: 0.78, centerY: 0.66, radius: 0.08, colour: .init(30, 30, 50)),
                ])
            let cover = try JPEGDecoder.decodeRGB(try design.jpeg(width: 900, height: 900), maxSide: nil, limits: ImageLimits())
            let image = try frame { $0.tiltDegrees = 2 }.render(cover: cover, background: nil)
            return try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 88)
        },
        // A second photo of the first cover: a batch duplicate of it, named with no model call.
        labelled(fixture("01"), file: "photos/velvet-circuit-again.jpg") {
            $0.rotationDegrees = 3
            $0.brightness = 0.92
        },
    ]

    /// A JPEG phone photo of a fixture cover, labelled with its own artist and title.
    static func labelled(
        _ album: FixtureAlbum, file: String, mbid: String? = nil, _ adjust: @escaping @Sendable (inout PhoneShot) -> Void
    ) -> Photo {
        Photo(file: file, artist: album.artist, album: album.title, mbid: mbid) {
            let image = try shot(album, adjust)
            return try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 88)
        }
    }

    /// The fixture's cover photographed filling the frame (the fakes recognise a cover by its border colour).
    static func shot(_ album: FixtureAlbum, _ adjust: (inout PhoneShot) -> Void) throws -> DecodedRGB {
        let cover = try JPEGDecoder.decodeRGB(try album.cover(), maxSide: nil, limits: ImageLimits())
        return try frame(adjust).render(cover: cover, background: nil)
    }

    static func frame(_ adjust: (inout PhoneShot) -> Void) -> PhoneShot {
        var shot = PhoneShot()
        (shot.frameWidth, shot.frameHeight) = (900, 900)
        shot.coverFraction = 1.0
        adjust(&shot)
        return shot
    }

    /// The labels CSV: the header, then one row per photo (fields quoted where RFC 4180 needs it).
    package static var labelsCSV: String {
        let rows = photos.map { photo in
            [photo.file, photo.artist, photo.album, photo.mbid ?? ""].map(quoted).joined(separator: ",")
        }
        return (["file,artist,album,mbid"] + rows).joined(separator: "\n") + "\n"
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Writes `labels.csv` and `photos/` into `folder`, replacing the photos there.
    package static func write(to folder: URL) throws {
        let photosFolder = folder.appendingPathComponent("photos")
        try? FileManager.default.removeItem(at: photosFolder)
        try FileManager.default.createDirectory(at: photosFolder, withIntermediateDirectories: true)
        for photo in photos { try photo.render().write(to: folder.appendingPathComponent(photo.file)) }
        try Data(labelsCSV.utf8).write(to: folder.appendingPathComponent("labels.csv"))
    }
}
