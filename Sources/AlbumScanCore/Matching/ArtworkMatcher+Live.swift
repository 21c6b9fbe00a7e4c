import AlbumScanMatching
import Foundation

extension ArtworkMatcher {
    /// The image matcher on the upload's pixels and the decoded front image (the 500 px artwork).
    package static let live = ArtworkMatcher(
        describe: { front in
            try describedFronts.descriptor(of: front) { front in
                MatchDescriptor(image: try JPEGDecoder.decodeRGB(front, maxSide: 512, limits: ImageLimits())).data
            }
        },
        photo: { prepared in prepared.pixels },
        prepare: { photo in ImageMatcher.prepare(photo: photo) },
        compare: { photo, descriptor in try score(photo, descriptor, denseSearch: true) },
        compareByFeatures: { photo, descriptor in try score(photo, descriptor, denseSearch: false) },
        photoWords: { photo in CoverWords.photo(photo) })

    private static func score(_ photo: DecodedRGB, _ descriptorData: Data, denseSearch: Bool) throws -> Score {
        guard let descriptor = MatchDescriptor(data: descriptorData) else { throw OutdatedDescriptor() }
        let result = ImageMatcher.compare(photo: photo, descriptor: descriptor, denseSearch: denseSearch)
        return Score(score: result.score, status: Verification.Status(result.verdict))
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
