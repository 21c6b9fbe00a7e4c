import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct CacheTests {
    @Test func aRescanMakesNoMusicBrainzCoverArtOrReviewRequest() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        #expect(try await fixture.run(["scan", cover]).status == 0)
        let musicBrainzBefore = fixture.services.musicBrainz.server.requests.count
        let coverArtBefore =
            fixture.services.coverArt.coverArtServer.requests.count + fixture.services.coverArt.archiveServer.requests.count
        let modelBefore = fixture.services.openAI.calls.count
        let again = try await fixture.run(["scan", cover, "--json", "--no-local"])
        #expect(again.status == 0)
        let line = try #require(again.jsonLines.first)
        #expect((line["artwork"] as? [String: Any])?["status"] as? String == "cached")
        #expect((line["review"] as? [String: Any])?["status"] as? String == "cached")
        #expect(fixture.services.musicBrainz.server.requests.count == musicBrainzBefore)
        #expect(
            fixture.services.coverArt.coverArtServer.requests.count + fixture.services.coverArt.archiveServer.requests.count
                == coverArtBefore)
        #expect(fixture.services.openAI.calls.count == modelBefore + 1, "only ID Call 1 may run on a re-scan")
        #expect((line["album"] as? [String: Any])?["musicbrainzReleaseId"] as? String == fixture.album("01")?.releaseID)
    }

    @Test func anEditionAliasHitsTheReviewCache() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("02")
        #expect(try await fixture.run(["scan", cover]).status == 0)
        fixture.services.openAI.respond { call in
            guard call.hasImage else { return FixtureWorld.reply(call) }
            return .json([
                "status": "identified", "artist": "harbour lights", "album": "Tide Tables - 2011 Remaster", "year": 1976,
                "genres": ["Folk Rock"], "label": "Quayside", "confidence": "High",
                "observation": ["extractedText": "HARBOUR LIGHTS", "textConfidence": "High", "visualDescription": "blue"],
            ])
        }
        let before = fixture.services.openAI.calls.count
        let output = try await fixture.run(["scan", cover, "--json", "--no-local"])
        let review = try #require(output.jsonLines.first?["review"] as? [String: Any])
        #expect(review["status"] as? String == "cached")
        #expect(fixture.services.openAI.calls.count == before + 1)
    }

    @Test func aFailedReviewIsNotCachedAndIsRegeneratedNextTime() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("07")
        let first = try await fixture.run(["scan", cover, "--json"])
        #expect((first.jsonLines.first?["review"] as? [String: Any])?["status"] as? String == "unavailable")
        fixture.services.openAI.respond { call in
            guard !call.hasImage else { return FixtureWorld.reply(call) }
            return .json([
                "summary": "Apogee is a bright synth-pop record.",
                "bullets": ["Warm synths.", "Tight songs.", "A strong close."],
                "rating": 7.1, "recommendation": "Time Capsule", "keyTracks": ["Perigee", "Burn", "Orbit"],
            ])
        }
        let second = try await fixture.run(["scan", cover, "--json"])
        let review = try #require(second.jsonLines.first?["review"] as? [String: Any])
        #expect(review["status"] as? String == "generated")
        #expect(review["recommendation"] as? String == "Time Capsule")
    }

    @Test func moneyTalkNeverReachesTheUserOrTheCache() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let reviewCalls = LockedValue(0)
        fixture.services.openAI.respond { call in
            guard call.responseFormatName == "album_review" else { return FixtureWorld.reply(call) }
            reviewCalls.withLock { $0 += 1 }
            return .json([
                "summary":
                    "A cult favourite of 1998. Original pressings sell for $400 on the resale market. It still sounds fresh.",
                "bullets": [
                    "A valuable investment for collectors.", "Sparse, patient beats.", "Critics praised the production.",
                    "Its closing track lingers.",
                ],
                "rating": 7.8, "recommendation": "Cult Essential", "keyTracks": ["One", "Two", "Three"],
            ])
        }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        #expect(output.status == 0)
        #expect(reviewCalls.current == 2, "a flagged review is regenerated once with a correction")
        let corrective = fixture.services.openAI.calls.last { $0.responseFormatName == "album_review" }
        #expect(corrective?.userText.contains("music only") == true)
        let review = try #require(output.jsonLines.first?["review"] as? [String: Any])
        let text = ([review["summary"] as? String ?? ""] + (review["bullets"] as? [String] ?? [])).joined(separator: " ")
        #expect(!text.contains("$") && !text.lowercased().contains("resale") && !text.lowercased().contains("investment"))
        #expect(text.contains("It still sounds fresh."))
        // The cached copy is the clean one.
        let again = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        let cached = try #require(again.jsonLines.first?["review"] as? [String: Any])
        #expect(cached["status"] as? String == "cached")
        #expect(
            NSDictionary(dictionary: cached.filter { $0.key != "status" })
                == NSDictionary(dictionary: review.filter { $0.key != "status" }))
    }

    @Test func legacyListingsAndReleaseGroupFallbacksGetArtwork() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("08"), try fixture.cover("09"), "--json"])
        #expect(output.status == 0)
        let artwork = output.jsonLines.map { ($0["artwork"] as? [String: Any])?["status"] as? String }
        #expect(artwork == ["fetched", "fetched"])
        #expect(fixture.services.coverArt.coverArtServer.requests.contains { $0.path.hasPrefix("/release-group/") })
    }
}
