/// A decode plan: the libjpeg-turbo DCT scaling factor, the size it decodes to, and the size after any box resample.
struct ScaleChoice: Equatable {
    var num: Int
    var denom: Int
    var decodedWidth: Int
    var decodedHeight: Int
    var width: Int
    var height: Int

    /// Whether a box resample follows the DCT-scaled decode.
    var resamples: Bool { decodedWidth != width || decodedHeight != height }
}
