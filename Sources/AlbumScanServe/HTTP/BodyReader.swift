import FlyingFox
import Foundation

/// Reads a request body up to a byte cap. A declared length over the cap is refused before a byte is read; a body
/// without a length (chunked) is read until it passes the cap, and refused there.
struct BodyReader: Sendable {
    let cap: Int

    /// 413 (`too-large`), naming the cap.
    var tooLarge: APIError {
        APIError(
            status: HTTPStatusCode(413, phrase: "Content Too Large"), code: "too-large",
            message: "the photo is over \(cap / 1_048_576) MB; send a smaller one",
            headers: [.connection: "close"])
    }

    /// Refuses a declared length over the cap, from the headers alone.
    func checkDeclaredLength(_ request: HTTPRequest) throws(APIError) {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > cap { throw tooLarge }
    }

    /// The body, at most `cap` bytes.
    func read(_ request: HTTPRequest) async throws -> Data {
        try checkDeclaredLength(request)
        var body = Data()
        for try await chunk in request.bodySequence {
            guard body.count + chunk.count <= cap else { throw tooLarge }
            body.append(chunk)
        }
        return body
    }
}
