import AlbumScanMatching
import Foundation

extension ArtworkMatcher {
    /// The image matcher on the upload's pixels and the decoded front image (the 500 px artwork).
    package static let live = ArtworkMatcher(
        describe: { front in
            try describedFronts.descriptor(of: front) { MatchDescriptor(image: try decoded($0)).data }
        },
        photo: { pixels in pixels },
        prepare: { photo in ImageMatcher.prepare(photo: photo) },
        compare: { photo, descriptor in try score(photo, descriptor, denseSearch: true) },
        compareByFeatures: { photo, descriptor in try score(photo, descriptor, denseSearch: false) },
        describeAndCompare: { photo, front in
            if let known = describedFronts.known(front) { return (try score(photo, known, denseSearch: true), known) }
            let (descriptor, result) = ImageMatcher.describeAndCompare(photo: photo, candidate: try decoded(front))
            let data = descriptor.data
            describedFronts.keep(data, of: front)
            return (Score(result), data)
        },
        photoWords: { photo in CoverWords.photo(photo) })

    /// A front image as the matcher describes it (the archive's 500 px thumbnails stay whole).
    private static func decoded(_ front: Data) throws -> DecodedRGB {
        try JPEGDecoder.decodeRGB(front, maxSide: 512, limits: ImageLimits())
    }

    private static func score(_ photo: DecodedRGB, _ descriptorData: Data, denseSearch: Bool) throws -> Score {
        guard let descriptor = MatchDescriptor(data: descriptorData) else { throw OutdatedDescriptor() }
        let result = ImageMatcher.compare(photo: photo, descriptor: descriptor, denseSearch: denseSearch)
        return Score(result)
    }
}
extension ArtworkMatcher.Score {
    init(_ result: MatchResult) {
        self.init(score: result.score, status: Verification.Status(result.verdict))
    }
}

/// The live matcher's descriptors of this process.
private let describedFronts = DescriptorCache()

extension Verification.Status {
    /// The status for a matcher verdict.
    init(_ verdict: MatchVerdict) {
        switch verdict {
        case .verified: self = .verified
        case .mismatch: self = .mismatch
        case .unsure: self = .unsure
        }
    }
}
