/// SIFT keypoints of one image: positions in the unit square (0...1 across and down) and 128-byte descriptors.
struct LocalFeatures: Sendable, Equatable {
    /// Bytes per descriptor.
    static let length = 128
    /// Keypoint positions, x and y divided by the image's width and height.
    var points: [SIMD2<Float>]
    /// `points.count` × `length` bytes, each the descriptor's value × 512, clamped to 255.
    var descriptors: [UInt8]
    /// Width over height of the image the positions are relative to.
    var aspect: Float

    static let empty = LocalFeatures(points: [], descriptors: [], aspect: 1)

    var count: Int { points.count }

    /// The descriptors as floats, ready for dot products.
    func floatDescriptors() -> [Float] { descriptors.map(Float.init) }

    /// The first `limit` features.
    func prefix(_ limit: Int) -> LocalFeatures {
        guard count > limit else { return self }
        return LocalFeatures(
            points: Array(points.prefix(limit)), descriptors: Array(descriptors.prefix(limit * Self.length)),
            aspect: aspect)
    }
}
