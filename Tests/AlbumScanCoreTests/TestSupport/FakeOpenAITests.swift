import AlbumScanTestSupport
import Foundation
import Testing

extension TestSupportTests {
    @Suite struct FakeOpenAITests {
        private let key = "sk-test-fakekey"

        private func post(_ fake: FakeOpenAI, _ body: [String: Any], key: String? = nil) throws -> RawHTTPResponse {
            let data = try JSONSerialization.data(withJSONObject: body)
            var headers = ["Content-Type": "application/json"]
            headers["Authorization"] = "Bearer \(key ?? self.key)"
            return try RawHTTP.fetch(fake.baseURL + "/chat/completions", method: "POST", headers: headers, body: data)
        }

        private func error(_ response: RawHTTPResponse) -> [String: Any] {
            response.json?["error"] as? [String: Any] ?? [:]
        }

        private let userMessage: [String: Any] = ["role": "user", "content": "Which album?"]

        @Test func rejectsAWrongKeyWithTheSample401() throws {
            let fake = try FakeOpenAI(apiKey: key) { call in
                Issue.record("unexpected \(call)"); return .serverError
            }
            defer { fake.stop() }
            let response = try post(fake, ["model": "gpt-4o", "messages": [userMessage]], key: "sk-wrong-key-123456789")
            #expect(response.status == 401)
            #expect(error(response)["code"] as? String == "invalid_api_key")
            #expect(error(response)["type"] as? String == "invalid_request_error")
            #expect(error(response)["param"] is NSNull)
            #expect((error(response)["message"] as? String)?.hasPrefix("Incorrect API key provided: sk-wrong") == true)
            #expect(fake.calls.isEmpty)
        }

        @Test(arguments: [
            (["temperature"], "Model incompatible request argument supplied: temperature"),
            (
                ["top_p", "temperature", "presence_penalty", "frequency_penalty"],
                "Model incompatible request arguments supplied: frequency_penalty, presence_penalty, temperature, top_p"
            ),
        ])
        func rejectsSamplingParametersOnSearchModels(parameters: [String], message: String) throws {
            let fake = try FakeOpenAI(apiKey: key) { _ in .content("unused") }
            defer { fake.stop() }
            var body: [String: Any] = ["model": "gpt-4o-search-preview", "messages": [userMessage]]
            for name in parameters { body[name] = 0.5 }
            let response = try post(fake, body)
            #expect(response.status == 400)
            #expect(error(response)["message"] as? String == message)
            #expect(error(response)["code"] is NSNull)
        }

        @Test func rejectsWebSearchOptionsOnPlainModels() throws {
            let fake = try FakeOpenAI(apiKey: key) { _ in .content("unused") }
            defer { fake.stop() }
            let response = try post(fake, ["model": "gpt-4o", "messages": [userMessage], "web_search_options": [:]])
            #expect(response.status == 400)
            #expect(error(response)["message"] as? String == "Web search options not supported with this model.")
            #expect(error(response)["param"] as? String == "web_search_options")
        }

        @Test func answersSearchModelsWithCitations() throws {
            let citation = FakeCitation(title: "Page", url: "https://example.org/?utm_source=openai", start: 4, end: 9)
            let fake = try FakeOpenAI(apiKey: key) { call in
                #expect(call.usesWebSearch && call.isSearchModel)
                return .content("See (page).", annotations: [citation])
            }
            defer { fake.stop() }
            let response = try post(
                fake,
                [
                    "model": "gpt-4o-search-preview", "messages": [userMessage],
                    "web_search_options": ["search_context_size": "low"],
                ])
            let json = try #require(response.json)
            #expect(json["model"] as? String == "gpt-4o-search-preview-2025-03-11")
            #expect(json["system_fingerprint"] as? String == "")
            let choice = try #require((json["choices"] as? [[String: Any]])?.first)
            #expect(choice["logprobs"] == nil)
            let message = try #require(choice["message"] as? [String: Any])
            let annotation = try #require((message["annotations"] as? [[String: Any]])?.first)
            #expect(annotation["type"] as? String == "url_citation")
            let inner = try #require(annotation["url_citation"] as? [String: Any])
            #expect(inner["start_index"] as? Int == 4 && inner["end_index"] as? Int == 9)
        }

