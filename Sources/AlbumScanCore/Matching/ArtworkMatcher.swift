import AlbumScanMatching
import Foundation

/// The seam the image matcher sits behind: descriptors of front images, and photos compared with them.
package struct ArtworkMatcher: Sendable {
    /// A comparison's score (0...1) and verdict.
    package struct Score: Sendable, Equatable {
        package var score: Double
        package var status: Verification.Status

        package init(score: Double, status: Verification.Status) {
            self.score = score
            self.status = status
        }
    }

    /// The versioned descriptor of a front image's JPEG: what the store keeps of verified artwork.
    package var describe: @Sendable (_ front: Data) throws -> Data
    /// The photo as the matcher works from it, once per scan, from its pixels decoded upright at the upload's size
    /// (the live matcher takes them as they are).
    package var photo: @Sendable (_ pixels: DecodedRGB) throws -> DecodedRGB
    /// Does the decoded photo's own share of every comparison (its features and working planes) ahead of the first
    /// one; comparisons that start meanwhile wait for it rather than do it again.
    package var prepare: @Sendable (_ photo: DecodedRGB) -> Void
    /// The decoded photo compared with a descriptor made by `describe`.
    package var compare: @Sendable (_ photo: DecodedRGB, _ descriptor: Data) throws -> Score
    /// The same comparison by local features alone, a few milliseconds where `compare` may search the photo for flat
    /// art: a cover the features cannot place is a mismatch.
    package var compareByFeatures: @Sendable (_ photo: DecodedRGB, _ descriptor: Data) throws -> Score

    /// `describe` then `compare` in one step: the score and the front image's descriptor. The live matcher overlaps
    /// the two where it can.
    package var describeAndCompare: @Sendable (_ photo: DecodedRGB, _ front: Data) throws -> (Score, Data)

    /// The decoded photo's visual words and their positions, for Call 0's retrieval index: its features (computed
    /// once per photo and shared with `compare`) quantised by the shipped vocabulary.
    package var photoWords: @Sendable (_ photo: DecodedRGB) -> PhotoWords

    package init(
        describe: @escaping @Sendable (Data) throws -> Data, photo: @escaping @Sendable (DecodedRGB) throws -> DecodedRGB,
        prepare: @escaping @Sendable (DecodedRGB) -> Void = { _ in },
        compare: @escaping @Sendable (DecodedRGB, Data) throws -> Score,
        compareByFeatures: (@Sendable (DecodedRGB, Data) throws -> Score)? = nil,
        describeAndCompare: (@Sendable (DecodedRGB, Data) throws -> (Score, Data))? = nil,
        photoWords: @escaping @Sendable (DecodedRGB) -> PhotoWords = { _ in .empty }
    ) {
        self.describe = describe
        self.photo = photo
        self.prepare = prepare
        self.compare = compare
        self.compareByFeatures = compareByFeatures ?? compare
        self.describeAndCompare = describeAndCompare ?? { photo, front in
            let descriptor = try describe(front)
            return (try compare(photo, descriptor), descriptor)
        }
        self.photoWords = photoWords
    }
}

/// Thrown by `compare` for a descriptor another version of the matcher made: describe the front image again.
package struct OutdatedDescriptor: Error, Equatable {
    package init() {}
}
