/// Something that went wrong during a scan without stopping it: `diagnostics` in `--json`, and lines under
/// `--verbose` in text. What stops a scan is an `AlbumScanError` instead.
package struct ScanDiagnostic: Encodable, Sendable, Equatable {
    /// The pipeline stage it happened in.
    package var stage: Stage
    package var code: Code
    /// One line saying what happened and what the scan did about it.
    package var message: String

    package init(_ stage: Stage, _ code: Code, _ message: String) {
        self.stage = stage
        self.code = code
        self.message = message
    }

    package enum Stage: String, Encodable, Sendable, CaseIterable {
        case prepare, local, identify, artwork, review, verify, catalogue, save
    }

    /// Every code a scan can report; the README lists them.
    package enum Code: String, Encodable, Sendable, CaseIterable {
        /// The photo could not be decoded for the matcher: no local re-match and no artwork check.
        case photoNotComparable = "photo-not-comparable"
        /// An album the library matched has no cached review, so the photo went to the model after all.
        case localReviewMissing = "local-review-missing"
        /// MusicBrainz could not be asked about a barcode on the sleeve, so the photo went to the model.
        case barcodeLookupFailed = "barcode-lookup-failed"
        /// No artwork: the Cover Art Archive or MusicBrainz had none, or could not be reached.
        case artworkUnavailable = "artwork-unavailable"
        /// The front image on file could not be read or compared with the photo, so the scan's artwork is not
        /// verified (`unchecked`, or the mismatch when it was an alternate edition's); after a mismatch, also when the
        /// other editions could not be looked up or an edition's front image could not be fetched.
        case artworkNotCompared = "artwork-not-compared"
        /// The MusicBrainz lock file in the state folder cannot be used, so MusicBrainz was not asked.
        case musicBrainzLockUnusable = "musicbrainz-lock-unusable"
        /// No review: the model failed or its review did not pass the content guard.
        case reviewUnavailable = "review-unavailable"
        /// Ultra's advanced search was asked for, but this provider cannot search the web: a standard review.
        case webSearchUnavailable = "web-search-unavailable"
        /// The Discogs release could not be looked up (MusicBrainz's links, or a Discogs search): the album is saved
        /// without it.
        case discogsUnavailable = "discogs-unavailable"
        /// A cache write (review, release) failed; the scan is saved, the next scan of the album pays again.
        case cacheNotSaved = "cache-not-saved"
        /// A cache read (a cached review, an album of the library) failed; the scan went on without it and paid
        /// again for what it held (a review from the model, a photo identified by the model).
        case cacheNotRead = "cache-not-read"
        /// The token usage of a model call could not be recorded, so `account` and `eval` under-count spend.
        case usageNotRecorded = "usage-not-recorded"
        /// A failed scan could not be kept in the store, so `history --failed` will not list the photo.
        case failureNotRecorded = "failure-not-recorded"

        /// Shown on stderr in text mode even without `--verbose`: a problem the user must fix, or a tier feature
        /// that did not run.
        package var isWarning: Bool { self == .musicBrainzLockUnusable || self == .webSearchUnavailable }
    }
}