        @Test func handsTheResponderAParsedVisionCall() throws {
            let fake = try FakeOpenAI(apiKey: key) { _ in .json(["status": "identified", "album": "X"]) }
            defer { fake.stop() }
            let response = try post(
                fake,
                [
                    "model": "gpt-4o", "temperature": 0.2,
                    "response_format": ["type": "json_schema", "json_schema": ["name": "album_guess", "schema": [:]]],
                    "messages": [
                        ["role": "system", "content": "You identify covers."],
                        [
                            "role": "user",
                            "content": [
                                ["type": "text", "text": "Identify this album."],
                                ["type": "image_url", "image_url": ["url": "data:image/jpeg;base64,/9j/", "detail": "high"]],
                            ],
                        ],
                    ],
                ])
            #expect(response.status == 200)
            let call = try #require(fake.calls.first)
            #expect(call.hasImage && call.imageDataURL == "data:image/jpeg;base64,/9j/" && call.imageDetail == "high")
            #expect(call.responseFormatName == "album_guess" && call.responseFormatType == "json_schema")
            #expect(call.systemText == "You identify covers." && call.userText == "Identify this album.")
            #expect(!call.usesWebSearch && call.body["temperature"] as? Double == 0.2)
            let json = try #require(response.json)
            #expect(json["object"] as? String == "chat.completion" && json["model"] as? String == "gpt-4o-2024-08-06")
            #expect((json["id"] as? String)?.hasPrefix("chatcmpl-") == true && json["created"] is Int)
            let choice = try #require((json["choices"] as? [[String: Any]])?.first)
            #expect(choice["logprobs"] is NSNull && choice["finish_reason"] as? String == "stop")
            let message = try #require(choice["message"] as? [String: Any])
            let content = try #require(message["content"] as? String)
            #expect(content == #"{"album":"X","status":"identified"}"#)
            #expect(message["refusal"] is NSNull && (message["annotations"] as? [Any])?.isEmpty == true)
            let usage = try #require(json["usage"] as? [String: Any])
            #expect(usage["completion_tokens_details"] is [String: Any] && usage["total_tokens"] is Int)
        }

        @Test func rendersRefusalsTruncationAndErrors() throws {
            let fake = try FakeOpenAI(apiKey: key) { call in
                switch call.userText {
                case "refuse": return .refusal("I'm very sorry, but I can't assist with that.")
                case "truncate": return .truncated("{\"")
                case "limit": return .rateLimited(retryAfter: 7)
                case "quota": return .insufficientQuota
                default: return .serverError
                }
            }
            defer { fake.stop() }
            func ask(_ text: String) throws -> RawHTTPResponse {
                try post(fake, ["model": "gpt-4o", "messages": [["role": "user", "content": text]]])
            }
            func message(_ response: RawHTTPResponse) -> [String: Any]? {
                ((response.json?["choices"] as? [[String: Any]])?.first?["message"]) as? [String: Any]
            }
            let refusal = try ask("refuse")
            #expect(message(refusal)?["content"] is NSNull)
            #expect(message(refusal)?["refusal"] as? String == "I'm very sorry, but I can't assist with that.")
            let truncated = try ask("truncate")
            #expect((truncated.json?["choices"] as? [[String: Any]])?.first?["finish_reason"] as? String == "length")
            let limited = try ask("limit")
            #expect(limited.status == 429 && limited.header("Retry-After") == "7")
            #expect(error(limited)["code"] as? String == "rate_limit_exceeded")
            let quota = try ask("quota")
            #expect(quota.status == 429 && quota.header("Retry-After") == nil)
            #expect(error(quota)["code"] as? String == "insufficient_quota")
            let failed = try ask("boom")
            #expect(failed.status == 500 && error(failed)["type"] as? String == "server_error")
        }

        @Test func reportsUnexpectedPathsLoudly() throws {
            let fake = try FakeOpenAI(apiKey: key) { _ in .content("unused") }
            defer { fake.stop() }
            let response = try RawHTTP.fetch(fake.baseURL + "/models")
            #expect(response.status == 404)
            #expect(fake.unexpectedRequests.map(\.path) == ["/v1/models"])
        }
    }
}
