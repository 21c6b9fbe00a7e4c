import Foundation

/// libFuzzer entry for the model-reply parsers: ID Call 1/2 (`IdentifyReply.parse`) and the review (`ReviewReply.parse`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplies(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let reply = IdentifyReply.parse(text), reply.status == .identified, reply.album == nil {
        fatalError("identified reply without an album")
    }
    if let review = ReviewReply.parse(text, warn: { _ in }) {
        guard (0...10).contains(review.rating), (3...5).contains(review.bullets.count), (3...7).contains(review.keyTracks.count),
            RecommendationLabel.canonical(review.recommendation) != nil
        else { fatalError("review broke its contract: \(review)") }
    }
    return 0
}
