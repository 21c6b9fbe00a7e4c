import AlbumScanCore
import Foundation

/// All three fakes together, plus the environment variables that point the CLI at them.
package final class FakeServices: Sendable {
    /// The OpenAI fake.
    package let openAI: FakeOpenAI
    /// The MusicBrainz fake.
    package let musicBrainz: FakeMusicBrainz
    /// The Cover Art Archive fakes.
    package let coverArt: FakeCoverArt
    /// The provider the scans should use; its fake is started too.
    package let provider: ProviderKind
    package let anthropic: FakeAnthropic?
    package let gemini: FakeGemini?
    /// The local OpenAI-compatible server (Ollama's quirks).
    package let local: FakeLocalServer?
    /// The Discogs fake, when the scans should have `DISCOGS_TOKEN`.
    package let discogs: FakeDiscogs?
    /// Whether the scans keep the public server's one request a second at the MusicBrainz fake, for the tests of
    /// that etiquette; otherwise the fake is treated as what a loopback host is, a mirror.
    package let musicBrainzAtPublicRate: Bool

    /// Bundles already started fakes.
    package init(
        openAI: FakeOpenAI, musicBrainz: FakeMusicBrainz, coverArt: FakeCoverArt, provider: ProviderKind = .openai,
        anthropic: FakeAnthropic? = nil, gemini: FakeGemini? = nil, local: FakeLocalServer? = nil,
        discogs: FakeDiscogs? = nil, musicBrainzAtPublicRate: Bool = false
    ) {
        self.discogs = discogs
        self.musicBrainzAtPublicRate = musicBrainzAtPublicRate
        self.openAI = openAI
        self.musicBrainz = musicBrainz
        self.coverArt = coverArt
        self.provider = provider
        self.anthropic = anthropic
        self.gemini = gemini
        self.local = local
    }

    /// `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `ALBUMSCAN_MUSICBRAINZ_URL` and `ALBUMSCAN_COVERART_URL`; with another
    /// provider, `ALBUMSCAN_PROVIDER` and its key and root (the local server takes `OPENAI_BASE_URL` and no key).
    /// `ALBUMSCAN_MUSICBRAINZ_RATE` is 1 when the fake stands for the public server (`musicBrainzAtPublicRate`).
    package var environment: [String: String] {
        var values = [
            "OPENAI_BASE_URL": openAI.baseURL, "OPENAI_API_KEY": openAI.apiKey,
            "ALBUMSCAN_MUSICBRAINZ_URL": musicBrainz.baseURL, "ALBUMSCAN_COVERART_URL": coverArt.baseURL,
        ]
        if musicBrainzAtPublicRate { values["ALBUMSCAN_MUSICBRAINZ_RATE"] = "1" }
        if provider != .openai { values["ALBUMSCAN_PROVIDER"] = provider.rawValue }
        if let anthropic {
            values["ANTHROPIC_API_KEY"] = anthropic.apiKey
            values["ANTHROPIC_BASE_URL"] = anthropic.baseURL
        }
        if let gemini {
            values["GEMINI_API_KEY"] = gemini.apiKey
            values["GEMINI_BASE_URL"] = gemini.baseURL
        }
        if let local {
            values["OPENAI_BASE_URL"] = local.baseURL
            values["OPENAI_API_KEY"] = nil
        }
        if let discogs {
            values["ALBUMSCAN_DISCOGS_URL"] = discogs.baseURL
            values["DISCOGS_TOKEN"] = discogs.token
        }
        return values
    }

    /// Every server, for the in-process transport.
    package var servers: [LoopbackServer] {
        [openAI.server, musicBrainz.server, coverArt.coverArtServer, coverArt.archiveServer]
            + [anthropic?.server, gemini?.server, local?.server, discogs?.server].compactMap { $0 }
    }

    /// The model fake's server for the chosen provider.
    package var modelServer: LoopbackServer {
        anthropic?.server ?? gemini?.server ?? local?.server ?? openAI.server
    }

    /// Sets simulated latency on each service's servers.
    package func setLatency(openAI: Duration = .zero, musicBrainz: Duration = .zero, coverArt: Duration = .zero) {
        self.openAI.server.latency = openAI
        for server in [anthropic?.server, gemini?.server, local?.server].compactMap({ $0 }) { server.latency = openAI }
        self.musicBrainz.server.latency = musicBrainz
        self.coverArt.coverArtServer.latency = coverArt
        self.coverArt.archiveServer.latency = coverArt
    }

    /// Stops every server.
    package func stop() {
        openAI.stop()
        anthropic?.stop()
        gemini?.stop()
        local?.stop()
        discogs?.stop()
        musicBrainz.stop()
        coverArt.stop()
    }
}
