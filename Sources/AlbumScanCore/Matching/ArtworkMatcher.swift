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
    /// The prepared photo's JPEG compared with a descriptor made by `describe`.
    public var compare: @Sendable (_ photo: Data, _ descriptor: Data) throws -> Score
    /// The prepared photo's colour signature (the local re-match prefilter).
    public var signature: @Sendable (_ photo: Data) throws -> ColourSignature

    public init(
        describe: @escaping @Sendable (Data) throws -> Data, compare: @escaping @Sendable (Data, Data) throws -> Score,
        signature: @escaping @Sendable (Data) throws -> ColourSignature
    ) {
        self.describe = describe
        self.compare = compare
        self.signature = signature
    }
}
