/// Whether the artwork on file is the cover in the photo: the `verification` object of scan and show JSON.
public struct Verification: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case verified, mismatch, unsure, unchecked
    }

    public var status: Status
    /// The matcher's score from 0 to 1; nil when nothing was compared.
    public var score: Double?
    /// The release whose front image was compared; nil when none was.
    public var releaseId: String?

    public init(status: Status, score: Double?, releaseId: String?) {
        self.status = status
        self.score = score
        self.releaseId = releaseId
    }

    /// No artwork was available to compare.
    public static let unchecked = Verification(status: .unchecked, score: nil, releaseId: nil)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(score, forKey: .score)
        try container.encode(releaseId, forKey: .releaseId)
    }

    enum CodingKeys: String, CodingKey { case status, score, releaseId }
}
