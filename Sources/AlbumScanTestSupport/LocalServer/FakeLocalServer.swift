import Foundation

/// A loopback fake of a local OpenAI-compatible server, playing Ollama's quirks (WIRE §6.3):
///
/// - no key needed (any `Authorization` is accepted);
/// - `max_completion_tokens` is ignored, `max_tokens` is honoured (replies longer than it stop with `length`);
/// - unknown fields (`web_search_options`, …) are ignored silently, and listed in `ignoredFields` for tests;
/// - images only as `data:` URLs of jpeg, png or webp; a text-only model answers an image with 400
///   "this model does not support image input"; an unknown model gets 404 "model … not found, try pulling it first";
/// - the reply has no `refusal` field, `system_fingerprint` `fp_ollama`, and echoes the model name as given.
package final class FakeLocalServer: Sendable {
    package typealias Responder = @Sendable (ChatCall) -> FakeLocalReply

    private struct State {
        var responder: Responder
        var calls: [ChatCall] = []
        var ignored: [String] = []
    }

    package let server: LoopbackServer
    private let state: LockedValue<State>
    /// Models that take images.
    package static let visionModels: Set<String> = ["qwen2.5vl:7b", "gemma3:4b", "llava:7b"]
    /// Models that take text only.
    package static let textModels: Set<String> = ["llama3.1:8b", "qwen3:8b"]
    static let knownFields: Set<String> = [
        "model", "messages", "response_format", "max_tokens", "temperature", "top_p", "stream", "stop", "seed",
        "frequency_penalty", "presence_penalty", "tools",
    ]

    package init(responder: @escaping Responder) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        server = try LoopbackServer { request in FakeLocalServer.handle(request, state: state) }
    }

    /// `OPENAI_BASE_URL`: `http://127.0.0.1:PORT/v1`.
    package var baseURL: String { server.baseURL + "/v1" }
    package var calls: [ChatCall] { state.withLock { $0.calls } }
    /// Request fields the server ignored, in order of arrival.
    package var ignoredFields: [String] { state.withLock { $0.ignored } }
    package func respond(with responder: @escaping Responder) { state.withLock { $0.responder = responder } }
    package func stop() { server.stop() }

    static func error(_ status: Int, _ message: String, type: String = "invalid_request_error") -> FakeResponse {
        .json(["error": ["message": message, "type": type, "param": NSNull(), "code": NSNull()]], status: status)
    }

    private static func handle(_ request: FakeRequest, state: LockedValue<State>) -> FakeResponse {
        guard request.method == "POST", request.path == "/v1/chat/completions" else {
            return .text("404 page not found", status: 404)
        }
        guard let body = request.jsonObject, let model = body["model"] as? String else { return error(400, "invalid request") }
        guard visionModels.contains(model) || textModels.contains(model) else {
            return error(404, "model \"\(model)\" not found, try pulling it first", type: "api_error")
        }
        let call = ChatCall(request: request)
        if call.hasImage {
            guard visionModels.contains(model) else { return error(400, "this model does not support image input") }
            let url = call.imageDataURL ?? ""
            let types = ["data:image/jpeg;base64,", "data:image/png;base64,", "data:image/webp;base64,"]
            guard types.contains(where: url.hasPrefix) else { return error(400, "invalid image input") }
        }
        let responder = state.withLock { state -> Responder in
            state.calls.append(call)
            state.ignored += body.keys.sorted().filter { !knownFields.contains($0) }
            return state.responder
        }
        return response(responder(call), to: call, maxTokens: body["max_tokens"] as? Int)
    }

    static func response(_ reply: FakeLocalReply, to call: ChatCall, maxTokens: Int?) -> FakeResponse {
        switch reply {
        case .raw(let response): return response
        case .error(let status, let message): return error(status, message)
        case .answer(let text):
            var content = text
            var finish = "stop"
            // Ollama counts about four characters a token here; past max_tokens the reply stops.
            if let maxTokens, content.count / 4 > maxTokens {
                content = String(content.prefix(maxTokens * 4))
                finish = "length"
            }
            let prompt = max(1, (call.systemText.count + call.userText.count) / 4) + imageTokens(call)
            let completion = max(1, content.count / 4)
            return .json([
                "id":
                    "chatcmpl-\(FixtureStory.stableID(call.request.body, length: 3).unicodeScalars.map { String($0.value % 10) }.joined())",
                "object": "chat.completion", "created": 1_763_000_000, "model": call.model, "system_fingerprint": "fp_ollama",
                "choices": [
                    ["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": finish] as [String: Any]
                ],
                "usage": ["prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion],
            ])
        }
    }

    /// Qwen2.5-VL's count: one token per 28×28 patch.
    static func imageTokens(_ call: ChatCall) -> Int {
        guard let url = call.imageDataURL, let comma = url.firstIndex(of: ","),
            let data = Data(base64Encoded: String(url[url.index(after: comma)...])), let size = FixtureStory.jpegSize(data)
        else { return 0 }
        return ((size.width + 27) / 28) * ((size.height + 27) / 28)
    }
}

/// What `FakeLocalServer` answers a call with.
package enum FakeLocalReply: Sendable {
    case answer(String)
    case error(status: Int, message: String)
    case raw(FakeResponse)
}
