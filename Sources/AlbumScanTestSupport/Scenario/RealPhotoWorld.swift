import Foundation

/// The real development photos at ../shared/realphotos as a fixture world: one album per case, whose front image at
/// the fake Cover Art Archive is the case's real artwork. The photos are read in place, never copied.
package enum RealPhotoWorld {
    /// One case: its album and its photos by camera.
    package struct Case: Sendable {
        package var number: Int
        package var album: FixtureAlbum
        package var photos: [String: URL]
    }

    package static let root = URL(fileURLWithPath: "../shared/realphotos")

    /// Whether the photos are here.
    package static var available: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path) }

    /// The cases, in folder order; empty when the folder is absent.
    package static func cases() -> [Case] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return names.compactMap { name in
            let parts = name.split(separator: "-")
            let folder = root.appendingPathComponent(name)
            guard parts.count > 3, let number = Int(parts[2]),
                let art = try? Data(contentsOf: folder.appendingPathComponent("art.jpg"))
            else { return nil }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            var photos: [String: URL] = [:]
            for file in files where file.hasPrefix("photo-") && file.hasSuffix(".jpg") {
                photos[String(file.dropFirst(6).dropLast(4))] = folder.appendingPathComponent(file)
            }
            let title = parts[3...].map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            var album = FixtureAlbum(
                slug: String(format: "real-%03d", number), artist: "Studio \(number)", title: title, year: "2008",
                genres: ["Soundtrack"], label: "Real Photos", colour: SyntheticCover.Colour(128, 128, 128))
            album.coverJPEG = art
            return Case(number: number, album: album, photos: photos)
        }
    }

    /// The fixture fakes for these cases, every story complete; the OpenAI fake names the album `naming` holds.
    package static func start(_ cases: [Case], naming: LockedValue<String?>) throws -> FakeServices {
        try FixtureWorld.start(completeStories: true, albums: cases.map(\.album)) { naming.withLock { $0 } }
    }
}
