import Foundation
import Testing

@testable import AlbumScanCore
@testable import AlbumScanMatching

/// Batch duplicates wait for an earlier photo that looks alike, and only until it finishes.
@Suite struct RunPhotosTests {
    static func signature(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> ColourSignature {
        var pixels: [UInt8] = []
        for i in 0..<(32 * 32) { pixels += i % 3 == 0 ? [red, green, blue] : [blue, red, green] }
        return ColourSignature(image: DecodedRGB(pixels: pixels, width: 32, height: 32))
    }

    @Test func aLaterLookalikeWaitsUntilTheEarlierFinishes() async {
        let photos = RunPhotos()
        let first = photos.register(signature: Self.signature(200, 40, 40), floor: 0.6)
        #expect(first.earlier.isEmpty)
        let unlike = photos.register(signature: Self.signature(20, 20, 220), floor: 0.6)
        #expect(unlike.earlier.isEmpty, "other colours do not wait")
        let second = photos.register(signature: Self.signature(200, 40, 40), floor: 0.6)
        #expect(second.earlier.count == 1)
        let released = LockedBox(false)
        let waiter = Task {
            for leader in second.earlier { await leader.value }
            return released.value
        }
        try? await Task.sleep(for: .milliseconds(50))
        released.value = true
        photos.finish(first.token)
        #expect(await waiter.value, "the wait ended only after the earlier photo finished")
        #expect(photos.register(signature: Self.signature(200, 40, 40), floor: 0.6).earlier.count == 1, "only the unfinished one")
    }

    @Test(
        arguments: [
            ([0.25, 0.25, 0.5], [0.25, 0.25, 0.5], 1.0), ([1.0, 0, 0], [0, 1.0, 0], 0.0), ([0.5, 0.5, 0], [0.5, 0, 0.5], 0.5),
        ] as [([Float], [Float], Float)])
    func similarityIsHistogramIntersection(_ a: [Float], _ b: [Float], _ expected: Float) {
        let pad = [Float](repeating: 0, count: 61)
        let (left, right) = (ColourSignature(histogram: a + pad), ColourSignature(histogram: b + pad))
        #expect(abs(left.similarity(right) - expected) < 0.01)
    }
}
