import AlbumScanMatching
import Foundation

extension ArtworkMatcher {
    /// The image matcher on the decoded photo and front image (the upload and the 500 px artwork).
    package static let live = ArtworkMatcher(
        describe: { front in
            try describedFronts.descriptor(of: front) { front in
                MatchDescriptor(image: try JPEGDecoder.decodeRGB(front, maxSide: 512, limits: ImageLimits())).data
            }
        },
        // The photo at up to 1024 px: a cover filling a fifth of a real photo needs the pixels for its features.
        decode: { photo in try JPEGDecoder.decodeRGB(photo, maxSide: 1024, limits: ImageLimits()) },
        compare: { photo, descriptorData in
            guard let descriptor = MatchDescriptor(data: descriptorData) else { throw OutdatedDescriptor() }
            let result = ImageMatcher.compare(photo: photo, descriptor: descriptor)
            return Score(score: result.score, status: Verification.Status(result.verdict))
        },
        photoWords: { photo in CoverWords.photo(photo) })
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
