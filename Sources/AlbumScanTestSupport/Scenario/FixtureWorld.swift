import AlbumScanCore
import Foundation

/// Starts the three fakes scripted from `FixtureCatalog`: every fixture cover gets its own story.
package enum FixtureWorld {
    /// Starts the fakes. `musicBrainzOneRequestPerSecond` makes MusicBrainz answer 503 to requests under 1 s apart;
    /// with it or `musicBrainzAtPublicRate`, the scans keep the public server's pace (else a loopback mirror's).
    /// With `completeStories`, every cover is named by Call 1, has front artwork and gets a review (for benchmarks
    /// that need twelve ordinary albums). `albums` is the world every fake knows: the model recognises, MusicBrainz
    /// lists and the Cover Art Archive holds these albums only. `named`, when given, says which album's slug the
    /// OpenAI fake names for the photo it is sent (for photos the background-colour rule cannot tell apart).
    /// `modelDelay`, when given, says how long the OpenAI fake takes over a call (a slow review, say).
    package static func start(
        musicBrainzOneRequestPerSecond: Bool = false, completeStories: Bool = false, provider: ProviderKind = .openai,
        albums: [FixtureAlbum] = FixtureCatalog.albums, named: (@Sendable () -> String?)? = nil, discogs: Bool = false,
        musicBrainzAtPublicRate: Bool = false, modelDelay: (@Sendable (ChatCall) -> Duration)? = nil
    ) throws -> FakeServices {
        let openAI = try FakeOpenAI { call in
            let known = named?().flatMap { slug in albums.first { $0.slug == slug } }.map { [$0] } ?? albums
            let reply = FixtureReplies.reply(call, complete: completeStories, albums: known)
            guard let delay = modelDelay?(call), delay > .zero else { return reply }
            return .raw(reply.response(for: call).delayed(by: delay))
        }
        let musicBrainz = try FakeMusicBrainz(enforceOneRequestPerSecond: musicBrainzOneRequestPerSecond) { query, _ in
            if let answer = FixtureBarcodes.answer(query, albums: albums) { return answer }
            guard let album = albums.first(where: { queryMentions(query, $0.title) }) else {
                return MBReleaseList.empty
            }
            return MBReleaseList.response(narrowed(releases(for: album), query: query))
        }
        let everyRelease = Dictionary(
            albums.flatMap { lookedUp(releases(for: $0), of: $0) }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        musicBrainz.respondToLookups { mbid, inc in everyRelease[mbid]?.lookupResponse(inc: inc) ?? MBRelease.notFound }
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
                ? try FakeLocalServer { localReply($0, complete: completeStories, albums: albums) } : nil,
            discogs: discogs ? try FakeDiscogs { discogsResults($0, albums: albums) } : nil,
            musicBrainzAtPublicRate: musicBrainzAtPublicRate || musicBrainzOneRequestPerSecond)
    }

    /// What a Discogs search finds in the fixture world: the albums whose printed barcode (`barcode=`) or sleeve
    /// catalogue number (`catno=`) is asked for, under their `discogsListing` ids; a `catno=` search also finds an
    /// unrelated release of another label that shares the number.
    package static func discogsResults(_ parameters: [String: String], albums: [FixtureAlbum]) -> [DiscogsResult] {
        var results: [DiscogsResult] = []
        for album in albums where !album.discogsListing.isEmpty {
            let catalogNumber = album.sleeve.catalogNumber ?? "FIX-\(album.slug.prefix(2))"
            let printed = FixtureBarcodes.printed(on: album)
            let byBarcode = parameters["barcode"].map { wanted in
                printed.map { $0.hasSuffix(wanted) || wanted.hasSuffix($0) } ?? false
            }
            let byCatalogue = parameters["catno"].map {
                EditionMatch.foldCatalogNumber($0) == EditionMatch.foldCatalogNumber(catalogNumber)
            }
            guard byBarcode == true || byCatalogue == true else { continue }
            let spaced = printed.map { digits in
                digits.count == 13 ? "\(digits.prefix(1)) \(digits.dropFirst().prefix(6)) \(digits.suffix(6))" : digits
            }
            if byCatalogue == true {
                results.append(
                    DiscogsResult(
                        id: 8_800_000 + album.discogsListing[0] % 1000, artist: "Someone Else", title: "Another Record",
                        catalogNumber: catalogNumber))
            }
            results += album.discogsListing.map { id in
                DiscogsResult(
                    id: id, artist: album.artist, title: album.title, catalogNumber: catalogNumber,
                    barcodes: spaced.map { [$0] } ?? [], year: album.year)
            }
        }
        return results
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
    package static func reply(
        _ call: ChatCall, completeStories: Bool = false, albums: [FixtureAlbum] = FixtureCatalog.albums
    ) -> FakeChatReply {
        FixtureReplies.reply(call, complete: completeStories, albums: albums)
    }

    /// Whether a Lucene query names this title, whichever quoting or escaping it used.
    static func queryMentions(_ query: String, _ title: String) -> Bool {
        let wanted = NameFolding.fold(NameFolding.stripEditionNoise(title))
        let field = query.components(separatedBy: " AND ").first ?? query
        return NameFolding.fold(field.replacingOccurrences(of: "release:", with: "")) == wanted
    }

    /// The releases a `catno:"…"` clause in `query` leaves (all of them when there is none), as mb-solr would.
    static func narrowed(_ releases: [MBRelease], query: String) -> [MBRelease] {
        guard let start = query.range(of: "catno:\"")?.upperBound,
            let end = query[start...].firstIndex(of: "\"")
        else { return releases }
        let wanted = EditionMatch.foldCatalogNumber(String(query[start..<end]).replacingOccurrences(of: "\\", with: ""))
        return releases.filter { EditionMatch.foldCatalogNumber($0.catalogNumber ?? "") == wanted }
    }

    /// The original release, after decoys when the album has them, then its other editions.
    static func releases(for album: FixtureAlbum) -> [MBRelease] {
        var original = MBRelease(
            id: album.releaseID, score: "97", title: album.title, artist: album.artist, date: "\(album.year)-04-01",
            country: "GB", label: album.label, catalogNumber: "FIX-\(album.slug.prefix(2))",
            releaseGroupId: album.releaseGroupID)
        original.discogsReleaseIds = album.discogsReleaseIds
        let editions = album.editions.map { edition in
            var release = MBRelease(
                id: album.releaseID(of: edition), score: 95, title: album.title, artist: album.artist, date: edition.date,
                country: edition.country, label: album.label, catalogNumber: edition.catalogNumber,
                releaseGroupId: album.releaseGroupID, format: edition.format)
            release.discogsReleaseIds = edition.discogsReleaseIds
            return release
        }
        guard album.decoys else { return [original] + editions }
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
        ] + editions
    }

    /// The releases as a lookup by MBID gives them: the original carries the barcode MusicBrainz stores for it, as
    /// the real lookup does (the fixture's searches by name leave it out).
    static func lookedUp(_ releases: [MBRelease], of album: FixtureAlbum) -> [MBRelease] {
        releases.map { release in
            var release = release
            if release.id == album.releaseID, release.barcode == nil { release.barcode = album.barcode }
            return release
        }
    }

    static func publishArtwork(_ album: FixtureAlbum, on coverArt: FakeCoverArt) throws {
        let image = CoverArtImage(
            id: 40_000_000 + (Int(album.slug.prefix(2)) ?? 0), data: try album.cover(width: 1000, height: 1000),
            thumbnails: [250: try album.cover(width: 250, height: 250), 500: try album.cover(width: 500, height: 500)])
        switch album.artwork {
        case .front:
            coverArt.setRelease(album.releaseID, CoverArtRelease(images: [image]))
            for edition in album.editions { coverArt.setRelease(album.releaseID(of: edition), CoverArtRelease(images: [image])) }
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
