import AlbumScanMatching
import AlbumScanTestSupport
import CMatchingKernels
import Foundation
import Testing

/// The keypoint descriptor SIFT uses is ours (`Sources/CMatchingKernels/descriptor.c`), visiting only the pixels
/// that reach a bin: it must give libvl's own descriptors bit for bit, or stored covers would stop matching photos.
@Suite struct SiftDescriptorTests {
    /// Generated covers always; the shared corpus photos too when `../shared` is there.
    static var images: [DecodedRGB] {
        var images = MatchEvalSet.syntheticImagery(count: 3).map(\.image)
        if let root = ImagingCorpora.root {
            images += MatchEvalSet.corpusImagery(folder: root.appendingPathComponent("photos")).prefix(3).map(\.image)
        }
        return images
    }

    @Test func everyKeypointAtEveryAngleIsLibvlsBitForBit() throws {
        var (compared, differing) = (0, 0)
        for image in Self.images {
            let (count, differences) = compare(luma(image, longSide: 320))
            compared += count
            differing += differences
        }
        // About 300 from the generated covers alone (`../shared` absent), over 4,000 with the corpus photos.
        #expect(compared > 200, "descriptors compared: \(compared)")
        #expect(differing == 0, "\(differing) of \(compared) descriptors differ from libvl's")
    }

    /// Runs libvl's SIFT over `plane` (octave -1, three levels, the extractor's thresholds) and describes each
    /// keypoint at its own orientations and at the axis-aligned angles both ways; returns how many descriptors were
    /// compared and how many differ in any bit.
    private func compare(_ plane: (values: [Float], width: Int, height: Int)) -> (Int, Int) {
        guard let filter = vl_sift_new(Int32(plane.width), Int32(plane.height), -1, 3, 0) else { return (0, 0) }
        defer { vl_sift_delete(filter) }
        vl_sift_set_peak_thresh(filter, 0.006)
        vl_sift_set_edge_thresh(filter, 10)
        var (compared, differing) = (0, 0)
        var angles = [Double](repeating: 0, count: 4)
        var (ours, theirs) = ([Float](repeating: .nan, count: 128), [Float](repeating: .nan, count: 128))
        var status = plane.values.withUnsafeBufferPointer { vl_sift_process_first_octave(filter, $0.baseAddress) }
        while status == 0 {
            vl_sift_detect(filter)
            let keypoints = vl_sift_get_keypoints(filter)!
            for index in 0..<Int(vl_sift_get_nkeypoints(filter)) {
                let found = Int(vl_sift_calc_keypoint_orientations(filter, &angles, keypoints + index))
                let aligned = [0, Double.pi / 2, Double.pi, 3 * Double.pi / 2, 2 * Double.pi, -0.3]
                for angle in angles.prefix(found) + aligned {
                    vl_sift_calc_keypoint_descriptor(filter, &theirs, keypoints + index, angle)
                    albumscan_sift_descriptor(filter, &ours, keypoints + index, angle)
                    compared += 1
                    if zip(ours, theirs).contains(where: { $0.bitPattern != $1.bitPattern }) { differing += 1 }
                }
            }
            status = vl_sift_process_next_octave(filter)
        }
        return (compared, differing)
    }

    /// The image's mean of channels scaled to 0...1, nearest-sampled down to `longSide` (any plane will do: both
    /// descriptors read the same one).
    private func luma(_ image: DecodedRGB, longSide: Int) -> (values: [Float], width: Int, height: Int) {
        let scale = Double(longSide) / Double(max(image.width, image.height))
        let (width, height) = (max(16, Int(Double(image.width) * scale)), max(16, Int(Double(image.height) * scale)))
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let source =
                    (min(image.height - 1, y * image.height / height) * image.width
                        + min(image.width - 1, x * image.width / width)) * 3
                let sum = Int(image.pixels[source]) + Int(image.pixels[source + 1]) + Int(image.pixels[source + 2])
                values[y * width + x] = Float(sum) / 765
            }
        }
        return (values, width, height)
    }
}
