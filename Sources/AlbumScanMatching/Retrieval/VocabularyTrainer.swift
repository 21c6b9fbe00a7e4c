import CVLFeat

/// Trains a `VisualVocabulary` offline with VLFeat's k-means (Elkan's algorithm, k-means++ seeding): the coarse
/// level on every sample, then a fine level on the samples of each coarse cluster (a vocabulary tree).
package struct VocabularyTrainer {
    /// Descriptors gathered so far, 128 floats each.
    private var values: [Float] = []

    package init() {}

    /// Descriptors gathered so far.
    package var count: Int { values.count / LocalFeatures.length }

    /// Adds a front image's features, as its `MatchDescriptor` keeps them.
    package mutating func add(cover: DecodedRGB) {
        values += MatchDescriptor(image: cover).features.floatDescriptors()
    }

    /// Adds a photo's features, as a comparison computes them.
    package mutating func add(photo: DecodedRGB) {
        values += GeometricStage.photoFeatures(photo).floatDescriptors()
    }

    /// The vocabulary's bytes, as `VisualVocabulary(bytes:version:)` reads them. A coarse cluster with fewer
    /// samples than `fine` repeats its centre for the missing leaves, so every word id exists.
    package func train(coarse: Int, fine: Int, seed: UInt32) -> [UInt8] {
        let n = LocalFeatures.length
        let count = self.count
        vl_rand_seed(vl_get_rand(), seed)
        let top = cluster(values, count: count, centres: coarse)
        var members = [[Float]](repeating: [], count: coarse)
        for index in 0..<count {
            let row = Array(values[(index * n)..<((index + 1) * n)])
            members[nearest(row, top, coarse)] += row
        }
        var bytes = [UInt8(coarse & 0xFF), UInt8(coarse >> 8), UInt8(fine & 0xFF), UInt8(fine >> 8)]
        bytes += top.map(byte)
        for (c, rows) in members.enumerated() {
            let size = rows.count / n
            var leaves = size >= fine ? cluster(rows, count: size, centres: fine) : rows
            let fallback = Array(top[(c * n)..<((c + 1) * n)])
            while leaves.count < fine * n { leaves += fallback }
            bytes += leaves.map(byte)
        }
        return bytes
    }

    private func byte(_ value: Float) -> UInt8 { UInt8(clamping: Int(value.rounded())) }

    /// `centres` k-means centres of `count` rows of 128 floats.
    private func cluster(_ values: [Float], count: Int, centres: Int) -> [Float] {
        guard let kmeans = vl_kmeans_new(vl_type(VL_TYPE_FLOAT), VlDistanceL2) else { return [] }
        defer { vl_kmeans_delete(kmeans) }
        vl_kmeans_set_algorithm(kmeans, VlKMeansElkan)
        vl_kmeans_set_initialization(kmeans, VlKMeansPlusPlus)
        vl_kmeans_set_max_num_iterations(kmeans, 40)
        _ = values.withUnsafeBufferPointer {
            vl_kmeans_cluster(kmeans, $0.baseAddress, vl_size(LocalFeatures.length), vl_size(count), vl_size(centres))
        }
        let result = vl_kmeans_get_centers(kmeans)!.assumingMemoryBound(to: Float.self)
        return Array(UnsafeBufferPointer(start: result, count: centres * LocalFeatures.length))
    }

    private func nearest(_ row: [Float], _ centres: [Float], _ count: Int) -> Int {
        var best = (index: 0, distance: Float.infinity)
        for c in 0..<count {
            var distance: Float = 0
            for k in 0..<LocalFeatures.length {
                let d = row[k] - centres[c * LocalFeatures.length + k]
                distance += d * d
            }
            if distance < best.distance { best = (c, distance) }
        }
        return best.index
    }
}
