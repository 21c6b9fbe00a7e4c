import Foundation

/// A `generateContent` request as `FakeGemini` hands it to the responder.
// Unchecked: `body` holds only parsed JSON (strings, numbers, Bools, arrays, dictionaries), which `Any` cannot declare Sendable.
package struct GeminiCall: @unchecked Sendable {
    package var request: FakeRequest
    package var body: [String: Any]
    /// The model from the path, `/v1beta/models/{model}:generateContent`.
    package var model: String
    package var system: String
    package var userText: String
    package var image: Data?
    /// Whether `tools` holds `google_search`.
    package var usesSearch: Bool
    /// Whether `generationConfig.responseSchema` is set.
    package var structured: Bool

    init(request: FakeRequest, body: [String: Any], model: String) {
        self.request = request
        self.body = body
        self.model = model
        let systemParts =
            ((body["system_instruction"] ?? body["systemInstruction"]) as? [String: Any])?["parts"] as? [[String: Any]]
        system = (systemParts ?? []).compactMap { $0["text"] as? String }.joined(separator: "\n")
        var texts: [String] = []
        var image: Data?
        for content in body["contents"] as? [[String: Any]] ?? [] where (content["role"] as? String ?? "user") == "user" {
            for part in content["parts"] as? [[String: Any]] ?? [] {
                if let text = part["text"] as? String { texts.append(text) }
                if image == nil, let inline = (part["inline_data"] ?? part["inlineData"]) as? [String: Any],
                    let data = inline["data"] as? String
                {
                    image = Data(base64Encoded: data)
                }
            }
        }
        userText = texts.joined(separator: "\n")
        self.image = image
        usesSearch = (body["tools"] as? [[String: Any]] ?? []).contains {
            $0["google_search"] != nil || $0["googleSearch"] != nil
        }
        let config = body["generationConfig"] as? [String: Any] ?? [:]
        structured = config["responseSchema"] != nil
    }

    package var task: FixtureStory.Task {
        FixtureStory.task(hasImage: image != nil, searches: usesSearch, userText: userText)
    }

    /// 258 tokens up to 384 px on both sides, else 258 per 768×768 tile.
    package var imageTokens: Int {
        guard let image, let size = FixtureStory.jpegSize(image) else { return 0 }
        if size.width <= 384, size.height <= 384 { return 258 }
        return 258 * ((size.width + 767) / 768) * ((size.height + 767) / 768)
    }
}

/// What `FakeGemini` answers a call with.
// Unchecked: answers and error `details` hold only JSON values, which `Any` cannot declare Sendable.
package enum FakeGeminiReply: @unchecked Sendable {
    /// `finishReason: STOP` with this answer; grounded calls carry its sources as `groundingChunks`.
    case answer(FixtureStory.Answer)
    /// A candidate ending with this finish reason (`SAFETY`, `MAX_TOKENS`, …) and this text.
    case finished(String, text: String)
    /// The prompt blocked: no candidates, `promptFeedback.blockReason`.
    case blocked(String)
    case error(status: Int, code: String, message: String, details: [[String: Any]] = [])
    case raw(FakeResponse)

    /// 503 UNAVAILABLE, Gemini's overload answer.
    package static let overloaded = FakeGeminiReply.error(
        status: 503, code: "UNAVAILABLE", message: "The model is overloaded. Please try again later.")
    package static let serverError = FakeGeminiReply.error(
        status: 500, code: "INTERNAL", message: "An internal error has occurred.")

    /// 429 RESOURCE_EXHAUSTED with `RetryInfo.retryDelay`.
    package static func rateLimited(retryDelay seconds: Int) -> FakeGeminiReply {
        .error(
            status: 429, code: "RESOURCE_EXHAUSTED",
            message: "You exceeded your current quota, please check your plan and billing details.",
            details: [
                [
                    "@type": "type.googleapis.com/google.rpc.QuotaFailure",
                    "violations": [["quotaId": "GenerateRequestsPerMinutePerProjectPerModel"]],
                ],
                ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "\(seconds)s"],
            ])
    }
}
