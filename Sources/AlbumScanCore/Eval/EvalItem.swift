import Foundation

/// One labelled photo's verdict: what was expected, what came back, and whether that was right.
package struct EvalItem: Codable, Sendable, Equatable {
    package enum Outcome: String, Codable, Sendable, CaseIterable {
        /// The answer's album key (and release group, when labelled) matches the label.
        case correct
        /// An album came back, but not the labelled one.
        case wrong
        /// The scan ran and named no album.
        case unidentified
        /// The scan stopped with an error (a service failure, a missing recording, an unreadable photo).
        case failed
    }

    /// What the scan answered.
    package struct Answer: Codable, Sendable, Equatable {
        package var artist: String
        package var album: String
        package var releaseId: String?
        package var releaseGroupId: String?

        package init(artist: String, album: String, releaseId: String? = nil, releaseGroupId: String? = nil) {
            self.artist = artist
            self.album = album
            self.releaseId = releaseId
            self.releaseGroupId = releaseGroupId
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(artist, forKey: .artist)
            try container.encode(album, forKey: .album)
            try container.encode(releaseId, forKey: .releaseId)
            try container.encode(releaseGroupId, forKey: .releaseGroupId)
        }

        enum CodingKeys: String, CodingKey { case artist, album, releaseId, releaseGroupId }
    }

    package var line: Int
    package var file: String
    package var expected: Expected
    package var answer: Answer?
    package var outcome: Outcome
    /// `identification.method` of an identified scan (see `EvalMethod`).
    package var method: String?
    package var verification: Verification.Status
    /// The scan's wall time in seconds.
    package var seconds: Double
    /// The error code of a scan that named no album (`unidentified`, `service-failed`, ...).
    package var error: String?

    /// The label's side.
    package struct Expected: Codable, Sendable, Equatable {
        package var artist: String
        package var album: String
        package var mbid: String?
        package var barcode: String?

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(artist, forKey: .artist)
            try container.encode(album, forKey: .album)
            try container.encode(mbid, forKey: .mbid)
            try container.encode(barcode, forKey: .barcode)
        }

        enum CodingKeys: String, CodingKey { case artist, album, mbid, barcode }
    }

    package init(
        line: Int, file: String, expected: Expected, answer: Answer?, outcome: Outcome, method: String?,
        verification: Verification.Status, seconds: Double, error: String?
    ) {
        self.line = line
        self.file = file
        self.expected = expected
        self.answer = answer
        self.outcome = outcome
        self.method = method
        self.verification = verification
        self.seconds = seconds
        self.error = error
    }

    /// Optional fields are written as null rather than left out, so every item has the same keys.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(file, forKey: .file)
        try container.encode(expected, forKey: .expected)
        try container.encode(answer, forKey: .answer)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(method, forKey: .method)
        try container.encode(verification, forKey: .verification)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(error, forKey: .error)
    }

    enum CodingKeys: String, CodingKey { case line, file, expected, answer, outcome, method, verification, seconds, error }

    /// Judges one scan against its label, by the album it named and that album's release and release group.
    package static func judge(_ label: EvalLabel, result: ScanResult, seconds: Double) -> EvalItem {
        let expected = Expected(artist: label.artist, album: label.album, mbid: label.mbid, barcode: label.barcode)
        let answer = result.album.flatMap { album in
            result.status == .identified
                ? Answer(
                    artist: album.artist, album: album.title, releaseId: album.musicbrainzReleaseId,
                    releaseGroupId: result.releaseGroupId)
                : nil
        }
        let outcome: Outcome
        switch result.status {
        case .identified: outcome = answer.map { verdict(label, $0) } ?? .wrong
        case .unidentified: outcome = .unidentified
        // Eval scans in a fresh home with nothing to skip; a skipped photo would be one not measured.
        case .failed, .skipped: outcome = .failed
        }
        return EvalItem(
            line: label.line, file: label.file, expected: expected, answer: answer, outcome: outcome,
            method: EvalMethod.of(result), verification: result.verification.status,
            seconds: (seconds * 1000).rounded() / 1000, error: result.error?.code)
    }

    /// Correct when the normalised album keys agree and, if the label has an mbid, it names the answer's release
    /// group (or, for a label that holds a release id, its release).
    package static func verdict(_ label: EvalLabel, _ answer: Answer) -> Outcome {
        guard AlbumKey(artist: answer.artist, title: answer.album) == label.key else { return .wrong }
        guard let mbid = label.mbid else { return .correct }
        let ids = [answer.releaseGroupId, answer.releaseId].compactMap { $0?.lowercased() }
        return ids.contains(mbid) ? .correct : .wrong
    }
}
