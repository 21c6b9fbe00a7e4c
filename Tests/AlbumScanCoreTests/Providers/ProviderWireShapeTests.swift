import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The requests each fake received match the provider's documented shape, and the fakes do reject what the real
/// services reject (so the scans passing through them means something).
@Suite struct ProviderWireShapeTests {
    @Test func anthropicRequestsCarryTheHeadersAndDocumentedBlocks() async throws {
        let (result, services, test) = try await ProviderScanTests.scan(
            "02", provider: .anthropic, tier: .ultra, advancedSearch: true)
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified)
        let calls = try #require(services.anthropic?.calls)
        for call in calls {
            #expect(call.request.header("x-api-key") == services.anthropic?.apiKey)
            #expect(call.request.header("anthropic-version") == "2023-06-01")
            #expect(call.request.header("authorization") == nil)
            #expect(!(call.structured && call.usesWebSearch), "structured output is never combined with web search")
        }
        let identify = try #require(calls.first)
        let content = (identify.body["messages"] as? [[String: Any]])?.first?["content"] as? [[String: Any]] ?? []
        let source = content.first?["source"] as? [String: Any] ?? [:]
        #expect(content.first?["type"] as? String == "image")
        #expect(source["type"] as? String == "base64" && source["media_type"] as? String == "image/jpeg")
        #expect((source["data"] as? String)?.hasPrefix("data:") == false)
        #expect(identify.structured && (identify.body["output_config"] as? [String: Any]) != nil)
        let size = try #require(identify.image.flatMap(FixtureStory.jpegSize))
        #expect(max(size.width, size.height) <= 1568 && size.width * size.height <= 1_150_000)
        #expect(
            calls.contains {
                $0.usesWebSearch && ($0.body["tools"] as? [[String: Any]])?.first?["type"] as? String == "web_search_20250305"
            })
    }

    @Test func geminiRequestsUseTheHeaderKeyInlineDataAndAnOpenAPISchema() async throws {
        let (result, services, test) = try await ProviderScanTests.scan(
            "02", provider: .gemini, tier: .ultra, advancedSearch: true)
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified)
        let calls = try #require(services.gemini?.calls)
        for call in calls {
            #expect(call.request.header("x-goog-api-key") == services.gemini?.apiKey)
            #expect(call.request.query("key") == nil, "the key never goes in the URL")
            #expect(!(call.structured && call.usesSearch))
            #expect(call.model == "gemini-2.5-flash")
        }
        let identify = try #require(calls.first)
        let part = ((identify.body["contents"] as? [[String: Any]])?.first?["parts"] as? [[String: Any]])?.first
        #expect((part?["inline_data"] as? [String: Any])?["mime_type"] as? String == "image/jpeg")
        let schema = (identify.body["generationConfig"] as? [String: Any])?["responseSchema"] as? [String: Any]
        #expect(schema?["type"] as? String == "OBJECT" && schema?["additionalProperties"] == nil)
        let size = try #require(identify.image.flatMap(FixtureStory.jpegSize))
        #expect(max(size.width, size.height) <= 768)
    }

    @Test func localRequestsSendMaxTokensAndNothingOllamaIgnores() async throws {
        let (result, services, test) = try await ProviderScanTests.scan("01", provider: .openAICompatible)
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified)
        let local = try #require(services.local)
        #expect(local.ignoredFields.isEmpty, "\(local.ignoredFields)")
        #expect(local.calls.allSatisfy { $0.body["max_tokens"] is Int && $0.body["max_completion_tokens"] == nil })
        #expect(local.calls.allSatisfy { $0.request.header("authorization") == nil })
        let size = try #require(
            local.calls.first?.imageDataURL.flatMap { url in
                Data(base64Encoded: String(url.split(separator: ",").last ?? "")).flatMap(FixtureStory.jpegSize)
            })
        #expect(max(size.width, size.height) <= 768)
    }

    @Test func aTextOnlyLocalModelIsAConfigurationErrorNamingIt() async throws {
        let services = try FixtureWorld.start(provider: .openAICompatible)
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { $0.visionModel = "llama3.1:8b" }
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("01", in: test.environment.home))
        #expect(result.error?.code == "configuration")
        #expect(result.error?.message.contains("llama3.1:8b") == true)
        #expect(result.error?.message.contains("does not take images") == true)
        #expect(services.local?.server.requests.count == 1)
    }

    @Test func theFakesRejectWhatTheServicesReject() {
        #expect(
            FakeAnthropic.problem(in: [
                "model": "m", "max_tokens": 10, "messages": [["role": "user", "content": []]], "response_format": [:],
            ]) != nil)
        #expect(
            FakeAnthropic.problem(in: ["model": "m", "messages": [["role": "user", "content": []]]])
                == "max_tokens: Field required")
        #expect(FakeAnthropic.schemaFlaw(["type": "object", "properties": [:]]) != nil)
        let search: [String: Any] = [
            "model": "m", "max_tokens": 10, "messages": [["role": "user", "content": []]],
            "tools": [["type": "web_search_20250305", "name": "web_search"]],
            "output_config": ["format": ["type": "json_schema", "schema": ["type": "object", "additionalProperties": false]]],
        ]
        #expect(FakeAnthropic.problem(in: search) != nil)
        let image: [String: Any] = [
            "model": "m", "max_tokens": 10,
            "messages": [
                [
                    "role": "user",
                    "content": [
                        [
                            "type": "image",
                            "source": ["type": "base64", "media_type": "image/jpeg", "data": "data:image/jpeg;base64,AAAA"],
                        ]
                    ],
                ]
            ],
        ]
        #expect(FakeAnthropic.problem(in: image) != nil)
        let grounded: [String: Any] = [
            "contents": [["parts": [["text": "x"]]]], "tools": [["google_search": [:]]],
            "generationConfig": ["responseMimeType": "application/json"],
        ]
        #expect(FakeGemini.problem(in: grounded, model: "gemini-2.5-flash") != nil)
        #expect(FakeGemini.problem(in: grounded, model: "gemini-3-flash") == nil)
        #expect(
            FakeGemini.problem(
                in: [
                    "contents": [["parts": [["text": "x"]]]],
                    "generationConfig": ["responseSchema": ["additionalProperties": false]],
                ], model: "g") != nil)
        #expect(
            FakeGemini.problem(in: ["contents": [["parts": [["text": "x"]]]], "generationConfig": ["max_tokens": 5]], model: "g")
                != nil)
    }

    /// Image tokens per provider for the uploads the budgets produce (a 4:3 phone photo and a square cover).
    @Test func imageBudgetsAndTheirTokenCosts() {
        let photo = ImageLimits()
        for (provider, side, tokens) in [
            (ProviderKind.openai, 1024, 765), (.anthropic, 1238, 1_530), (.gemini, 768, 258),
        ] {
            let limits = ImageBudget.limits(photo, provider: provider, localSide: 768)
            let bounds = ResizeBounds(
                maxLongSide: limits.uploadMaxSide, maxShortSide: limits.uploadMaxShortSide, maxArea: limits.uploadMaxArea)
            let fitted = ResizePlan.fitSize(width: 4032, height: 3024, bounds: bounds)
            #expect(fitted.width == side, "\(provider) \(fitted)")
            #expect(ImageBudget.tokens(width: fitted.width, height: fitted.height, provider: provider) == tokens, "\(provider)")
        }
        #expect(ImageBudget.limits(photo, provider: .openAICompatible, localSide: 512).uploadMaxSide == 512)
        #expect(ImageBudget.tokens(width: 300, height: 300, provider: .gemini) == 258)
        #expect(ImageBudget.tokens(width: 1000, height: 1000, provider: .gemini) == 1_032)
        #expect(ImageBudget.tokens(width: 100, height: 100, provider: .openAICompatible) == nil)
    }
}
