import Foundation
import Testing

@testable import AlbumScanMatching

/// Call 0's spatial re-ranking on hand-made covers and photos: shared words that agree on one placement count,
/// the same words scattered do not, and a consistent cover is put above covers tf-idf cannot tell from it.
@Suite struct SpatialCheckTests {
    static let vocabulary = VisualVocabulary.shipped.count

    /// A cover of `count` features with words 100, 101, ... at seeded random positions.
    static func cover(count: Int, seed: UInt64, aspect: Float = 1) -> CoverWords {
        var random = SplitMix(seed: seed)
        let points = (0..<count).map { _ in
            SIMD2(UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()))
        }
        return cover(words: (0..<count).map { UInt16(100 + $0) }, points: points, aspect: aspect)
    }

    static func cover(words: [UInt16], points: [SIMD2<UInt8>], aspect: Float = 1) -> CoverWords {
        var bytes: [UInt8] = [CoverWords.currentVersion, UInt8(Int(aspect * 4096) & 0xFF), UInt8(Int(aspect * 4096) >> 8)]
        for (word, point) in zip(words, points) { bytes += [UInt8(word & 0xFF), UInt8(word >> 8), point.x, point.y] }
        return CoverWords(data: bytes)!
    }

    /// A 4:3 photo of `cover` placed by `map` (cover heights to photo heights), one word per feature, plus
    /// `clutter` features of other words at random places.
    static func photo(of cover: CoverWords, map: (SIMD2<Float>) -> SIMD2<Float>, clutter: Int, seed: UInt64) -> PhotoWords {
        let aspect: Float = 4 / 3
        var random = SplitMix(seed: seed)
        var words: [UInt16] = []
        var points: [SIMD2<Float>] = []
        for (word, point) in zip(cover.words, cover.points) {
            let unit = CoverWords.unit(point)
            let placed = map(SIMD2(unit.x * cover.aspect, unit.y))
            words.append(word)
            points.append(SIMD2(placed.x / aspect, placed.y))
        }
        for _ in 0..<clutter {
            words.append(UInt16(1000 + random.next() % 3000))
            points.append(SIMD2(Float(random.next() % 1000) / 1000, Float(random.next() % 1000) / 1000))
        }
        return PhotoWords(words: words, leaves: 1, points: points, aspect: aspect)
    }

    /// A turn by 25°, a cover 40 % of the photo's height, shifted off the corner.
    static func turned(_ p: SIMD2<Float>) -> SIMD2<Float> {
        let (c, s): (Float, Float) = (cos(25 * .pi / 180), sin(25 * .pi / 180))
        return 0.4 * SIMD2(c * p.x - s * p.y, s * p.x + c * p.y) + SIMD2(0.5, 0.2)
    }

    /// A sheared, unevenly scaled placement, like an oblique shot: a similarity alone misplaces the far corners.
    static func oblique(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(0.45 * p.x + 0.12 * p.y, 0.05 * p.x + 0.32 * p.y) + SIMD2(0.3, 0.3)
    }

    @Test func wordsInOnePlacementAgreeAndTheSameWordsScatteredDoNot() {
        let cover = Self.cover(count: 60, seed: 1)
        let photo = Self.photo(of: cover, map: Self.turned, clutter: 400, seed: 2)
        let scattered = Self.cover(words: cover.words, points: Self.cover(count: 60, seed: 3).points)
        let check = SpatialCheck(photo: photo, vocabulary: Self.vocabulary)
        #expect(check.inliers(cover) >= 55)
        #expect(check.inliers(scattered) <= 6)
    }

    @Test func anObliquePlacementIsFollowedByTheAffineRefit() {
        let cover = Self.cover(count: 60, seed: 4, aspect: 0.7)
        let photo = Self.photo(of: cover, map: Self.oblique, clutter: 400, seed: 5)
        #expect(SpatialCheck(photo: photo, vocabulary: Self.vocabulary).inliers(cover) >= 55)
    }

    @Test func aWordRepeatedAcrossTheCoverIsNoLandmark() {
        let cover = Self.cover(words: Array(repeating: 7, count: 40), points: Self.cover(count: 40, seed: 6).points)
        let photo = Self.photo(of: cover, map: Self.turned, clutter: 0, seed: 7)
        #expect(SpatialCheck(photo: photo, vocabulary: Self.vocabulary).inliers(cover) == 0)
    }

    @Test func aPlacementAtAnImplausibleScaleIsNotCounted() {
        let cover = Self.cover(count: 60, seed: 8)
        let photo = Self.photo(of: cover, map: { 0.02 * $0 + SIMD2(0.5, 0.5) }, clutter: 0, seed: 9)
        #expect(SpatialCheck(photo: photo, vocabulary: Self.vocabulary).inliers(cover) == 0)
    }

    /// Tf-idf cannot tell a cover from one holding the same words elsewhere (it ranks the earlier slot first); the
    /// re-ranking puts the one in place first.
    @Test func theCoverInPlaceIsRankedAboveTheSameWordsScattered() {
        let cover = Self.cover(count: 60, seed: 10)
        let scattered = Self.cover(words: cover.words, points: Self.cover(count: 60, seed: 11).points)
        let unrelated = Self.cover(words: (0..<60).map { UInt16(4000 + $0) }, points: cover.points)
        let covers = [scattered, unrelated, cover]
        var index = WordIndex(words: Self.vocabulary)
        for item in covers { index.add(item.words) }
        let photo = Self.photo(of: cover, map: Self.turned, clutter: 300, seed: 12)
        #expect(index.ranked(photo.words, count: 3).first?.slot == 0)
        let ranked = SpatialRerank.ranked(photo, index: index, covers: covers, count: 3)
        #expect(ranked.map(\.slot) == [2, 0], "the unrelated cover shares no word and is not listed")
        #expect(ranked[0].inliers > ranked[1].inliers)
    }
}
