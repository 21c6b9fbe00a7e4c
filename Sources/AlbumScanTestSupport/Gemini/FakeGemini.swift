import Foundation

/// A loopback fake of Gemini's `POST /v1beta/models/{model}:generateContent` (WIRE §6.2).
///
/// The key comes in `x-goog-api-key` (or `?key=`); a wrong one gets the real 400 `API_KEY_INVALID`, none a 403.
/// Unknown fields are rejected as the proto parser does; so is `additionalProperties` in `responseSchema` (an OpenAPI
/// subset) and, for Gemini 2.x models, `google_search` together with a JSON response type. Image parts must be
/// `inline_data` with a mime type and base64 data. Usage counts the image in 768×768 tiles of 258 tokens.
package final class FakeGemini: Sendable {
    package typealias Responder = @Sendable (GeminiCall) -> FakeGeminiReply

    private struct State {
        var responder: Responder
        var calls: [GeminiCall] = []
    }

    package let server: LoopbackServer
    package let apiKey: String
    private let state: LockedValue<State>

    package init(apiKey: String = "AIzaSyFakeAlbumscanKey0123456789abcdefg", responder: @escaping Responder) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        self.apiKey = apiKey
        server = try LoopbackServer { request in FakeGemini.handle(request, apiKey: apiKey, state: state) }
    }

    /// `GEMINI_BASE_URL`: `http://127.0.0.1:PORT`.
    package var baseURL: String { server.baseURL }
    package var calls: [GeminiCall] { state.withLock { $0.calls } }
    package func respond(with responder: @escaping Responder) { state.withLock { $0.responder = responder } }
    package func stop() { server.stop() }

    static let topLevel: Set<String> = [
        "contents", "system_instruction", "systemInstruction", "tools", "generationConfig", "generation_config",
        "safetySettings", "toolConfig", "cachedContent",
    ]
    static let configFields: Set<String> = [
        "temperature", "maxOutputTokens", "responseMimeType", "responseSchema", "responseJsonSchema", "thinkingConfig", "topP",
        "topK", "candidateCount", "stopSequences", "seed",
    ]

    static func error(_ status: Int, _ code: String, _ message: String, details: [[String: Any]] = []) -> FakeResponse {
        var error: [String: Any] = ["code": status, "message": message, "status": code]
        if !details.isEmpty { error["details"] = details }
        return .json(["error": error], status: status)
    }

    private static func handle(_ request: FakeRequest, apiKey: String, state: LockedValue<State>) -> FakeResponse {
        let prefix = "/v1beta/models/", suffix = ":generateContent"
        guard request.method == "POST", request.path.hasPrefix(prefix), request.path.hasSuffix(suffix) else {
            return error(404, "NOT_FOUND", "Requested entity was not found.")
        }
        let model = String(request.path.dropFirst(prefix.count).dropLast(suffix.count))
        guard let key = request.header("x-goog-api-key") ?? request.query("key") else {
            return error(
                403, "PERMISSION_DENIED",
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
            )
        }
        guard key == apiKey else {
            return error(
                400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
                details: [
                    [
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                        "domain": "googleapis.com",
                        "metadata": ["service": "generativelanguage.googleapis.com"],
                    ]
                ])
        }
        guard let body = request.jsonObject else { return error(400, "INVALID_ARGUMENT", "Invalid JSON payload received.") }
        if let problem = problem(in: body, model: model) { return error(400, "INVALID_ARGUMENT", problem) }
        let call = GeminiCall(request: request, body: body, model: model)
        let responder = state.withLock { state -> Responder in
            state.calls.append(call)
            return state.responder
        }
        return response(responder(call), to: call)
    }

    package static func problem(in body: [String: Any], model: String) -> String? {
        if let unknown = body.keys.sorted().first(where: { !topLevel.contains($0) }) {
            return "Invalid JSON payload received. Unknown name \"\(unknown)\": Cannot find field."
        }
        guard let contents = body["contents"] as? [[String: Any]], !contents.isEmpty else {
            return "* GenerateContentRequest.contents: contents is not specified"
        }
        let config = body["generationConfig"] as? [String: Any] ?? [:]
        if let unknown = config.keys.sorted().first(where: { !configFields.contains($0) }) {
            return "Invalid JSON payload received. Unknown name \"\(unknown)\" at 'generation_config': Cannot find field."
        }
        if let schema = config["responseSchema"], containsKey("additionalProperties", in: schema) {
            return
                "Invalid JSON payload received. Unknown name \"additionalProperties\" at 'generation_config.response_schema': Cannot find field."
        }
        let searches = (body["tools"] as? [[String: Any]] ?? []).contains {
            $0["google_search"] != nil || $0["googleSearch"] != nil
        }
        if searches, config["responseMimeType"] as? String == "application/json", model.hasPrefix("gemini-2") {
            return "Tool use with a response mime type: 'application/json' is unsupported"
        }
        for content in contents {
            for part in content["parts"] as? [[String: Any]] ?? [] {
                guard let inline = (part["inline_data"] ?? part["inlineData"]) as? [String: Any] else { continue }
                guard let mime = (inline["mime_type"] ?? inline["mimeType"]) as? String, mime.hasPrefix("image/"),
                    let data = inline["data"] as? String, Data(base64Encoded: data) != nil
                else { return "Invalid value at 'contents[0].parts[0].inline_data': expected mime_type and base64 data" }
            }
        }
        return nil
    }

    static func containsKey(_ key: String, in value: Any) -> Bool {
        if let object = value as? [String: Any] {
            return object[key] != nil || object.values.contains { containsKey(key, in: $0) }
        }
        if let array = value as? [Any] { return array.contains { containsKey(key, in: $0) } }
        return false
    }

    static func response(_ reply: FakeGeminiReply, to call: GeminiCall) -> FakeResponse {
        switch reply {
        case .raw(let response): return response
        case .error(let status, let code, let message, let details): return error(status, code, message, details: details)
        case .blocked(let reason):
            return envelope(call, candidate: nil, blockReason: reason, text: "")
        case .finished(let reason, let text):
            return envelope(call, candidate: candidate(text, finish: reason), text: text)
        case .answer(let answer):
            var candidate = candidate(answer.text, finish: "STOP")
            if call.usesSearch {
                let chunks = answer.sources.enumerated().map { index, source in
                    [
                        "web": [
                            "uri": "https://vertexaisearch.cloud.google.com/grounding-api-redirect/"
                                + FixtureStory.stableID(Data(source.url.utf8), length: 40),
                            "title": URL(string: source.url)?.host ?? source.title,
                        ]
                    ] as [String: Any]
                }
                candidate["groundingMetadata"] =
                    [
                        "webSearchQueries": [String(call.userText.split(separator: "\n").first ?? "").prefix(80)].map(
                            String.init),
                        "searchEntryPoint": ["renderedContent": "<div class=\"container\">search suggestions</div>"],
                        "groundingChunks": chunks,
                        "groundingSupports": chunks.indices.map { index in
                            [
                                "segment": [
                                    "startIndex": 0, "endIndex": min(40, answer.text.count),
                                    "text": String(answer.text.prefix(40)),
                                ],
                                "groundingChunkIndices": [index],
                            ] as [String: Any]
                        },
                    ] as [String: Any]
            }
            return envelope(call, candidate: candidate, text: answer.text)
        }
    }

    static func candidate(_ text: String, finish: String) -> [String: Any] {
        ["content": ["parts": text.isEmpty ? [] : [["text": text]], "role": "model"], "finishReason": finish, "index": 0]
    }

    static func envelope(_ call: GeminiCall, candidate: [String: Any]?, blockReason: String? = nil, text: String) -> FakeResponse
    {
        let textTokens = max(1, (call.system.count + call.userText.count) / 4)
        let prompt = textTokens + call.imageTokens
        let output = text.isEmpty ? 0 : max(1, text.count / 4)
        var details: [[String: Any]] = [["modality": "TEXT", "tokenCount": textTokens]]
        if call.imageTokens > 0 { details.append(["modality": "IMAGE", "tokenCount": call.imageTokens]) }
        var body: [String: Any] = [
            "usageMetadata": [
                "promptTokenCount": prompt, "candidatesTokenCount": output, "totalTokenCount": prompt + output,
                "promptTokensDetails": details,
            ] as [String: Any],
            "modelVersion": call.model, "responseId": FixtureStory.stableID(call.request.body, length: 22),
        ]
        if let candidate { body["candidates"] = [candidate] }
        if let blockReason { body["promptFeedback"] = ["blockReason": blockReason] }
        return .json(body)
    }
}
