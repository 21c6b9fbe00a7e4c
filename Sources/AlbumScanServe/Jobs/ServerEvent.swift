import AlbumScanCore
import Foundation

/// One Server-Sent Event: `stage` {`job`, `stage`} or `result` {`job`, `result`}.
enum ServerEvent: Sendable {
    case stage(job: String, stage: String, found: JobSnapshot.FoundAlbum?)
    case result(job: String, result: ScanResult)
    /// The links fill's progress: a `stage` event {`job`, `stage`: `links`, `done`, `total`}.
    case links(job: String, done: Int, total: Int)

    /// The event's bytes on the wire.
    func encoded() throws -> Data {
        switch self {
        case .stage(let job, let stage, let found):
            return Self.frame("stage", try JSONOutput.encode(StageData(job: job, stage: stage, found: found)))
        case .result(let job, let result):
            return Self.frame("result", try JSONOutput.encode(ResultData(job: job, result: result)))
        case .links(let job, let done, let total):
            return Self.frame("stage", try JSONOutput.encode(LinksData(job: job, stage: "links", done: done, total: total)))
        }
    }

    /// `event:` and one `data:` line (the JSON holds no raw line break), then the blank line that ends it.
    static func frame(_ name: String, _ json: String) -> Data {
        Data("event: \(name)\ndata: \(json)\n\n".utf8)
    }

    private struct StageData: Encodable {
        var job: String
        var stage: String
        var found: JobSnapshot.FoundAlbum?
    }

    private struct LinksData: Encodable {
        var job: String
        var stage: String
        var done: Int
        var total: Int
    }

    private struct ResultData: Encodable {
        var job: String
        var result: ScanResult
    }
}
