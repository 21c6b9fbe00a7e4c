/// What albumscan must do with a corpus file, read from the index's `expected` text.
enum CorpusVerdict: String, Sendable {
    /// Must decode (libjpeg warnings are tolerated).
    case decode
    /// Must be rejected with `.invalidImage` (the CLI's exit 65).
    case reject
    /// Recoverable corruption: accept with a warning or reject, by policy; never crash or hang.
    case warn

    // The index was written for a JPEG-only input path. albumscan now reads PNG and HEIC by content, so a PNG or
    // HEIC (even one named .jpg, which the index says to reject) must decode; other formats are refused.
    init(expected: String, magic: String) {
        if magic == "png" || magic.hasPrefix("isobmff:hei") {
            self = .decode
        } else if magic != "jpeg" && magic != "jpeg-soi-only" {
            self = .reject
        } else if expected.hasPrefix("REJECT") {
            self = .reject
        } else if expected.hasPrefix("WARN") {
            self = .warn
        } else {
            self = .decode
        }
    }
}

/// What `ImagePrep.prepareUpload` actually did with a corpus file.
enum CorpusOutcome: Equatable, Sendable {
    case decoded
    /// Decoded, with recoverable decoder warnings.
    case warned
    /// Threw `.invalidImage` with this message.
    case rejected(String)
    /// Threw anything else: always a failure.
    case failed(String)
    /// Did not finish within the per-file bound.
    case hung

    var column: String {
        switch self {
        case .decoded: "decoded"
        case .warned: "warned"
        case .rejected: "rejected"
        case .failed: "failed"
        case .hung: "hung"
        }
    }
}
