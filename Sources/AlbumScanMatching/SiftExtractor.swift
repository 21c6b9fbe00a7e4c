import CMatchingKernels
import CVLFeat
import Dispatch

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
        var found: [(point: SIMD2<Float>, sigma: Float, descriptor: ArraySlice<UInt8>)] = []
        var status = pixels.withUnsafeBufferPointer { vl_sift_process_first_octave(filter, $0.baseAddress) }
        while status == 0 {
            vl_sift_detect(filter)
            let count = Int(vl_sift_get_nkeypoints(filter))
            if count > 0, let keypoints = vl_sift_get_keypoints(filter) {
                let oriented = Self.orientations(filter, keypoints, count: count)
                let descriptors = Self.descriptors(filter, keypoints, oriented)
                for (k, item) in oriented.enumerated() {
                    let keypoint = keypoints[item.index]
                    let point = SIMD2(keypoint.x / Float(width), keypoint.y / Float(height))
                    found.append((point, keypoint.sigma, descriptors[(k * length)..<((k + 1) * length)]))
                }
            }
            status = vl_sift_process_next_octave(filter)
        }
        found.sort { $0.sigma > $1.sigma }
        let kept = found.prefix(limit)
        return LocalFeatures(
            points: kept.map(\.point), descriptors: Array(kept.map(\.descriptor).joined()),
            aspect: Float(width) / Float(height))
    }

    private static let length = LocalFeatures.length

    /// Each keypoint of the current octave with each of its orientations. The first call brings the octave's gradient
    /// buffer up to date; describing a keypoint afterwards only reads the filter.
    private static func orientations(
        _ filter: UnsafeMutablePointer<VlSiftFilt>, _ keypoints: UnsafePointer<VlSiftKeypoint>, count: Int
    ) -> [(index: Int, angle: Double)] {
        var oriented: [(index: Int, angle: Double)] = []
        var angles = [Double](repeating: 0, count: 4)
        for index in 0..<count {
            let found = Int(vl_sift_calc_keypoint_orientations(filter, &angles, keypoints + index))
            for o in 0..<found { oriented.append((index, angles[o])) }
        }
        return oriented
    }

    /// The descriptors (as bytes) of `oriented`, in its order, computed on two threads: they are about half of SIFT's
    /// time, each reads only the octave's gradients, and a scan waits for the photo's. The calling thread takes part,
    /// so when Dispatch has no free worker it computes both halves itself: slower, never stuck.
    private static func descriptors(
        _ filter: UnsafeMutablePointer<VlSiftFilt>, _ keypoints: UnsafePointer<VlSiftKeypoint>,
        _ oriented: [(index: Int, angle: Double)]
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: oriented.count * length)
        bytes.withUnsafeMutableBufferPointer { buffer in
            // Shared by the two threads without a lock: the filter and keypoints are only read, and each thread
            // writes its own descriptors' bytes.
            nonisolated(unsafe) let (filter, keypoints, out) = (filter, keypoints, buffer)
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                var descriptor = [Float](repeating: 0, count: length)
                for k in stride(from: part, to: oriented.count, by: 2) {
                    albumscan_sift_descriptor(filter, &descriptor, keypoints + oriented[k].index, oriented[k].angle)
                    for j in 0..<length { out[k * length + j] = UInt8(clamping: Int((descriptor[j] * 512).rounded())) }
                }
            }
        }
        return bytes
    }
}
