import AlbumScanMatching
import Foundation

/// `albumscan-bench --tune-retrieval tuning|held-out`: recall of Call 0's visual-word ranking on the real photos
/// for several scorings, no matcher. Tune on the odd (tuning) folders only.
struct RetrievalTuning {
    var part = "tuning"

    func run() throws {
        guard let set = RealPhotoSet.load() else { throw CocoaError(.fileNoSuchFile) }
        let descriptors = try set.cases.map { try RealPhotoSet.descriptor($0.art) }
        var library = WordIndex(words: VisualVocabulary.shipped.count)
        for descriptor in descriptors { library.add(CoverWords(descriptor: descriptor).words) }
        let layouts = descriptors.map(CoverLayout.init(descriptor:))
        var distances: [Float] = []
        var queries: [(truth: Int, words: [[UInt16]])] = []
        for (index, item) in set.cases.enumerated() where RealPhotoSet.isHeldOut(item.number) == (part == "held-out") {
            for photo in item.photos {
                let decoded = try RealPhotoSet.decodePhoto(photo.url)
                distances.append(CoverLayout.distance(photo: CoverLayout.placements(photo: decoded), cover: layouts[index]))
                queries.append((index, (1...3).map { CoverWords.photo(decoded, leaves: $0) }))
            }
        }
        distances.sort()
        print("layout distance of the true cover p10/50/90: \(distances[distances.count / 10]) \(distances[distances.count / 2]) "
            + "\(distances[distances.count * 9 / 10]); within \(0.8): \(distances.filter { $0 <= 0.8 }.count)/\(distances.count)")
        for leaves in 1...3 {
            for lengthPower: Float in [0.5, 0.75, 1] {
                for idfPower: Float in [1, 2] {
                    for clipped in [true, false] {
                        let scoring = WordIndex.Scoring(lengthPower: lengthPower, idfPower: idfPower, clipped: clipped)
                        var hits = [0, 0, 0, 0, 0, 0, 0]
                        for query in queries {
                            let ranked = library.ranked(query.words[leaves - 1], count: 24, scoring: scoring).map(\.slot)
                            for (i, k) in [1, 4, 6, 8, 12, 16, 24].enumerated() where ranked.prefix(k).contains(query.truth) {
                                hits[i] += 1
                            }
                        }
                        print("leaves \(leaves) length^\(lengthPower) idf^\(idfPower) clipped \(clipped): "
                            + "@1 \(hits[0]) @4 \(hits[1]) @6 \(hits[2]) @8 \(hits[3]) @12 \(hits[4]) @16 \(hits[5]) @24 \(hits[6]) of \(queries.count)")
                    }
                }
            }
        }
    }
}
