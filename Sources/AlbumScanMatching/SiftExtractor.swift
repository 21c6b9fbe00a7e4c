import CVLFeat

/// The one place that calls VLFeat: SIFT keypoints and descriptors of a luma plane.
enum SiftExtractor {
    /// DoG peak threshold on luma scaled to 0...1: low enough for a cover filling a fifth of a dim photo.
    static let peakThreshold = 0.006
    /// VLFeat's default ratio of principal curvatures (rejects edge responses).
    static let edgeThreshold = 10.0

    /// Features of `plane` (luma 0...255), at most `limit`, the coarsest scales first: those survive a cover seen
    /// small in a photo, while the finest are the first lost to blur and JPEG.
    static func features(of plane: GrayPlane, limit: Int) -> LocalFeatures {
        let (width, height) = (plane.width, plane.height)
        guard width >= 16, height >= 16, let filter = vl_sift_new(Int32(width), Int32(height), -1, 3, 0) else {
            return .empty
        }
        defer { vl_sift_delete(filter) }
        vl_sift_set_peak_thresh(filter, peakThreshold)
        vl_sift_set_edge_thresh(filter, edgeThreshold)
        let pixels = plane.values.map { $0 / 255 }
        var found: [(point: SIMD2<Float>, sigma: Float, descriptor: [UInt8])] = []
        var angles = [Double](repeating: 0, count: 4)
        var descriptor = [Float](repeating: 0, count: LocalFeatures.length)
        var status = pixels.withUnsafeBufferPointer { vl_sift_process_first_octave(filter, $0.baseAddress) }
        while status == 0 {
            vl_sift_detect(filter)
            let count = Int(vl_sift_get_nkeypoints(filter))
            if let keypoints = vl_sift_get_keypoints(filter) {
                for index in 0..<count {
                    let keypoint = keypoints + index
                    let orientations = Int(vl_sift_calc_keypoint_orientations(filter, &angles, keypoint))
                    for o in 0..<orientations {
                        vl_sift_calc_keypoint_descriptor(filter, &descriptor, keypoint, angles[o])
                        let point = SIMD2(keypoint.pointee.x / Float(width), keypoint.pointee.y / Float(height))
                        let bytes = descriptor.map { UInt8(clamping: Int(($0 * 512).rounded())) }
                        found.append((point, keypoint.pointee.sigma, bytes))
                    }
                }
            }
            status = vl_sift_process_next_octave(filter)
        }
        found.sort { $0.sigma > $1.sigma }
        let kept = found.prefix(limit)
        return LocalFeatures(
            points: kept.map(\.point), descriptors: kept.flatMap(\.descriptor),
            aspect: Float(width) / Float(height))
    }
}
