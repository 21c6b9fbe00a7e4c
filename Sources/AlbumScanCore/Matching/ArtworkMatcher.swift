import Foundation

/// Compares a photo with a candidate front image: the seam the image matcher sits behind.
public struct ArtworkMatcher: Sendable {
    /// The comparison of the prepared photo's JPEG with a front image's JPEG.
    public var compare: @Sendable (_ photo: Data, _ front: Data) throws -> (score: Double, status: Verification.Status)

    public init(compare: @escaping @Sendable (Data, Data) throws -> (score: Double, status: Verification.Status)) {
        self.compare = compare
    }
}
