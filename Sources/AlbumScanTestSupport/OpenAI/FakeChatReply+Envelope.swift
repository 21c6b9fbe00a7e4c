import Foundation

extension FakeChatReply {
    /// The `created` stamp of every fake completion: fixed, so recordings of the fakes are reproducible.
    package static let fixedCreated = Date(timeIntervalSince1970: 1_763_000_000)

    /// The HTTP response for this reply to `call`, a full `chat.completion` envelope on success.
    package func response(for call: ChatCall, created: Date = FakeChatReply.fixedCreated) -> FakeResponse {
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
            "id": Self.completionID(search: call.isSearchModel, body: call.request.body),
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
                "x-request-id": "req_" + String(Self.completionID(search: true, body: call.request.body).dropFirst(9)),
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

    /// Derived from the request, so re-recording unchanged traffic gives byte-identical recordings.
    private static func completionID(search: Bool, body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var state = hash
        let text = String(
            (0..<29).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return letters[Int((state >> 33) % UInt64(letters.count))]
            })
        if search {
            return "chatcmpl-" + String(format: "%016llx-%@", hash, String(text.prefix(12)).lowercased())
        }
        return "chatcmpl-" + text
    }
}
