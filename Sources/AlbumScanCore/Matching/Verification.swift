/// Whether the artwork on file is the cover in the photo: the `verification` object of scan and show JSON.
package struct Verification: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case verified, mismatch, unsure, unchecked
    }

    package var status: Status
    /// The matcher's score from 0 to 1; nil when nothing was compared.
    package var score: Double?
    /// The release whose front image was compared; nil when none was.
    package var releaseId: String?

    package init(status: Status, score: Double?, releaseId: String?) {
        self.status = status
        self.score = score
        self.releaseId = releaseId
    }

    /// No artwork was available to compare.
    package static let unchecked = Verification(status: .unchecked, score: nil, releaseId: nil)

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(score, forKey: .score)
        try container.encode(releaseId, forKey: .releaseId)
    }

    enum CodingKeys: String, CodingKey { case status, score, releaseId }
}
