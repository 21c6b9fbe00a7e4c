import AlbumScanTestSupport
import Foundation
import Testing

extension TestSupportTests {
    @Suite struct FakeMusicBrainzTests {
        private let agent = ["User-Agent": "albumscan/0.1.0 ( https://github.com/you/albumscan )"]
        private let target = "/release?query=release%3A%22OK%20Computer%22+AND+artist%3ARadiohead&limit=5&fmt=json"

        private let release = MBRelease(
            id: "b1392450-e666-3926-a536-22c65f834433", title: "OK Computer", artist: "Radiohead", date: "1997-06-16",
            country: "GB", label: "Parlophone", catalogNumber: "NODATA 02")

        @Test(arguments: ["", "curl/8.5.0", "albumscan/0.1.0", "albumscan 0.1 ( me@example.com )"])
        func refusesMissingOrMalformedUserAgents(agent: String) throws {
            let fake = try FakeMusicBrainz { _, _ in MBReleaseList.empty }
            defer { fake.stop() }
            let headers = agent.isEmpty ? [:] : ["User-Agent": agent]
            let response = try RawHTTP.fetch(fake.baseURL + target, headers: headers)
            #expect(response.status == 403)
            #expect(fake.searches.isEmpty)
        }

        @Test func answersASearchInTheReleaseListShape() throws {
            let fake = try FakeMusicBrainz { query, limit in
                #expect(query == #"release:"OK Computer" AND artist:Radiohead"# && limit == 5)
                return MBReleaseList.response([release])
            }
            defer { fake.stop() }
            let response = try RawHTTP.fetch(fake.baseURL + target, headers: agent)
            #expect(response.status == 200)
            let json = try #require(response.json)
            #expect(json["count"] as? Int == 1 && json["offset"] as? Int == 0 && json["created"] is String)
            let hit = try #require((json["releases"] as? [[String: Any]])?.first)
            #expect(hit["id"] as? String == release.id && hit["score"] as? Int == 100)
            let credit = try #require((hit["artist-credit"] as? [[String: Any]])?.first)
            #expect((credit["artist"] as? [String: Any])?["name"] as? String == "Radiohead")
            #expect((hit["release-group"] as? [String: Any])?["primary-type"] as? String == "Album")
            let label = try #require((hit["label-info"] as? [[String: Any]])?.first)
            #expect(label["catalog-number"] as? String == "NODATA 02")
            #expect(fake.searches == [FakeMusicBrainz.Search(query: #"release:"OK Computer" AND artist:Radiohead"#, limit: 5)])
        }

        @Test func rendersAStringScoreAndLeavesOutUnknownFields() {
            var sparse = MBRelease(id: "x", score: "87", title: "T", status: nil, artist: "A", format: nil)
            sparse.primaryType = nil
            let json = sparse.jsonObject
            #expect(json["score"] as? String == "87")
            #expect(json["date"] == nil && json["country"] == nil && json["label-info"] == nil && json["status"] == nil)
        }

        @Test func refusesRequestsUnderOneSecondApart() async throws {
            let fake = try FakeMusicBrainz(enforceOneRequestPerSecond: true) { _, _ in MBReleaseList.empty }
            defer { fake.stop() }
            #expect(try RawHTTP.fetch(fake.baseURL + target, headers: agent).status == 200)
            let refused = try RawHTTP.fetch(fake.baseURL + target, headers: agent)
            #expect(refused.status == 503)
            #expect(refused.json?["error"] as? String == FakeMusicBrainz.rateLimitMessage)
            try await Task.sleep(for: .milliseconds(1050))
            #expect(try RawHTTP.fetch(fake.baseURL + target, headers: agent).status == 200)
            #expect(fake.searches.count == 2)
        }

        @Test(.enabled(if: SampleFiles.available, "needs ../shared/reference/api-samples"))
        func servesTheSolrFixtureVerbatim() throws {
            let sample = try #require(SampleFiles.url("mb_release_search_mbsolr_fixture_servable.json"))
            let fake = try FakeMusicBrainz { _, _ in (try? MBReleaseList.servableFixture()) ?? .text("missing", status: 500) }
            defer { fake.stop() }
            let response = try RawHTTP.fetch(fake.baseURL + target, headers: agent)
            #expect(response.body == (try Data(contentsOf: sample)))
        }
    }
}
