import Foundation

/// An inverted index from visual words to the albums whose covers hold them, ranking albums for a photo's words by
/// tf-idf: each shared word adds its inverse document frequency (squared) for each occurrence both sides have (the
/// smaller count, so a word repeated across the clutter of a photo votes no more than the cover holds it), and the
/// sum is divided by the cover's word count to the power 0.75, so covers with many features do not win on size.
///
/// Albums are slots; a refreshed album takes a new slot and its old one is dropped from every ranking. 10,000
/// albums of 600 words take about 20 MB (4 bytes per distinct word of an album).
package struct WordIndex: Sendable {
    /// Per word: slot << 8 | occurrences (at most 255).
    private var postings: [[UInt32]]
    /// Per slot: the cover's word count, 0 for a dropped slot.
    private var lengths: [Float] = []
    /// Albums holding each word (dropped slots included: they are few, and idf only weighs).
    private var documents: [Int32]
    /// Slots not dropped.
    package private(set) var live = 0

    /// An empty index over a vocabulary of `words` words.
    package init(words: Int) {
        postings = Array(repeating: [], count: words)
        documents = Array(repeating: 0, count: words)
    }

    /// Slots handed out so far (dropped ones included).
    package var slots: Int { lengths.count }

    /// Adds a cover's words (any order) and returns its slot.
    @discardableResult
    package mutating func add(_ words: [UInt16]) -> Int {
        let slot = lengths.count
        lengths.append(Float(words.count))
        live += 1
        for (word, count) in Self.counted(words) where Int(word) < postings.count {
            postings[Int(word)].append(UInt32(slot) << 8 | UInt32(min(count, 255)))
            documents[Int(word)] += 1
        }
        return slot
    }

    /// Leaves a slot out of every later ranking.
    package mutating func drop(_ slot: Int) {
        guard slot < lengths.count, lengths[slot] > 0 else { return }
        lengths[slot] = 0
        live -= 1
    }

    /// How shared words are weighed.
    package struct Scoring: Sendable {
        /// Exponent of the cover's word count the sum is divided by (tuned on the real tuning photos with
        /// `albumscan-bench --tune-retrieval`): a photo shows a cover small, so its coarse features only, and a
        /// cover with many features must not win on their number.
        package var lengthPower: Float = 0.75
        /// Exponent of the inverse document frequency (2: tf-idf weighed on both sides, the photo's and the cover's).
        package var idfPower: Float = 2
        /// Whether a word counts at most as often as the cover holds it (else photo × cover occurrences, which lets
        /// a word repeated across the photo's clutter outvote the cover).
        package var clipped = true

        package init(lengthPower: Float = 0.75, idfPower: Float = 2, clipped: Bool = true) {
            self.lengthPower = lengthPower
            self.idfPower = idfPower
            self.clipped = clipped
        }
    }

    /// The `count` best slots for a photo's words, best first, each with its score (0 never ranks).
    package func ranked(_ query: [UInt16], count: Int, scoring: Scoring = Scoring()) -> [(slot: Int, score: Float)] {
        guard live > 0, count > 0 else { return [] }
        var scores = [Float](repeating: 0, count: lengths.count)
        let total = Float(max(lengths.count, 1))
        for (word, occurrences) in Self.counted(query) where Int(word) < postings.count {
            let list = postings[Int(word)]
            guard !list.isEmpty else { continue }
            let idf = pow(log(total / Float(documents[Int(word)])), scoring.idfPower)
            guard idf > 0 else { continue }
            for entry in list {
                let held = Int(entry & 0xFF)
                scores[Int(entry >> 8)] += idf * Float(scoring.clipped ? min(occurrences, held) : occurrences * held)
            }
        }
        var ranked: [(slot: Int, score: Float)] = []
        for slot in scores.indices where scores[slot] > 0 && lengths[slot] > 0 {
            ranked.append((slot, scores[slot] / pow(lengths[slot], scoring.lengthPower)))
        }
        // A partial sort would do; a few thousand non-zero scores sort in well under a millisecond.
        ranked.sort { $0.score > $1.score || ($0.score == $1.score && $0.slot < $1.slot) }
        return Array(ranked.prefix(count))
    }

    /// Each distinct word with its number of occurrences.
    static func counted(_ words: [UInt16]) -> [(word: UInt16, count: Int)] {
        var result: [(word: UInt16, count: Int)] = []
        for word in words.sorted() {
            if let last = result.last, last.word == word {
                result[result.count - 1].count += 1
            } else {
                result.append((word, 1))
            }
        }
        return result
    }
}
