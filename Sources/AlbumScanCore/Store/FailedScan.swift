import Foundation

/// A photo whose last scan failed or found nothing, and no saved scan since: what still needs doing.
///
/// It is named by its file, the path a re-run of `albumscan scan` and `history --failed --dismiss` take; it has no
/// scan id, since no scan of it was saved, and its row number is kept out of every output so no one mistakes it for
/// a scan id that `show` or `delete` would take.
package struct FailedScan: Sendable, Equatable, Encodable {
    /// The row's id, for the store's ordering only: never printed.
    package var id: Int64
    /// The path as `scan` was given it (`crate/08.jpg`): what a re-run and `--dismiss` take.
    package var file: String
    /// The photo's content hash; nil when the file could not be read.
    package var inputSha256: String?
    /// `failed` or `unidentified`.
    package var status: ScanResult.Status
    package var error: ErrorSummary
    /// When it was last tried, and how many times.
    package var triedAt: Date
    package var tries: Int

    private enum CodingKeys: String, CodingKey {
        case file, inputSha256, status, error, triedAt, tries
    }

    /// Whether `path`, as a user types it, names the stored `file`: the same text, or the same file once `.` and
    /// `..` and repeated slashes are resolved against the working folder `directory`.
    package static func path(_ path: String, names file: String, in directory: String) -> Bool {
        guard path != file else { return true }
        func resolved(_ text: String) -> String {
            URL(fileURLWithPath: text, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
        }
        return !path.isEmpty && resolved(path) == resolved(file)
    }

    package struct ErrorSummary: Sendable, Equatable, Encodable {
        package var code: String
        package var message: String
        /// Why an unidentified cover was not named (`UnidentifiedReason`'s code); nil for other failures. In JSON as
        /// the scan's `error.reason` {`code`, `message`}.
        package var reason: String? = nil

        private enum CodingKeys: String, CodingKey { case code, message, reason }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            let why = reason.flatMap(UnidentifiedReason.init(rawValue:))
            try container.encodeIfPresent(
                why.map { ScanResult.Problem(code: $0.rawValue, message: $0.words) }, forKey: .reason)
        }
    }

    /// Whether a scan ending with `error` is kept as a failure of that photo. Problems of the whole run (a key, the
    /// quota, the state folder, an interruption) say nothing about the photo, so they are not.
    package static func records(_ error: AlbumScanError) -> Bool {
        switch error {
        case .unidentified, .artworkMismatch, .invalidImage, .malformedInput, .photoQuality, .unreadableInput,
            .serviceFailed, .rateLimited:
            true
        case .usage, .unknownScan, .quotaExhausted, .configuration, .interrupted, .outputFile, .storage,
            .serviceUnreachable, .noBarcode, .unknownBarcode, .differentAlbum:
            false
        }
    }
}
