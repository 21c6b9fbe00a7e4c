import AlbumScanMatching
import AlbumScanCore
import Foundation

/// The matcher's evaluation set: seeded covers made from real photos (or synthetic imagery) and simulated phone
/// photos of them. Pairs are made on demand, so hundreds need no more memory than one.
package struct MatchEvalSet: Sendable {
    /// One photo and one candidate front image, and whether they show the same cover.
    package struct Pair: Sendable {
        package var photo: DecodedRGB
        package var candidate: DecodedRGB
        package var same: Bool
        /// A different cover that shares the photographed cover's template.
        package var decoy: Bool
        package var label: String
    }

    /// Imagery with a group name: images of one group (a stereo pair, say) never make a "different" pair.
    package struct Imagery: Sendable {
        package var group: String
        package var image: DecodedRGB

        package init(group: String, image: DecodedRGB) {
            self.group = group
            self.image = image
        }
    }

    package let imagery: [Imagery]
    package let seed: UInt64
    package let sameCount: Int
    package let differentCount: Int

    package init(imagery: [Imagery], seed: UInt64, sameCount: Int = 320, differentCount: Int = 320) {
        self.imagery = imagery
        self.seed = seed
        self.sameCount = sameCount
        self.differentCount = differentCount
    }

    package var count: Int { sameCount + differentCount }

    /// Pair `index`: same-cover pairs first; every other different pair is a template decoy. Without
    /// `renderingPhoto` the photo is left empty (0 × 0), for a library that needs only the candidates.
    package func pair(_ index: Int, renderingPhoto: Bool = true) throws -> Pair {
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(index))
        let template = CoverDesign.Template.seeded(&random)
        let first = Int(random.next() % UInt64(imagery.count))
        let cover = design(template, imagery[first].image, &random)
        let shot = PhoneShot.random(&random)
        let backdrop = imagery[Int(random.next() % UInt64(imagery.count))].image
        let background = random.next() % 3 == 0 ? nil : backdrop
        let photo =
            renderingPhoto
            ? try shot.render(cover: cover.render(side: 768), background: background)
            : DecodedRGB(pixels: [], width: 0, height: 0)
        let same = index < sameCount
        let decoy = !same && index % 2 == 0
        var candidateDesign = cover
        if !same {
            var other = first
            while imagery[other].group == imagery[first].group { other = Int(random.next() % UInt64(imagery.count)) }
            let otherTemplate = decoy ? template : CoverDesign.Template.seeded(&random)
            candidateDesign = design(otherTemplate, imagery[other].image, &random)
        }
        let candidate = try JPEGDecoder.decodeRGB(
            JPEGEncoder.encodeRGB(candidateDesign.render(side: 500).pixels, width: 500, height: 500, quality: 85),
            maxSide: nil, limits: ImageLimits())
        let kind = same ? "same" : decoy ? "decoy" : "different"
        return Pair(
            photo: photo, candidate: candidate, same: same, decoy: decoy, label: "\(kind) #\(index) (\(imagery[first].group))")
    }

    private func design(_ template: CoverDesign.Template, _ image: DecodedRGB, _ random: inout SeededRandom) -> CoverDesign {
        let width = random.uniform(0.55...0.9)
        return CoverDesign(
            template: template, imagery: image,
            crop: (random.uniform(0...(1 - width)), random.uniform(0...0.35), width))
    }

    /// The photos of `../shared/corpora/photos` (JPEG and PNG); the two motorcycle views are one group.
    package static func corpusImagery(folder: URL) -> [Imagery] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
            // The core decoder tells PNG from JPEG by content (libpng for the PNGs).
            guard let image = try? ImageDecoder.decodeRGB(data, maxSide: nil, limits: ImageLimits()) else { return nil }
            let group = name.contains("motorcycle") ? "motorcycle" : String(name.split(separator: ".")[0])
            return Imagery(group: group, image: image)
        }
    }

    /// Licence-free imagery for tests without the shared corpora: seeded synthetic covers.
    package static func syntheticImagery(count: Int = 12) -> [Imagery] {
        (0..<count).map { index in
            let cover = SyntheticCover.seeded(UInt64(1000 + index))
            return Imagery(
                group: "synthetic-\(index)",
                image: DecodedRGB(pixels: cover.pixels(width: 400, height: 400), width: 400, height: 400))
        }
    }
}
