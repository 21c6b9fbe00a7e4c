/// A photo's visual words and where its features sit: the query side of Call 0's retrieval.
package struct PhotoWords: Sendable, Equatable {
    /// `leaves` words per feature, feature by feature, nearest leaf first.
    package var words: [UInt16]
    /// Words per feature.
    package var leaves: Int
    /// Each feature's position in the photo's unit square.
    package var points: [SIMD2<Float>]
    /// Width over height of the photo.
    package var aspect: Float

    package init(words: [UInt16], leaves: Int, points: [SIMD2<Float>], aspect: Float) {
        self.words = words
        self.leaves = leaves
        self.points = points
        self.aspect = aspect
    }

    /// No features: ranks nothing.
    package static let empty = PhotoWords(words: [], leaves: 1, points: [], aspect: 1)
}
