import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Provider selection, missing keys, replay of the bundled recordings, and keys kept out of everything written.
@Suite struct ProviderCLITests {
    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    @Test(arguments: [("anthropic", "ANTHROPIC_API_KEY"), ("gemini", "GEMINI_API_KEY")])
    func aMissingKeyIsExit78NamingTheVariable(provider: String, variable: String) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let cover = Self.fixtures.appendingPathComponent("covers/01-velvet-circuit.jpg").path
        let output = try await runner.run(["scan", cover], extraEnvironment: ["ALBUMSCAN_PROVIDER": provider])
        #expect(output.status == 78)
        #expect(output.stderr.contains("\(variable) is not set"), "\(output.stderr)")
        let flagged = try await runner.run(["scan", cover, "--provider", provider])
        #expect(flagged.status == 78 && flagged.stderr.contains(variable))
    }

    @Test func anUnknownProviderIsNamedWhereItWasSet() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let cover = Self.fixtures.appendingPathComponent("covers/01-velvet-circuit.jpg").path
        let variable = try await runner.run(["scan", cover], extraEnvironment: ["ALBUMSCAN_PROVIDER": "mistral"])
        #expect(variable.status == 78)
        #expect(
            variable.stderr.contains("ALBUMSCAN_PROVIDER must be openai, anthropic, gemini or openai-compatible, not mistral"))
        let flag = try await runner.run(["scan", cover, "--provider", "mistral"])
        #expect(flag.status == 64)
    }

    /// The bundled recordings replay for every provider with no key and no network.
    @Test(arguments: ["anthropic", "gemini", "openai-compatible"])
    func theBundledRecordingsReplay(provider: String) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        _ = try await runner.run(["account", "set-tier", "ultra"])
        _ = try await runner.run(["account", "advanced-search", "on"])
        let covers = ["01-velvet-circuit", "03-mira-solenne"].map {
            Self.fixtures.appendingPathComponent("covers/\($0).jpg").path
        }
        let output = try await runner.run(
            ["scan"] + covers + [
                "--provider", provider, "--replay", Self.fixtures.appendingPathComponent("recordings").path, "--json",
            ])
        let lines = output.jsonLines
        #expect(lines.count == 2, "\(output.stderr)")
        #expect(lines.first?["status"] as? String == "identified")
        let second = lines.last?["identification"] as? [String: Any]
        if provider == "openai-compatible" {
            #expect(output.status == 1)
            #expect(second?["searchGate"] as? String == "unavailable")
            #expect(output.stderr.contains("notice: the OpenAI-compatible server has no web search"))
        } else {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(second?["calls"] as? Int == 2)
            let sources = (lines.first?["review"] as? [String: Any])?["sources"] as? [Any]
            #expect(sources?.count == 2)
        }
    }

    /// No provider's key appears in stdout, stderr (verbose), recordings or the state folder.
    @Test(arguments: [ProviderKind.anthropic, .gemini])
    func noKeyAppearsAnywhere(provider: ProviderKind) async throws {
        let services = try FixtureWorld.start(provider: provider)
        defer { services.stop() }
        let runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        let key = try #require(provider == .anthropic ? services.anthropic?.apiKey : services.gemini?.apiKey)
        let cover = runner.home.appendingPathComponent("cover.jpg")
        try FixtureCatalog.albums[2].cover().write(to: cover)
        let recordings = runner.home.appendingPathComponent("recordings")
        _ = try await runner.run(["account", "set-tier", "ultra"])
        _ = try await runner.run(["account", "advanced-search", "on"])
        var outputs = [try await runner.run(["scan", cover.path, "--verbose", "--record", recordings.path])]
        outputs.append(try await runner.run(["account", "--verbose", "--json"]))
        outputs.append(try await runner.run(["history", "--verbose"]))
        #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
        #expect(outputs[0].stderr.contains("\(provider.rawValue): "), "verbose lines from the provider client")
        for output in outputs {
            #expect(!output.stdout.contains(key) && !output.stderr.contains(key))
        }
        let files = FileManager.default.enumerator(atPath: runner.home.path)?.compactMap { $0 as? String } ?? []
        #expect(files.contains { $0.hasPrefix("recordings/post-\(provider.rawValue)") })
        for name in files {
            guard let data = FileManager.default.contents(atPath: runner.home.appendingPathComponent(name).path) else { continue }
            #expect(data.range(of: Data(key.utf8)) == nil, "the key leaked into \(name)")
        }
    }
}
