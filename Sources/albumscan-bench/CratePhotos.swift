import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// The photos of the crate bench: what each one shows, and its bytes.
struct CratePhotos {
    /// One photo of the crate.
    struct Photo {
        enum Kind { case front, duplicate, back, blurred, `repeat` }

        var kind: Kind
        var album: FixtureAlbum
        var name: String
        var jpeg: Data

        func write(in folder: URL) throws -> URL {
            let file = folder.appendingPathComponent("\(name).jpg")
            try jpeg.write(to: file)
            return file
        }
    }

    /// Slug prefixes of the 20 distinct covers: the ten identifiable originals, then the ten extras.
    static let fronts = ["01", "02", "03", "05", "06", "07", "08", "09", "10", "12"] + (13...22).map(String.init)
    /// Photographed twice in a row by accident.
    static let duplicates: Set = ["02", "10", "14", "17", "21"]
    /// Back sleeves, each with the barcode MusicBrainz lists for the album.
    static let backs = ["01", "07", "13", "14", "15", "16", "18", "19", "20", "22"]
    static let blurred = ["03", "08", "12", "16", "19"]
    /// Photographed again in the second run.
    static let repeats = ["01", "05", "06", "09", "10", "13", "15", "18", "20", "22"]

    var firstRun: [Photo]
    var repeats: [Photo]

    static func make() throws -> CratePhotos {
        var first: [Photo] = []
        for slug in fronts {
            let cover = try album(slug).cover()
            first.append(Photo(kind: .front, album: try album(slug), name: "front-\(slug)", jpeg: cover))
            if duplicates.contains(slug) {
                first.append(Photo(kind: .duplicate, album: try album(slug), name: "again-\(slug)", jpeg: cover))
            }
        }
        for slug in backs {
            let album = try album(slug)
            guard let digits = FixtureBarcodes.printed(on: album) else { throw CrateError(slug: slug) }
            first.append(Photo(kind: .back, album: album, name: "back-\(slug)", jpeg: try BarcodeSleeve.jpeg(digits: digits)))
        }
        for slug in blurred {
            first.append(Photo(kind: .blurred, album: try album(slug), name: "blurred-\(slug)", jpeg: try shot(slug, blur: 5)))
        }
        let second = try Self.repeats.map {
            Photo(kind: .repeat, album: try album($0), name: "repeat-\($0)", jpeg: try shot($0, blur: 0))
        }
        return CratePhotos(firstRun: first, repeats: second)
    }

    static func album(_ slug: String) throws -> FixtureAlbum {
        guard let album = FixtureCatalog.withCrateExtras.first(where: { $0.slug.hasPrefix(slug) }) else {
            throw CrateError(slug: slug)
        }
        return album
    }

    /// A phone photo of the cover: tilted, slightly off-centre, framed close (the fake model knows covers by colour).
    static func shot(_ slug: String, blur: Double) throws -> Data {
        let cover = try JPEGDecoder.decodeRGB(try album(slug).cover(width: 768, height: 768), maxSide: nil, limits: ImageLimits())
        var shot = PhoneShot()
        shot.coverFraction = 0.97
        shot.offset = (0.03, -0.02)
        shot.tiltDegrees = 7
        shot.rotationDegrees = 2
        shot.blurSigma = blur
        shot.jpegQuality = 80
        let photo = try shot.render(cover: cover, background: cover)
        return try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 80)
    }

    struct CrateError: Error { var slug: String }
}
