import Foundation

extension ArtworkMatcher {
    /// The image matcher on the decoded photo and front image (both small: the upload and the 500 px artwork).
    public static let live = ArtworkMatcher { photo, front in
        let limits = ImageLimits()
        let result = ImageMatcher.compare(
            photo: try JPEGDecoder.decodeRGB(photo, maxSide: 512, limits: limits),
            candidate: try JPEGDecoder.decodeRGB(front, maxSide: 512, limits: limits))
        let status: Verification.Status =
            switch result.verdict {
            case .verified: .verified
            case .mismatch: .mismatch
            case .unsure: .unsure
            }
        return (result.score, status)
    }
}
