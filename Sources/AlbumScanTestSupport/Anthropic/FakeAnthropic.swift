import Foundation

/// A loopback fake of Anthropic's `POST /v1/messages`, checking requests against the documented shape (WIRE §2, §6.1).
///
/// Requires `x-api-key` and `anthropic-version`; rejects unknown top-level parameters, temperatures outside 0-1,
/// `output_config` together with web search (structured output cannot be combined with citations), strict schemas
/// without `additionalProperties: false` or with length and range constraints, and image blocks that are not a base64
/// source of jpeg/png/gif/webp without a `data:` prefix. Input tokens count the image as `ceil(w/28)·ceil(h/28)` and
/// each web search as the result pages it adds to the context.
package final class FakeAnthropic: Sendable {
    package typealias Responder = @Sendable (AnthropicCall) -> FakeAnthropicReply

    private struct State {
        var responder: Responder
        var calls: [AnthropicCall] = []
    }

    package let server: LoopbackServer
    package let apiKey: String
    private let state: LockedValue<State>
    /// Input tokens one web search adds (the result pages, counted as input on the next sampling).
    package static let tokensPerSearch = 2_400

    package init(apiKey: String = "fake-anthropic-key-0123456789", responder: @escaping Responder) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        self.apiKey = apiKey
        server = try LoopbackServer { request in FakeAnthropic.handle(request, apiKey: apiKey, state: state) }
    }

    /// `ANTHROPIC_BASE_URL`: `http://127.0.0.1:PORT` (the client adds `/v1/messages`).
    package var baseURL: String { server.baseURL }
    package var calls: [AnthropicCall] { state.withLock { $0.calls } }

    package func respond(with responder: @escaping Responder) { state.withLock { $0.responder = responder } }
    package func stop() { server.stop() }

    static let allowedParameters: Set<String> = [
        "model", "max_tokens", "system", "messages", "temperature", "tools", "tool_choice", "output_config", "stop_sequences",
        "metadata", "top_p", "top_k", "stream", "thinking", "service_tier",
    ]
    static let imageTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    static func error(_ status: Int, _ type: String, _ message: String, headers: [String: String] = [:]) -> FakeResponse {
        .json(
            ["type": "error", "error": ["type": type, "message": message], "request_id": "req_011CFakeAlbumscan"],
            status: status, headers: headers)
    }

    private static func handle(_ request: FakeRequest, apiKey: String, state: LockedValue<State>) -> FakeResponse {
        guard request.method == "POST", request.path == "/v1/messages" else {
            return error(404, "not_found_error", "Not found: \(request.method) \(request.path)")
        }
        guard request.header("x-api-key") == apiKey else { return error(401, "authentication_error", "invalid x-api-key") }
        guard request.header("anthropic-version") != nil else {
            return error(400, "invalid_request_error", "anthropic-version: header is required")
        }
        guard let body = request.jsonObject else {
            return error(400, "invalid_request_error", "The request body is not valid JSON.")
        }
        if let problem = problem(in: body) { return error(400, "invalid_request_error", problem) }
        let call = AnthropicCall(request: request, body: body)
        let responder = state.withLock { state -> Responder in
            state.calls.append(call)
            return state.responder
        }
        return response(responder(call), to: call)
    }

    /// What the real API would reject in `body`, as its message; nil when the body is acceptable.
    package static func problem(in body: [String: Any]) -> String? {
        if let extra = body.keys.sorted().first(where: { !allowedParameters.contains($0) }) {
            return "\(extra): Extra inputs are not permitted"
        }
        guard body["model"] is String else { return "model: Field required" }
        guard body["max_tokens"] is Int else { return "max_tokens: Field required" }
        guard let messages = body["messages"] as? [[String: Any]], !messages.isEmpty else { return "messages: Field required" }
        if let temperature = body["temperature"] as? Double, !(0...1).contains(temperature) {
            return "temperature: Input should be less than or equal to 1"
        }
        let searches = (body["tools"] as? [[String: Any]] ?? []).contains {
            ($0["type"] as? String)?.hasPrefix("web_search") == true
        }
        if let config = body["output_config"] as? [String: Any] {
            if searches {
                return "output_config.format: structured outputs cannot be combined with citations (web search results)"
            }
            guard let format = config["format"] as? [String: Any], format["type"] as? String == "json_schema",
                let schema = format["schema"] as? [String: Any]
            else { return "output_config.format: expected {\"type\": \"json_schema\", \"schema\": {...}}" }
            if let flaw = schemaFlaw(schema) { return "output_config.format.schema: \(flaw)" }
        }
        for (index, message) in messages.enumerated() {
            guard let role = message["role"] as? String, ["user", "assistant"].contains(role) else {
                return "messages.\(index).role: Input should be 'user' or 'assistant'"
            }
            for block in message["content"] as? [[String: Any]] ?? [] where block["type"] as? String == "image" {
                let source = block["source"] as? [String: Any] ?? [:]
                guard source["type"] as? String == "base64", let media = source["media_type"] as? String,
                    imageTypes.contains(media),
                    let data = source["data"] as? String, !data.hasPrefix("data:"), Data(base64Encoded: data) != nil
                else { return "messages.\(index).content: image source must be base64 data of image/jpeg, png, gif or webp" }
            }
        }
        return nil
    }

    /// Strict schemas need `additionalProperties: false` on every object and take no length or range constraints.
    package static func schemaFlaw(_ schema: [String: Any]) -> String? {
        for key in ["minimum", "maximum", "minLength", "maxLength", "exclusiveMinimum", "exclusiveMaximum"]
        where schema[key] != nil {
            return "\(key) is not supported"
        }
        if schema["type"] as? String == "object", schema["additionalProperties"] as? Bool != false {
            return "additionalProperties must be false for every object"
        }
        let children =
            ((schema["properties"] as? [String: Any])?.values.map { $0 } ?? []) + ((schema["anyOf"] as? [Any]) ?? [])
            + [schema["items"]].compactMap { $0 }
        for child in children.compactMap({ $0 as? [String: Any] }) {
            if let flaw = schemaFlaw(child) { return flaw }
        }
        return nil
    }

    static func response(_ reply: FakeAnthropicReply, to call: AnthropicCall) -> FakeResponse {
        switch reply {
        case .raw(let response): return response
        case .error(let status, let type, let message, let headers): return error(status, type, message, headers: headers)
        case .refusal: return envelope(call, content: [], stop: "refusal", searches: 0)
        case .truncated(let text):
            return envelope(call, content: [["type": "text", "text": text]], stop: "max_tokens", searches: 0)
        case .pauseTurn: return envelope(call, content: searchBlocks(call, sources: []), stop: "pause_turn", searches: 1)
        case .answer(let answer):
            let sources = answer.sources
            guard call.usesWebSearch else {
                return envelope(call, content: [["type": "text", "text": answer.text]], stop: "end_turn", searches: 0)
            }
            // A continuation already searched; otherwise the search blocks come first.
            let searched = call.assistantTurns == 0 ? searchBlocks(call, sources: sources) : []
            var text: [String: Any] = ["type": "text", "text": answer.text]
            if !sources.isEmpty {
                text["citations"] = sources.map { source in
                    [
                        "type": "web_search_result_location", "url": source.url, "title": source.title,
                        "encrypted_index": "EpMBCioIBhgCIiQ0", "cited_text": String(answer.text.prefix(60)),
                    ] as [String: Any]
                }
            }
            return envelope(call, content: searched + [text], stop: "end_turn", searches: searched.isEmpty ? 0 : 1)
        }
    }

    static func searchBlocks(_ call: AnthropicCall, sources: [(title: String, url: String)]) -> [[String: Any]] {
        let id = "srvtoolu_01" + FixtureStory.stableID(call.request.body, length: 22)
        let results = sources.map { source in
            [
                "type": "web_search_result", "url": source.url, "title": source.title, "encrypted_content": "EqgfCioIARgBIiQ3",
                "page_age": NSNull(),
            ] as [String: Any]
        }
        let query = String(call.userText.split(separator: "\n").first ?? "").prefix(80)
        return [
            ["type": "server_tool_use", "id": id, "name": "web_search", "input": ["query": String(query)]],
            ["type": "web_search_tool_result", "tool_use_id": id, "content": results],
        ]
    }

    static func envelope(_ call: AnthropicCall, content: [[String: Any]], stop: String, searches: Int) -> FakeResponse {
        let text = content.compactMap { $0["text"] as? String }.joined()
        let previous = call.assistantTurns * FakeAnthropic.tokensPerSearch
        let input =
            max(1, (call.system.count + call.userText.count) / 4) + call.imageTokens + searches * tokensPerSearch + previous
        var usage: [String: Any] = [
            "input_tokens": input, "output_tokens": max(1, text.count / 4) + searches * 20,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "service_tier": "standard",
        ]
        if call.usesWebSearch { usage["server_tool_use"] = ["web_search_requests": searches, "web_fetch_requests": 0] }
        return .json(
            [
                "id": "msg_01" + FixtureStory.stableID(call.request.body), "type": "message", "role": "assistant",
                "model": call.model, "content": content, "stop_reason": stop, "stop_sequence": NSNull(), "usage": usage,
            ], headers: ["request-id": "req_011CFakeAlbumscan"])
    }
}
