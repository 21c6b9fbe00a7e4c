import AlbumScanCore
import AlbumScanTestSupport
import Testing

@testable import AlbumScanMatching

/// Call 0's retrieval: the word index's ranking on hand-made word lists, the stored words' bytes, and the shipped
/// vocabulary ranking generated covers for phone photos of them.
@Suite struct WordIndexTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var library: [[UInt16]]
        var query: [UInt16]
        var first: Int?
    }

    static let cases = [
        Case(
            description: "the cover sharing the most words", library: [[1, 2, 3, 4], [5, 6, 7, 8], [1, 9, 10, 11]],
            query: [1, 2, 3, 20, 21], first: 0),
        Case(
            description: "a word repeated across the clutter votes once", library: [[1, 2, 3, 4], [5, 9, 10, 11], [12, 13, 14, 15]],
            query: [1, 2, 3, 5, 5, 5, 5, 5, 5, 5], first: 0),
        Case(
            description: "a cover with many words does not win on their number",
            library: [[1, 2, 3, 4], [1, 2, 3] + (30..<90).map(UInt16.init), [40, 41]], query: [1, 2, 3, 4, 50],
            first: 0),
        Case(description: "rare words outweigh common ones", library: [[1, 2], [1, 3], [1, 4], [5, 6]], query: [1, 5], first: 3),
        Case(description: "no shared word ranks nothing", library: [[1, 2], [3, 4]], query: [7, 8], first: nil),
        Case(description: "an empty photo ranks nothing", library: [[1, 2], [3, 4]], query: [], first: nil),
    ]

    @Test(arguments: cases)
    func ranking(_ item: Case) {
        var index = WordIndex(words: 128)
        for words in item.library { index.add(words) }
        #expect(index.ranked(item.query, count: 3).first?.slot == item.first)
    }

    @Test func aDroppedAlbumNeverRanks() {
        var index = WordIndex(words: 16)
        let old = index.add([1, 2, 3])
        index.add([4, 5])
        let new = index.add([1, 2, 3])
        index.drop(old)
        #expect(index.ranked([1, 2, 3], count: 3).map(\.slot) == [new])
        #expect(index.live == 2)
    }

    @Test func storedWordsReadBackAndAnotherVocabularyIsRefused() throws {
        let cover = MatchEvalSet.syntheticImagery(count: 1)[0].image
        let words = CoverWords(descriptor: MatchDescriptor(image: cover))
        #expect(!words.words.isEmpty)
        #expect(words.words.allSatisfy { Int($0) < VisualVocabulary.shipped.count })
        #expect(CoverWords(data: words.data) == words)
        var other = words.data
        other[0] &+= 1
        #expect(CoverWords(data: other) == nil, "words of another vocabulary are made again")
        #expect(CoverWords(data: [words.version, 0, 16, 1]) == nil, "a truncated word")
        #expect(words.points.count == words.words.count, "every word has its place")
        let oldLayout = [VisualVocabulary.shipped.version] + words.words.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(CoverWords(data: oldLayout) == nil, "words stored without their places are made again")
    }

    /// Its size and version, read without decoding the centres, are those of the decoded tree.
    @Test func theShippedVocabularyIsTheTrainedTree() {
        let vocabulary = VisualVocabulary.shipped
        #expect(vocabulary.count == 4096)
        #expect(vocabulary.version >= 1)
        #expect(VisualVocabulary.shippedCount == vocabulary.count)
        #expect(VisualVocabulary.shippedVersion == vocabulary.version)
    }

    /// Phone photos of generated covers (tilted, cast, on a backdrop) against a library of those covers: the
    /// photo's own cover ranks among the first four of sixteen (Call 0 checks more).
    @Test func aPhoneShotRanksItsOwnCoverAmongTheFirstFour() throws {
        let set = MatchEvalSet(imagery: MatchEvalSet.syntheticImagery(), seed: 31, sameCount: 16, differentCount: 0)
        // Photos of every other cover (rendering a phone photo is most of this test's time).
        let pairs = try (0..<set.sameCount).map { try set.pair($0, renderingPhoto: $0 % 2 == 0) }
        var index = WordIndex(words: VisualVocabulary.shipped.count)
        for pair in pairs { index.add(CoverWords(descriptor: MatchDescriptor(image: pair.candidate)).words) }
        let photographed = pairs.indices.filter { $0 % 2 == 0 }
        let found = photographed.filter { number in
            index.ranked(CoverWords.photo(pairs[number].photo).words, count: 4).contains { $0.slot == number }
        }
        #expect(found.count >= 7, "found \(found.count) of \(photographed.count)")
    }
}
