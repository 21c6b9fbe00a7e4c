import AlbumScanTestSupport
import Testing

@testable import AlbumScanMatching

/// The prefilter's vector pass over a library gives, cover by cover, the distance the plain definition gives.
@Suite struct CoverLayoutTests {
    static func layout(_ random: inout SeededRandom) -> CoverLayout {
        CoverLayout(cells: CoverLayout.normalised((0..<CoverLayout.count).map { _ in Float(random.next() % 256) }))
    }

    @Test(arguments: [(placements: 27, covers: 0), (1, 1), (27, 5), (3, 200)])
    func libraryDistancesAreEachCoversBestPlacement(placements: Int, covers: Int) {
        var random = SeededRandom(seed: UInt64(placements * 1_000 + covers))
        let photo = (0..<placements).map { _ in Self.layout(&random) }
        let library = (0..<covers).map { _ in Self.layout(&random) }
        let distances = CoverLayout.distances(photo: photo, library: library.flatMap(\.cells))
        #expect(distances.count == covers)
        for (cover, distance) in zip(library, distances) {
            let plain = CoverLayout.distance(photo: photo, cover: cover)
            #expect(abs(distance - plain) < 1e-5, "\(distance) against \(plain)")
        }
        // A cover that is one of the placements is at distance 0.
        if let first = photo.first {
            #expect(CoverLayout.distances(photo: photo, library: first.cells) == [0])
        }
    }
}
