import Foundation

extension FakeChatReply {
    /// The HTTP response for this reply to `call`, a full `chat.completion` envelope on success.
    public func response(for call: ChatCall, created: Date = Date()) -> FakeResponse {
        switch self {
        case .raw(let response):
            return response
        case .error(let status, let type, let code, let message, let headers):
            return OpenAIErrorBody.response(status: status, type: type, code: code, message: message, headers: headers)
        case .content(let text, let annotations, let finishReason):
            let citations = annotations.map { citation -> [String: Any] in
                let inner: [String: Any] = [
                    "title": citation.title, "url": citation.url,
                    "start_index": citation.start, "end_index": citation.end,
                ]
                return ["type": "url_citation", "url_citation": inner]
            }
            let message: [String: Any] = [
                "role": "assistant", "content": text, "refusal": NSNull(), "annotations": citations,
            ]
            return envelope(call, message: message, finishReason: finishReason, outputLength: text.count, created)
        case .refusal(let text):
            let message: [String: Any] = ["role": "assistant", "content": NSNull(), "refusal": text]
            return envelope(call, message: message, finishReason: "stop", outputLength: text.count, created)
        case .truncated(let text):
            let message: [String: Any] = ["role": "assistant", "content": text, "refusal": NSNull()]
            return envelope(call, message: message, finishReason: "length", outputLength: text.count, created)
        }
    }

    private func envelope(
        _ call: ChatCall, message: [String: Any], finishReason: String, outputLength: Int, _ created: Date
    ) -> FakeResponse {
        var choice: [String: Any] = ["index": 0, "message": message, "finish_reason": finishReason]
        // Search-preview responses carry no logprobs key, no service_tier and an empty fingerprint.
        if !call.isSearchModel { choice["logprobs"] = NSNull() }
        let prompt = max(1, (call.systemText.count + call.userText.count) / 4) + (call.hasImage ? 765 : 0)
        let completion = max(1, outputLength / 4)
        var body: [String: Any] = [
            "id": Self.completionID(search: call.isSearchModel),
            "object": "chat.completion",
            "created": Int(created.timeIntervalSince1970),
            "model": Self.datedModel(call.model),
            "choices": [choice],
            "usage": [
                "prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
                "prompt_tokens_details": ["cached_tokens": 0, "audio_tokens": 0],
                "completion_tokens_details": [
                    "reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0,
                    "rejected_prediction_tokens": 0,
                ],
            ] as [String: Any],
            "system_fingerprint": call.isSearchModel ? "" : "fp_83df987f64",
        ]
        if !call.isSearchModel { body["service_tier"] = "default" }
        return .json(
            body,
            headers: [
                "openai-version": "2020-10-01", "openai-processing-ms": "42",
                "x-request-id": "req_" + Self.randomAlphanumeric(32).lowercased(),
            ])
    }

    /// The model name the API echoes: a dated snapshot of the requested alias.
    static func datedModel(_ model: String) -> String {
        if model.range(of: #"-\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil { return model }
        let snapshots = [
            "gpt-4o": "2024-08-06", "gpt-4o-mini": "2024-07-18", "gpt-4.1": "2025-04-14", "gpt-4.1-mini": "2025-04-14",
            "gpt-4o-search-preview": "2025-03-11", "gpt-4o-mini-search-preview": "2025-03-11",
        ]
        return "\(model)-\(snapshots[model] ?? "2025-01-01")"
    }

    private static func completionID(search: Bool) -> String {
        search ? "chatcmpl-" + UUID().uuidString.lowercased() : "chatcmpl-" + randomAlphanumeric(29)
    }

    private static func randomAlphanumeric(_ count: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<count).map { _ in letters[Int.random(in: 0..<letters.count)] })
    }
}
