/// The visual words of a front image's features: what the retrieval index keeps of an album (about 1 KB), stored
/// with the album and made again from its descriptor when the vocabulary changes.
package struct CoverWords: Sendable, Equatable {
    /// The vocabulary's version the words belong to.
    package let version: UInt8
    /// One word per feature of the descriptor, sorted.
    package let words: [UInt16]

    /// The words of a descriptor's features under the shipped vocabulary.
    package init(descriptor: MatchDescriptor) {
        version = VisualVocabulary.shipped.version
        words = VisualVocabulary.shipped.words(of: descriptor.features).sorted()
    }

    /// The words of a photo's features (computed once per photo and kept with it, as a comparison would).
    package static func photo(_ photo: DecodedRGB, leaves: Int = photoLeaves) -> [UInt16] {
        VisualVocabulary.shipped.words(of: GeometricStage.photoFeatures(photo), leaves: leaves)
    }

    /// Words per photo feature (soft assignment under its coarse centre): perspective and blur move a photo's
    /// descriptor into a neighbouring leaf often enough that a second leaf finds more covers than it confuses; a third
    /// adds more noise than matches (`albumscan-bench --tune-retrieval`). Cover words stay hard-assigned, so the
    /// index does not grow.
    package static let photoLeaves = 2

    /// The stored bytes: version, then each word as UInt16, little-endian.
    package var data: [UInt8] {
        var bytes = [version]
        bytes.reserveCapacity(1 + words.count * 2)
        for word in words { bytes += [UInt8(word & 0xFF), UInt8(word >> 8)] }
        return bytes
    }

    /// Reads `data`; nil when the bytes are of another vocabulary (or damaged), so the words must be made again.
    package init?(data bytes: [UInt8]) {
        guard let first = bytes.first, first == VisualVocabulary.shipped.version, bytes.count % 2 == 1 else {
            return nil
        }
        let limit = UInt16(VisualVocabulary.shipped.count)
        var words: [UInt16] = []
        words.reserveCapacity(bytes.count / 2)
        var offset = 1
        while offset < bytes.count {
            let word = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
            guard word < limit else { return nil }
            words.append(word)
            offset += 2
        }
        version = first
        self.words = words
    }
}
