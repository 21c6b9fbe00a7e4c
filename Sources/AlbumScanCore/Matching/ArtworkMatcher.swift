import AlbumScanMatching
import Foundation

/// The seam the image matcher sits behind: descriptors of front images, and photos compared with them.
public struct ArtworkMatcher: Sendable {
    /// A comparison's score (0...1) and verdict.
    public struct Score: Sendable, Equatable {
        public var score: Double
        public var status: Verification.Status

        public init(score: Double, status: Verification.Status) {
            self.score = score
            self.status = status
        }
    }

    /// The versioned descriptor of a front image's JPEG: what the store keeps of verified artwork.
    public var describe: @Sendable (_ front: Data) throws -> Data
    /// The prepared photo's JPEG decoded at the size the matcher works from (decoded once per scan).
    public var decode: @Sendable (_ photo: Data) throws -> DecodedRGB
    /// The decoded photo compared with a descriptor made by `describe`.
    public var compare: @Sendable (_ photo: DecodedRGB, _ descriptor: Data) throws -> Score

    public init(
        describe: @escaping @Sendable (Data) throws -> Data, decode: @escaping @Sendable (Data) throws -> DecodedRGB,
        compare: @escaping @Sendable (DecodedRGB, Data) throws -> Score
    ) {
        self.describe = describe
        self.decode = decode
        self.compare = compare
    }
}
