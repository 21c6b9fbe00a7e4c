import Foundation

/// One scan's result: the JSON line of `scan --json`, the object of `show --json`, and the details view's input.
package struct ScanResult: Encodable, Sendable {
    package enum Status: String, Encodable, Sendable { case identified, unidentified, failed, skipped }

    package var file: String
    package var status: Status
    package var scanId: Int64?
    /// The saved scan's version (DESIGN wave 5), with its id.
    package var version: Int?
    package var scannedAt: Date?
    package var album: Album?
    package var identification: IdentificationSummary?
    package var artwork: ArtworkSummary?
    package var review: ReviewSummary?
    /// The artwork check (`unchecked` when no artwork was compared).
    package var verification: Verification = .unchecked
    /// What stopped the scan; nil for an identified scan. In JSON, `error` {`code`, `message`}.
    package var error: AlbumScanError?
    /// What went wrong without stopping the scan, in the order it happened.
    package var diagnostics: [ScanDiagnostic] = []
    /// Why the photo was not scanned, for a `skipped` result.
    package var skipped: Skipped?
    /// True when the photo's last try on this home answered, with no model call (`serve`; DESIGN wave 5).
    package var repeated: Bool? = nil
    /// The shop's fields saved with the scan; in JSON, `mediaCondition` … `price` beside `scanId` (null when unset)
    /// on every saved scan.
    package var shop: ShopFields = .none
    /// The release group of the album's release, when known: eval judges an answer by it. Not in JSON.
    package var releaseGroupId: String? = nil
    /// The front image and thumbnail the scan holds, for the details view of a scan just made. Not in JSON.
    package var artworkImages: StoredArtwork? = nil

    /// Why a photo was not scanned: `already-scanned` (with the stored scan's id) or `batch-stopped`.
    package struct Skipped: Encodable, Sendable, Equatable {
        package enum Reason: String, Encodable, Sendable {
            case alreadyScanned = "already-scanned"
            case batchStopped = "batch-stopped"
        }

        package var reason: Reason
        package var scanId: Int64?
        /// True when the run's shop fields were set on the already scanned photo (absent otherwise).
        package var shopFieldsSet: Bool?
    }

    enum CodingKeys: String, CodingKey {
        case file, status, scanId, version, scannedAt, album, identification, artwork, review, verification, error, diagnostics
        case skipped, repeated
        case mediaCondition, sleeveCondition, location, sku, comments, price
    }

    /// A photo that was not scanned.
    package static func skipped(file: String, _ reason: Skipped.Reason, scanId: Int64? = nil) -> ScanResult {
        ScanResult(file: file, status: .skipped, skipped: Skipped(reason: reason, scanId: scanId))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(status, forKey: .status)
        if let skipped {
            try container.encode(skipped, forKey: .skipped)
            return
        }
        try container.encodeIfPresent(scanId, forKey: .scanId)
        if scanId != nil {
            try container.encodeIfPresent(version, forKey: .version)
            for field in ShopField.allCases {
                try container.encode(shop[field], forKey: CodingKeys(rawValue: field.rawValue)!)
            }
        }
        try container.encodeIfPresent(scannedAt, forKey: .scannedAt)
        try container.encodeIfPresent(album, forKey: .album)
        try container.encodeIfPresent(identification, forKey: .identification)
        try container.encodeIfPresent(artwork, forKey: .artwork)
        try container.encodeIfPresent(review, forKey: .review)
        try container.encode(verification, forKey: .verification)
        try container.encodeIfPresent(error.map(ErrorObject.init), forKey: .error)
        try container.encodeIfPresent(repeated, forKey: .repeated)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// A result that ended with an error.
    package static func failed(file: String, _ error: AlbumScanError, identification: IdentificationSummary? = nil) -> ScanResult
    {
        ScanResult(file: file, status: error.endsAs, identification: identification, error: error)
    }

    /// A result stopped once under way, with what was known by then.
    static func stopped(file: String, _ stop: ScanStop) -> ScanResult {
        var result = failed(file: file, stop.error, identification: stop.identification)
        if let verification = stop.verification { result.verification = verification }
        return result
    }

    package struct IdentificationSummary: Encodable, Sendable, Equatable {
        /// Model calls made: 0 (barcode, local, duplicate), 1, or 2 when ID Call 2 ran.
        package var calls: Int
        package var searchGate: SearchGateResult
        package var method: IdentificationMethod
        /// The file this scan followed, for `duplicate`.
        package var duplicateOf: String?

        package init(
            calls: Int, searchGate: SearchGateResult, method: IdentificationMethod? = nil, duplicateOf: String? = nil
        ) {
            self.calls = calls
            self.searchGate = searchGate
            self.method = method ?? .model(calls: calls)
            self.duplicateOf = duplicateOf
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(calls, forKey: .calls)
            try container.encode(searchGate, forKey: .searchGate)
            try container.encode(method, forKey: .method)
            try container.encodeIfPresent(duplicateOf, forKey: .duplicateOf)
        }

        enum CodingKeys: String, CodingKey { case calls, searchGate, method, duplicateOf }
    }

    package struct ArtworkSummary: Encodable, Sendable, Equatable {
        package var status: ArtworkStatus
        package var url: String?
        /// Why the artwork is unavailable; only for scans made now (the store keeps no reasons).
        package var reason: Problem? = nil

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(url, forKey: .url)
            if status == .unavailable { try container.encodeIfPresent(reason, forKey: .reason) }
        }

        enum CodingKeys: String, CodingKey { case status, url, reason }
    }

    /// The review block; every field is present, null or empty when the review is unavailable.
    package struct ReviewSummary: Encodable, Sendable, Equatable {
        package var status: ReviewStatus
        package var review: Review?
        /// Why the review is unavailable; only for scans made now.
        package var reason: Problem? = nil

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(review?.summary, forKey: .summary)
            try container.encode(review?.bullets ?? [], forKey: .bullets)
            try container.encode(review?.rating, forKey: .rating)
            try container.encode(review?.recommendation, forKey: .recommendation)
            try container.encode(review?.keyTracks ?? [], forKey: .keyTracks)
            try container.encode(review?.sources ?? [], forKey: .sources)
            if status == .unavailable { try container.encodeIfPresent(reason, forKey: .reason) }
        }

        enum CodingKeys: String, CodingKey {
            case status, summary, bullets, rating, recommendation, keyTracks, sources, reason
        }
    }

    /// The `error` object: `code` and `message`; for an unidentified cover also `reason` {`code`, `message`} (why it
    /// was not named) and `nextSteps` [{`code`, `message`}] (what can still name it).
    package struct ErrorObject: Encodable, Sendable, Equatable {
        package var code: String
        package var message: String
        package var reason: Problem?
        package var nextSteps: [Problem]?

        package init(_ error: AlbumScanError) {
            code = error.code
            message = error.message
            if let why = error.unidentifiedReason {
                reason = Problem(code: why.rawValue, message: why.words)
                nextSteps = why.nextSteps.map { Problem(code: $0.rawValue, message: $0.words) }
            }
        }
    }

    /// Why something failed: a stable code and a one-line message (the `error` and `reason` objects).
    package struct Problem: Encodable, Sendable, Equatable {
        package var code: String
        package var message: String

        package init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }
}
