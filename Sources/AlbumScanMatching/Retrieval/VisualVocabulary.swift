import Foundation

/// A fixed vocabulary of visual words: a two-level tree of SIFT cluster centres (a coarse level, then a fine level
/// under each coarse centre), so a descriptor is quantised with `coarse + fine` distance computations instead of
/// `coarse × fine`: 2,500 photo features cost a few milliseconds, not a hundred.
///
/// Trained offline (`albumscan-bench --train-vocabulary`, see `VocabularyTrainer`) on generated covers, phone photos
/// of them and the public-domain corpus; never on the real development photos. Shipped as UInt8 centres (SIFT
/// descriptors are stored as bytes anyway) in `VisualVocabulary+Trained.swift`.
package struct VisualVocabulary: Sendable {
    /// Centres of the coarse level, `coarse` × 128 floats.
    let coarseCentres: [Float]
    /// Centres of the fine level, `coarse` × `fine` × 128 floats, grouped by coarse centre.
    let fineCentres: [Float]
    let coarse: Int
    let fine: Int
    /// Which training made it; stored with each album's words so words of another vocabulary are made again.
    package let version: UInt8

    /// Words in all.
    package var count: Int { coarse * fine }

    /// The vocabulary shipped with albumscan. Its centres take 2 MB as floats and a few milliseconds to decode, so
    /// a command decodes them only when it has features to quantise (a scan starts that in the background).
    package static let shipped: VisualVocabulary = {
        guard let bytes = Data(base64Encoded: trainedBase64, options: .ignoreUnknownCharacters),
            let vocabulary = VisualVocabulary(bytes: [UInt8](bytes), version: trainedVersion),
            vocabulary.count == shippedCount
        else { preconditionFailure("the shipped visual vocabulary does not decode") }
        return vocabulary
    }()

    /// Words in the shipped vocabulary, from its header alone: enough for an empty index or for checking stored words.
    package static let shippedCount: Int = {
        guard let header = Data(base64Encoded: String(trainedBase64.prefix(8))), header.count >= 4 else {
            preconditionFailure("the shipped visual vocabulary has no header")
        }
        return (Int(header[0]) | Int(header[1]) << 8) * (Int(header[2]) | Int(header[3]) << 8)
    }()

    /// The version of the shipped vocabulary, known without decoding it.
    package static var shippedVersion: UInt8 { trainedVersion }

    /// Reads `bytes` written by `VocabularyTrainer`: coarse and fine branching (UInt16, little-endian), then the
    /// coarse centres and the fine centres, 128 bytes each.
    package init?(bytes: [UInt8], version: UInt8) {
        guard bytes.count >= 4 else { return nil }
        let coarse = Int(bytes[0]) | Int(bytes[1]) << 8
        let fine = Int(bytes[2]) | Int(bytes[3]) << 8
        let n = LocalFeatures.length
        guard coarse > 0, fine > 0, bytes.count == 4 + (coarse + coarse * fine) * n else { return nil }
        self.coarse = coarse
        self.fine = fine
        self.version = version
        coarseCentres = bytes[4..<(4 + coarse * n)].map(Float.init)
        fineCentres = bytes[(4 + coarse * n)...].map(Float.init)
    }

    /// The word of each feature, in the features' order.
    func words(of features: LocalFeatures) -> [UInt16] { words(of: features, leaves: 1) }

    /// The `leaves` nearest words of each feature under its nearest coarse centre (soft assignment, for a photo:
    /// a descriptor moved by perspective or blur often lands in a neighbouring leaf).
    func words(of features: LocalFeatures, leaves: Int) -> [UInt16] {
        let n = LocalFeatures.length
        let values = features.floatDescriptors()
        return values.withUnsafeBufferPointer { values in
            coarseCentres.withUnsafeBufferPointer { coarseCentres in
                fineCentres.withUnsafeBufferPointer { fineCentres in
                    (0..<features.count).flatMap { index in
                        let feature = values.baseAddress! + index * n
                        let top = Self.nearest(feature, among: coarseCentres.baseAddress!, count: coarse, keep: 1)
                        let near = Self.nearest(
                            feature, among: fineCentres.baseAddress! + top[0] * fine * n, count: fine, keep: leaves)
                        return near.map { UInt16(top[0] * fine + $0) }
                    }
                }
            }
        }
    }

    /// Indices of the `keep` centres nearest `feature` (squared Euclidean distance), nearest first.
    @inline(__always)
    private static func nearest(_ feature: UnsafePointer<Float>, among centres: UnsafePointer<Float>, count: Int, keep: Int)
        -> [Int]
    {
        var best: [(index: Int, distance: Float)] = []
        for c in 0..<count {
            let centre = centres + c * LocalFeatures.length
            var sum = SIMD16<Float>()
            var k = 0
            while k < LocalFeatures.length {
                let d = UnsafeRawPointer(feature + k).loadUnaligned(as: SIMD16<Float>.self)
                    - UnsafeRawPointer(centre + k).loadUnaligned(as: SIMD16<Float>.self)
                sum += d * d
                k += 16
            }
            let distance = sum.sum()
            if best.count < keep || distance < best[best.count - 1].distance {
                let at = best.firstIndex { $0.distance > distance } ?? best.count
                best.insert((c, distance), at: at)
                if best.count > keep { best.removeLast() }
            }
        }
        return best.map(\.index)
    }
}
