import AlbumScanCore
import Foundation

/// Starts the three fakes scripted from `FixtureCatalog`: every fixture cover gets its own story.
package enum FixtureWorld {
    /// Starts the fakes. `musicBrainzOneRequestPerSecond` makes MusicBrainz answer 503 to requests under 1 s apart.
    /// With `completeStories`, every cover is named by Call 1, has front artwork and gets a review (for benchmarks
    /// that need twelve ordinary albums). `albums` is the world every fake knows: the model recognises, MusicBrainz
    /// lists and the Cover Art Archive holds these albums only. `named`, when given, says which album's slug the
    /// OpenAI fake names for the photo it is sent (for photos the background-colour rule cannot tell apart).
    package static func start(
        musicBrainzOneRequestPerSecond: Bool = false, completeStories: Bool = false, provider: ProviderKind = .openai,
        albums: [FixtureAlbum] = FixtureCatalog.albums, named: (@Sendable () -> String?)? = nil
    ) throws -> FakeServices {
        let openAI = try FakeOpenAI { call in
            let known = named?().flatMap { slug in albums.first { $0.slug == slug } }.map { [$0] } ?? albums
            return FixtureReplies.reply(call, complete: completeStories, albums: known)
        }
        let musicBrainz = try FakeMusicBrainz(enforceOneRequestPerSecond: musicBrainzOneRequestPerSecond) { query, _ in
            if let answer = FixtureBarcodes.answer(query, albums: albums) { return answer }
            guard let album = albums.first(where: { queryMentions(query, $0.title) }) else {
                return MBReleaseList.empty
            }
            return MBReleaseList.response(releases(for: album))
        }
        let coverArt = try FakeCoverArt()
        for var album in albums {
            if completeStories { album.artwork = .front }
            try publishArtwork(album, on: coverArt)
        }
        return FakeServices(
            openAI: openAI, musicBrainz: musicBrainz, coverArt: coverArt, provider: provider,
            anthropic: provider == .anthropic
                ? try FakeAnthropic { anthropicReply($0, complete: completeStories, albums: albums) } : nil,
            gemini: provider == .gemini ? try FakeGemini { geminiReply($0, complete: completeStories, albums: albums) } : nil,
            local: provider == .openAICompatible
                ? try FakeLocalServer { localReply($0, complete: completeStories, albums: albums) } : nil)
    }

    /// The fixture world's Anthropic answer to a call.
    package static func anthropicReply(
        _ call: AnthropicCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums
    ) -> FakeAnthropicReply {
        .answer(
            FixtureStory.answer(call.task, image: call.image, userText: call.userText, complete: complete, albums: albums))
    }

    /// The fixture world's Gemini answer to a call.
    package static func geminiReply(
        _ call: GeminiCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums
    ) -> FakeGeminiReply {
        .answer(
            FixtureStory.answer(call.task, image: call.image, userText: call.userText, complete: complete, albums: albums))
    }

    /// The fixture world's local-model answer to a call (no search: the search tasks never come).
    package static func localReply(
        _ call: ChatCall, complete: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums
    ) -> FakeLocalReply {
        let image = call.imageDataURL.flatMap { url in
            url.firstIndex(of: ",").flatMap { Data(base64Encoded: String(url[url.index(after: $0)...])) }
        }
        let task = FixtureStory.task(hasImage: call.hasImage, searches: false, userText: call.userText)
        return .answer(
            FixtureStory.answer(task, image: image, userText: call.userText, complete: complete, albums: albums).text)
    }

    /// The fixture world's model reply to a call, for tests that script only some calls themselves.
    package static func reply(_ call: ChatCall, completeStories: Bool = false) -> FakeChatReply {
        FixtureReplies.reply(call, complete: completeStories)
    }

    /// Whether a Lucene query names this title, whichever quoting or escaping it used.
    static func queryMentions(_ query: String, _ title: String) -> Bool {
        let wanted = ReviewCacheKey.fold(ReviewCacheKey.stripEditionNoise(title))
        let field = query.components(separatedBy: " AND ").first ?? query
        return ReviewCacheKey.fold(field.replacingOccurrences(of: "release:", with: "")) == wanted
    }

    /// The original release, after decoys when the album has them.
    static func releases(for album: FixtureAlbum) -> [MBRelease] {
        let original = MBRelease(
            id: album.releaseID, score: "97", title: album.title, artist: album.artist, date: "\(album.year)-04-01",
            country: "GB", label: album.label, catalogNumber: "FIX-\(album.slug.prefix(2))",
            releaseGroupId: album.releaseGroupID)
        guard album.decoys else { return [original] }
        func decoy(_ name: String, status: String = "Official", secondary: [String] = [], date: String) -> MBRelease {
            MBRelease(
                id: FakeIDs.uuid("fixture:\(album.slug):\(name)"), score: 100, title: album.title, status: status,
                artist: album.artist, secondaryTypes: secondary, date: date, releaseGroupId: album.releaseGroupID)
        }
        return [
            decoy("bootleg", status: "Bootleg", date: "\(album.year)-01-01"),
            decoy("live", secondary: ["Live"], date: "\(album.year)-02-01"),
            decoy("reissue", date: "2016-09-09"),
            decoy("compilation", secondary: ["Compilation"], date: "1990"),
            original,
        ]
    }

    static func publishArtwork(_ album: FixtureAlbum, on coverArt: FakeCoverArt) throws {
        let image = CoverArtImage(
            id: 40_000_000 + (Int(album.slug.prefix(2)) ?? 0), data: try album.cover(width: 1000, height: 1000),
            thumbnails: [250: try album.cover(width: 250, height: 250), 500: try album.cover(width: 500, height: 500)])
        switch album.artwork {
        case .front:
            coverArt.setRelease(album.releaseID, CoverArtRelease(images: [image]))
        case .legacyListing:
            coverArt.setRelease(album.releaseID, CoverArtRelease(images: [image], legacyShape: true))
        case .releaseGroupOnly:
            let sibling = FakeIDs.uuid("fixture:\(album.slug):sibling")
            coverArt.setRelease(sibling, CoverArtRelease(images: [image]))
            coverArt.setReleaseGroup(album.releaseGroupID, release: sibling)
        case .none:
            break
        }
    }
}
