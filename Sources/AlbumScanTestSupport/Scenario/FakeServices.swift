import Foundation

/// All three fakes together, plus the environment variables that point the CLI at them.
public final class FakeServices: Sendable {
    /// The OpenAI fake.
    public let openAI: FakeOpenAI
    /// The MusicBrainz fake.
    public let musicBrainz: FakeMusicBrainz
    /// The Cover Art Archive fakes.
    public let coverArt: FakeCoverArt

    /// Bundles already started fakes.
    public init(openAI: FakeOpenAI, musicBrainz: FakeMusicBrainz, coverArt: FakeCoverArt) {
        self.openAI = openAI
        self.musicBrainz = musicBrainz
        self.coverArt = coverArt
    }

    /// `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `ALBUMSCAN_MUSICBRAINZ_URL` and `ALBUMSCAN_COVERART_URL`.
    public var environment: [String: String] {
        [
            "OPENAI_BASE_URL": openAI.baseURL, "OPENAI_API_KEY": openAI.apiKey,
            "ALBUMSCAN_MUSICBRAINZ_URL": musicBrainz.baseURL, "ALBUMSCAN_COVERART_URL": coverArt.baseURL,
        ]
    }

    /// Sets simulated latency on each service's servers.
    public func setLatency(openAI: Duration = .zero, musicBrainz: Duration = .zero, coverArt: Duration = .zero) {
        self.openAI.server.latency = openAI
        self.musicBrainz.server.latency = musicBrainz
        self.coverArt.coverArtServer.latency = coverArt
        self.coverArt.archiveServer.latency = coverArt
    }

    /// Stops every server.
    public func stop() {
        openAI.stop()
        musicBrainz.stop()
        coverArt.stop()
    }
}
