import AlbumScanMatching
import AlbumScanTestSupport
import AlbumScanCore
import Foundation

/// `albumscan-bench --probe-generated N`: the `local` group's library in small (its 300 covers and N filler covers),
/// and what the matcher says about Call 0's candidates for photos in and out of it, as CSV on stdout.
struct GeneratedRetrievalProbe {
    var fillers = 2000
    var photos = 60

    /// Writes photo `photo` and library cover `cover` (both under 300: the in-library covers) as JPEGs into `folder`.
    func peek(photo: Int, cover: Int, folder: String) throws {
        let folderURL = URL(fileURLWithPath: folder)
        var imagery = MatchEvalSet.corpusImagery(folder: URL(fileURLWithPath: "../shared/corpora/photos"))
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        let set = MatchEvalSet(imagery: imagery, seed: 77, sameCount: 300, differentCount: 300)
        let shot = try set.pair(photo).photo
        let front = try set.pair(cover).candidate
        try JPEGEncoder.encodeRGB(shot.pixels, width: shot.width, height: shot.height, quality: 85)
            .write(to: folderURL.appendingPathComponent("photo-\(photo).jpg"))
        try JPEGEncoder.encodeRGB(front.pixels, width: front.width, height: front.height, quality: 85)
            .write(to: folderURL.appendingPathComponent("cover-\(cover).jpg"))
    }

    func run() throws {
        let folder = URL(fileURLWithPath: "../shared/corpora/photos")
        var imagery = MatchEvalSet.corpusImagery(folder: folder)
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        let set = MatchEvalSet(imagery: imagery, seed: 77, sameCount: 300, differentCount: 300)
        var descriptors: [MatchDescriptor] = []
        for index in 0..<300 { descriptors.append(MatchDescriptor(image: try set.pair(index).candidate)) }
        var random = SeededRandom(seed: 5)
        for _ in 0..<fillers {
            let template = CoverDesign.Template.seeded(&random)
            let width = random.uniform(0.55...0.9)
            let design = CoverDesign(
                template: template, imagery: imagery[Int(random.next() % UInt64(imagery.count))].image,
                crop: (random.uniform(0...(1 - width)), random.uniform(0...0.35), width))
            descriptors.append(MatchDescriptor(image: design.render(side: 128)))
        }
        var index = WordIndex(words: VisualVocabulary.shipped.count)
        for descriptor in descriptors { index.add(CoverWords(descriptor: descriptor).words) }
        print("photo,inLibrary,rank,candidate,own,score,verdict,inliers,cells,gradient,lowQuartile,colour,chroma,retrieval")
        for number in Array(0..<photos) + Array(300..<(300 + photos)) {
            let pair = try set.pair(number)
            let ranked = index.ranked(CoverWords.photo(pair.photo), count: 6)
            for (rank, hit) in ranked.enumerated() {
                let result = ImageMatcher.compare(photo: pair.photo, descriptor: descriptors[hit.slot])
                let e = result.evidence
                print("\(number),\(pair.same),\(rank),\(hit.slot),\(hit.slot == number),\(result.score),\(result.verdict.rawValue),"
                    + "\(e.inliers),\(e.inlierCells),\(e.gradient),\(e.gradientLowQuartile),\(e.colourLowQuartile),\(e.chroma),\(hit.score)")
            }
        }
    }
}
