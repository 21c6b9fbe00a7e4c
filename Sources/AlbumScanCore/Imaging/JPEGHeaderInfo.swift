/// The coding process named by a JPEG start-of-frame marker.
package enum JPEGFrameKind: Sendable, Equatable {
    case baseline, extended, progressive, lossless
    case arithmeticExtended, arithmeticProgressive, arithmeticLossless
    /// Hierarchical (differential) frames, SOF5-7 and SOF13-15.
    case hierarchical

    /// The kind for an SOFn marker byte, or nil when the byte is not an SOF marker.
    init?(marker: UInt8) {
        switch marker {
        case 0xC0: self = .baseline
        case 0xC1: self = .extended
        case 0xC2: self = .progressive
        case 0xC3: self = .lossless
        case 0xC9: self = .arithmeticExtended
        case 0xCA: self = .arithmeticProgressive
        case 0xCB: self = .arithmeticLossless
        case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF: self = .hierarchical
        default: return nil
        }
    }

    /// Whether libjpeg-turbo 2.1's 8-bit API cannot decode this kind at all.
    var isLossless: Bool { self == .lossless || self == .arithmeticLossless }
}

/// What the marker pre-parser learned about a JPEG without decoding it.
package struct JPEGHeaderInfo: Sendable, Equatable {
    /// The coding process of the first frame.
    package let frame: JPEGFrameKind
    /// Bits per sample.
    package let precision: Int
    /// Stored width in pixels (before EXIF orientation).
    package let width: Int
    /// Stored height in pixels (before EXIF orientation).
    package let height: Int
    /// Number of colour components.
    package let components: Int
    /// Number of SOS markers before EOI or the end of the data.
    package let scans: Int
    /// EXIF orientation 1-8; 1 when absent or invalid.
    package let orientation: Int
}
