import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Each provider against its fake, in-process: identification, search, reviews with sources, and the failures.
@Suite struct ProviderScanTests {
    static let providers: [ProviderKind] = [.anthropic, .gemini, .openAICompatible]

    /// Scans the fixture cover `prefix` with `provider`, on `tier` (Ultra with advanced search when `ultra`).
    static func scan(
        _ prefix: String, provider: ProviderKind, tier: Tier = .free, advancedSearch: Bool = false,
        script: ((FakeServices) -> Void)? = nil
    ) async throws -> (ScanResult, FakeServices, TestEnvironment) {
        let services = try FixtureWorld.start(provider: provider)
        script?(services)
        let test = try TestEnvironment(services: services)
        try test.environment.keyring.setTier(tier)
        if advancedSearch { try test.environment.keyring.setAdvancedSearch(true) }
        let cover = try FixtureScans.cover(prefix, in: test.environment.home)
        let result = await ScanPipeline(environment: test.environment).scan(cover)
        return (result, services, test)
    }

    @Test(arguments: providers)
    func anIdentifiedScanHasArtworkAndAReview(provider: ProviderKind) async throws {
        let (result, services, test) = try await Self.scan("01", provider: provider)
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified, "\(String(describing: result.error))")
        #expect(result.album?.title == "Signal Bloom")
        #expect(result.identification?.calls == 1 && result.identification?.searchGate == .notNeeded)
        #expect(result.review?.status == .generated)
        #expect(result.review?.review?.sources == [])
        #expect(services.openAI.calls.isEmpty, "nothing may reach OpenAI")
        #expect(test.transport.unexpected.isEmpty)
        let usage = try await test.environment.store().usage(since: .distantPast)
        #expect(usage.allSatisfy { $0.provider == provider }, "\(usage)")
        #expect(usage.contains { $0.imageTokens > 0 } == (provider != .openAICompatible), "\(usage)")
    }

    @Test(arguments: providers)
    func aSearchNeededScanSearchesWhereTheProviderCan(provider: ProviderKind) async throws {
        let (result, services, test) = try await Self.scan("03", provider: provider)
        defer { services.stop(); test.remove() }
        if provider.searchesWeb {
            #expect(result.status == .identified, "\(String(describing: result.error))")
            #expect(result.identification?.calls == 2 && result.identification?.searchGate == .passed)
            #expect(result.album?.artist == "Mira Solenne")
        } else {
            #expect(result.status == .unidentified)
            #expect(result.identification?.calls == 1 && result.identification?.searchGate == .unavailable)
            #expect(services.local?.calls.count == 1)
        }
    }

    @Test(arguments: providers)
    func theUltraReviewCitesItsSourcesOrFallsBack(provider: ProviderKind) async throws {
        let (result, services, test) = try await Self.scan("02", provider: provider, tier: .ultra, advancedSearch: true)
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified, "\(String(describing: result.error))")
        #expect(result.review?.status == .generated)
        let sources = result.review?.review?.sources ?? []
        switch provider {
        case .anthropic:
            #expect(
                sources.map(\.url) == [
                    "https://pitchfork.com/reviews/albums/02-harbour-lights/", "https://www.allmusic.com/album/02-harbour-lights",
                ])
        case .gemini:
            #expect(sources.count == 2)
            #expect(sources.allSatisfy { $0.url.hasPrefix("https://vertexaisearch.cloud.google.com/grounding-api-redirect/") })
            #expect(sources.map(\.title) == ["pitchfork.com", "www.allmusic.com"])
        default:
            #expect(sources.isEmpty)
            #expect(
                result.diagnostics == [
                    ScanDiagnostic(
                        .review, .webSearchUnavailable,
                        "the OpenAI-compatible server has no web search; Ultra's advanced-search review falls back to the standard review")
                ])
        }
    }

    /// A failing model call, after the provider's retries, and the error the scan ends with.
    enum Fault: String, CaseIterable, Sendable { case badKey, rateLimitedThenFine, serverErrors, overloaded, refusal, truncated }

    static func inject(_ fault: Fault, into services: FakeServices) {
        let failures = LockedValue(0)
        @Sendable func once<T>(_ failing: T, else fine: T) -> T {
            failures.withLock { count -> T in
                count += 1
                return count == 1 ? failing : fine
            }
        }
        if let anthropic = services.anthropic {
            anthropic.respond { call in
                let fine = FixtureWorld.anthropicReply(call)
                switch fault {
                case .badKey: return .error(status: 401, type: "authentication_error", message: "invalid x-api-key")
                case .rateLimitedThenFine: return once(.rateLimited(retryAfter: 2), else: fine)
                case .serverErrors: return .serverError
                case .overloaded: return .overloaded
                case .refusal: return .refusal
                case .truncated: return .truncated("{\"status\": \"identi")
                }
            }
        }
        if let gemini = services.gemini {
            gemini.respond { call in
                let fine = FixtureWorld.geminiReply(call)
                switch fault {
                case .badKey:
                    return .error(
                        status: 400, code: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key.",
                        details: [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]])
                case .rateLimitedThenFine: return once(.rateLimited(retryDelay: 2), else: fine)
                case .serverErrors: return .serverError
                case .overloaded: return .overloaded
                case .refusal: return .finished("SAFETY", text: "")
                case .truncated: return .finished("MAX_TOKENS", text: "{\"status\": \"identi")
                }
            }
        }
        if let local = services.local {
            local.respond { call in
                let fine = FixtureWorld.localReply(call)
                switch fault {
                case .badKey: return .error(status: 401, message: "unauthorized")
                case .rateLimitedThenFine:
                    return once(
                        .raw(.json(["error": ["message": "busy"]], status: 429, headers: ["Retry-After": "2"])), else: fine)
                case .serverErrors: return .error(status: 502, message: "bad gateway")
                case .overloaded:
                    return .error(status: 503, message: "server busy, please try again.  maximum pending requests exceeded")
                case .refusal: return .answer("I can't help with identifying that.")
                case .truncated: return .answer(String(repeating: "x", count: 4_000))
                }
            }
        }
    }

    static let faultCases: [(ProviderKind, Fault)] = providers.flatMap { provider in Fault.allCases.map { (provider, $0) } }

    @Test(arguments: faultCases)
    func failuresEndWithTheDocumentedOutcome(provider: ProviderKind, fault: Fault) async throws {
        let (result, services, test) = try await Self.scan("01", provider: provider) { Self.inject(fault, into: $0) }
        defer { services.stop(); test.remove() }
        let attempts = services.modelServer.requests.count
        switch fault {
        case .badKey:
            #expect(result.error?.code == "configuration", "\(String(describing: result.error))")
            let variable =
                provider == .anthropic ? "ANTHROPIC_API_KEY" : provider == .gemini ? "GEMINI_API_KEY" : "OPENAI_API_KEY"
            #expect(result.error?.message.contains(variable) == true, "\(String(describing: result.error))")
            #expect(attempts == 1, "a rejected key is not retried")
        case .rateLimitedThenFine:
            #expect(result.status == .identified, "\(String(describing: result.error))")
        case .serverErrors, .overloaded:
            #expect(result.error?.code == "service-failed", "\(String(describing: result.error))")
            #expect(attempts == 3, "two retries")
        case .refusal, .truncated:
            #expect(result.status == .unidentified, "\(String(describing: result.error))")
            #expect(attempts == 2, "one retry of an unusable reply")
        }
    }

    /// A spend-limit 429 (no retry-after) is not retried; a rate-limit 429 that persists ends as rate limited.
    @Test func anthropicSpendLimitIsNotRetried() async throws {
        let (result, services, test) = try await Self.scan("01", provider: .anthropic) {
            $0.anthropic?.respond { _ in .spendLimit }
        }
        defer { services.stop(); test.remove() }
        #expect(result.error?.code == "service-failed")
        #expect(result.error?.message.contains("spend or usage limit") == true)
        #expect(services.modelServer.requests.count == 1)
        let (limited, again, second) = try await Self.scan("01", provider: .anthropic) {
            $0.anthropic?.respond { _ in .rateLimited(retryAfter: 1) }
        }
        defer { again.stop(); second.remove() }
        #expect(limited.error?.code == "rate-limited")
        #expect(again.modelServer.requests.count == 3)
    }

    /// Anthropic's long server-tool turn is continued with the assistant content sent back.
    @Test func anthropicPauseTurnIsContinued() async throws {
        let (result, services, test) = try await Self.scan("03", provider: .anthropic) { services in
            services.anthropic?.respond { call in
                call.usesWebSearch && call.assistantTurns == 0 ? .pauseTurn : FixtureWorld.anthropicReply(call)
            }
        }
        defer { services.stop(); test.remove() }
        #expect(result.status == .identified, "\(String(describing: result.error))")
        let search = services.anthropic?.calls.filter(\.usesWebSearch) ?? []
        #expect(search.map(\.assistantTurns) == [0, 1])
    }

    /// Search prose without a JSON object gets one structured call restating it; the citations stay.
    @Test(arguments: [ProviderKind.anthropic, .gemini])
    func proseFromASearchIsRestatedUnderTheSchema(provider: ProviderKind) async throws {
        let prose = FixtureStory.Answer.cited(
            "It is Tide Tables by Harbour Lights, a warm folk-rock record.",
            sources: [("Tide Tables - AllMusic", "https://www.allmusic.com/album/tide-tables")])
        let (result, services, test) = try await Self.scan("02", provider: provider, tier: .ultra, advancedSearch: true) {
            services in
            services.anthropic?.respond { call in
                call.usesWebSearch ? .answer(prose) : FixtureWorld.anthropicReply(call)
            }
            services.gemini?.respond { call in
                call.usesSearch ? .answer(prose) : FixtureWorld.geminiReply(call)
            }
        }
        defer { services.stop(); test.remove() }
        #expect(result.review?.status == .generated, "\(String(describing: result.review?.reason))")
        #expect(result.review?.review?.sources.count == 1)
        let structuredAfterSearch =
            provider == .anthropic
            ? services.anthropic?.calls.last.map { $0.structured && !$0.usesWebSearch }
            : services.gemini?.calls.last.map { $0.structured && !$0.usesSearch }
        #expect(structuredAfterSearch == true)
    }
}
