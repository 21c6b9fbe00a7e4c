import Foundation

/// A loopback fake of OpenAI's `POST /v1/chat/completions`, enforcing the WIRE §5 rules.
///
/// Give the client `baseURL` (ends in `/v1`) and `apiKey`. Requests with the wrong key get the
/// sample 401; search-preview models with sampling parameters and other models with
/// `web_search_options` get the sample 400s; everything else goes to the responder.
package final class FakeOpenAI: Sendable {
    /// Answers a chat call that passed the fake's checks.
    package typealias Responder = @Sendable (ChatCall) -> FakeChatReply

    private struct State {
        var responder: Responder
        var calls: [ChatCall] = []
        var unexpected: [FakeRequest] = []
    }

    /// The server underneath, for its request log, latency and stop.
    package let server: LoopbackServer
    /// The bearer token requests must carry.
    package let apiKey: String
    private let state: LockedValue<State>

    /// Starts the fake; `responder` answers every accepted chat call.
    package init(apiKey: String = "sk-test-fakekey", responder: @escaping Responder) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        self.apiKey = apiKey
        server = try LoopbackServer { request in
            FakeOpenAI.handle(request, apiKey: apiKey, state: state)
        }
    }

    /// The base URL for the client, `http://127.0.0.1:PORT/v1`.
    package var baseURL: String { server.baseURL + "/v1" }

    /// Every chat call handed to the responder, in order.
    package var calls: [ChatCall] { state.withLock { $0.calls } }

    /// Requests to paths other than `POST /v1/chat/completions`.
    package var unexpectedRequests: [FakeRequest] { state.withLock { $0.unexpected } }

    /// Replaces the responder for later calls.
    package func respond(with responder: @escaping Responder) {
        state.withLock { $0.responder = responder }
    }

    /// Stops the server.
    package func stop() {
        server.stop()
    }

    private static let samplingParameters = ["temperature", "top_p", "frequency_penalty", "presence_penalty"]

    private static func handle(_ request: FakeRequest, apiKey: String, state: LockedValue<State>) -> FakeResponse {
        guard request.method == "POST", request.path == "/v1/chat/completions" else {
            state.withLock { $0.unexpected.append(request) }
            return OpenAIErrorBody.invalidURL(request)
        }
        let authorization = request.header("Authorization") ?? ""
        let sentKey = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : authorization
        guard authorization == "Bearer \(apiKey)" else { return OpenAIErrorBody.invalidAPIKey(sent: sentKey) }
        guard let body = request.jsonObject else {
            return OpenAIErrorBody.badBody("We could not parse the JSON body of your request.")
        }
        guard let model = body["model"] as? String, !model.isEmpty else {
            return OpenAIErrorBody.badBody("you must provide a model parameter")
        }
        guard let messages = body["messages"] as? [Any], !messages.isEmpty else {
            return OpenAIErrorBody.badBody("messages must be a non-empty array")
        }
        if model.contains("search-preview") {
            let supplied = samplingParameters.filter { name in body[name].map { !($0 is NSNull) } ?? false }
            if !supplied.isEmpty { return OpenAIErrorBody.incompatibleArguments(supplied) }
        } else if body["web_search_options"] != nil {
            return OpenAIErrorBody.webSearchNotSupported
        }
        let call = ChatCall(request: request)
        let responder = state.withLock { state -> Responder in
            state.calls.append(call)
            return state.responder
        }
        return responder(call).response(for: call)
    }
}
