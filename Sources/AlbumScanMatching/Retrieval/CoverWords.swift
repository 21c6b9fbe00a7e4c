/// The visual words of a front image's features and where each sits on the cover: what the retrieval index keeps
/// of an album (about 2.4 KB), stored with the album and made again from its descriptor when the vocabulary or this
/// layout changes.
package struct CoverWords: Sendable, Equatable {
    /// The stored layout's version: the high nibble numbers the layout (1: words with positions), the low one is
    /// the vocabulary's, so words of another vocabulary or an older layout are both made again.
    package static var currentVersion: UInt8 { 0x10 | (VisualVocabulary.shippedVersion & 0x0F) }

    /// The version the words were made with.
    package let version: UInt8
    /// One word per feature of the descriptor, in the features' order.
    package let words: [UInt16]
    /// Each feature's position on the cover, x and y in 256ths of its width and height.
    package let points: [SIMD2<UInt8>]
    /// Width over height of the cover, so positions can be compared with a photo's without stretching.
    package let aspect: Float

    /// The words of a descriptor's features under the shipped vocabulary.
    package init(descriptor: MatchDescriptor) {
        version = Self.currentVersion
        words = VisualVocabulary.shipped.words(of: descriptor.features)
        points = descriptor.features.points.map { point in
            SIMD2(Self.quantised(point.x), Self.quantised(point.y))
        }
        aspect = Self.storedAspect(descriptor.aspect)
    }

    /// The words of a photo's features with their positions (computed once per photo and kept with it, as a
    /// comparison would).
    package static func photo(_ photo: DecodedRGB, leaves: Int = photoLeaves) -> PhotoWords {
        let features = GeometricStage.photoFeatures(photo)
        return PhotoWords(
            words: VisualVocabulary.shipped.words(of: features, leaves: leaves), leaves: leaves,
            points: features.points, aspect: features.aspect)
    }

    /// Words per photo feature (soft assignment under its coarse centre): perspective and blur move a photo's
    /// descriptor into a neighbouring leaf often enough that a second leaf finds more covers than it confuses; a third
    /// adds more noise than matches (`albumscan-bench --tune-retrieval`). Cover words stay hard-assigned, so the
    /// index does not grow.
    package static let photoLeaves = 2

    /// A position's centre in the cover's unit square.
    package static func unit(_ point: SIMD2<UInt8>) -> SIMD2<Float> {
        (SIMD2<Float>(Float(point.x), Float(point.y)) + 0.5) / 256
    }

    private static func quantised(_ value: Float) -> UInt8 {
        UInt8(clamping: Int(min(max(value, 0), 1) * 256))
    }

    /// The aspect as stored (1/4096 steps), so words read back equal the words written.
    private static func storedAspect(_ aspect: Float) -> Float {
        Float(aspectBits(aspect)) / 4096
    }

    /// The aspect's stored bits: 4096ths.
    fileprivate static func aspectBits(_ aspect: Float) -> UInt16 {
        UInt16(clamping: Int((aspect * 4096).rounded()))
    }
}

extension CoverWords {
    /// The stored bytes: version, aspect × 4096 (UInt16), then per feature its word (UInt16) and x and y (UInt8),
    /// little-endian.
    package var data: [UInt8] {
        let aspectBits = Self.aspectBits(aspect)
        var bytes = [version, UInt8(aspectBits & 0xFF), UInt8(aspectBits >> 8)]
        bytes.reserveCapacity(3 + words.count * 4)
        for (word, point) in zip(words, points) {
            bytes += [UInt8(word & 0xFF), UInt8(word >> 8), point.x, point.y]
        }
        return bytes
    }

    /// Reads `data`; nil when the bytes are of another vocabulary or layout (or damaged), so the words must be made
    /// again.
    package init?(data bytes: [UInt8]) {
        guard bytes.count >= 3, bytes[0] == Self.currentVersion, (bytes.count - 3) % 4 == 0 else { return nil }
        let aspect = Float(UInt16(bytes[1]) | UInt16(bytes[2]) << 8) / 4096
        guard aspect > 0 else { return nil }
        let limit = UInt16(VisualVocabulary.shippedCount)
        var words: [UInt16] = []
        var points: [SIMD2<UInt8>] = []
        words.reserveCapacity((bytes.count - 3) / 4)
        points.reserveCapacity((bytes.count - 3) / 4)
        var offset = 3
        while offset < bytes.count {
            let word = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
            guard word < limit else { return nil }
            words.append(word)
            points.append(SIMD2(bytes[offset + 2], bytes[offset + 3]))
            offset += 4
        }
        version = bytes[0]
        self.words = words
        self.points = points
        self.aspect = aspect
    }
}
