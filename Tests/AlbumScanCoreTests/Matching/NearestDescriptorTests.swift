import AlbumScanTestSupport
import CMatchingKernels
import Testing

/// The matcher's nearest-two search (`Sources/CMatchingKernels/nearest.c`) against whole-number arithmetic: the
/// same nearest index (the first of equals), and the same two squared distances exactly.
@Suite struct NearestDescriptorTests {
    struct Case: Sendable, CustomStringConvertible {
        var photos: Int
        var covers: Int
        /// Each value's chance of being 0, as SIFT descriptors are mostly zeros.
        var zeros: Double
        var description: String { "\(photos) photo × \(covers) cover descriptors, zeros \(zeros)" }
    }

    static let cases: [Case] = [
        Case(photos: 37, covers: 600, zeros: 0.5), Case(photos: 5, covers: 7, zeros: 0), Case(photos: 3, covers: 1, zeros: 0),
        Case(photos: 9, covers: 2, zeros: 0.9), Case(photos: 4, covers: 5, zeros: 0.99), Case(photos: 2, covers: 0, zeros: 0),
    ]

    @Test(arguments: cases)
    func givesWholeNumberArithmeticsAnswer(_ item: Case) {
        var random = SeededRandom(seed: UInt64(item.photos * 1000 + item.covers))
        func descriptor() -> [Int] {
            (0..<128).map { _ in random.uniform(0...1) < item.zeros ? 0 : Int(random.next() % 256) }
        }
        var photo = (0..<item.photos).map { _ in descriptor() }
        let cover = (0..<item.covers).map { _ in descriptor() }
        // Ties: a photo descriptor equal to a cover descriptor that appears twice.
        if item.covers >= 2 { photo[0] = cover[item.covers / 2] }
        var nearest = [Int32](repeating: -7, count: item.photos)
        var first = [Float](repeating: .nan, count: item.photos)
        var second = [Float](repeating: .nan, count: item.photos)
        albumscan_nearest_two(
            photo.joined().map(Float.init), item.photos, cover.joined().map(Float.init), item.covers, &nearest, &first,
            &second)
        for (i, p) in photo.enumerated() {
            let distances = cover.map { c in zip(p, c).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } }
            let expectedNearest = distances.indices.min { distances[$0] < distances[$1] } ?? -1
            let sorted = distances.sorted()
            #expect(Int(nearest[i]) == expectedNearest, "photo \(i)")
            #expect(first[i] == (sorted.first.map(Float.init) ?? .infinity), "photo \(i)")
            #expect(second[i] == (sorted.dropFirst().first.map(Float.init) ?? .infinity), "photo \(i)")
        }
    }
}
