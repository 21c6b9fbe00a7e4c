import AlbumScanTestSupport
import Foundation
import Testing

extension TestSupportTests {
    @Suite struct FakeCoverArtTests {
        private let mbid = "353710ec-1509-4df9-8ce2-9bd5011e3b80"
        private let group = "67a63246-0de4-4cd8-8ce2-35f70a17f92b"
        private let front = Data("front-original".utf8)
        private let front500 = Data("front-500".utf8)

        private func makeFake(_ target: CoverArtLinks.Target = .archive, legacy: Bool = false) throws -> FakeCoverArt {
            let fake = try FakeCoverArt(linksVia: target)
            let images = [
                CoverArtImage(id: 100_000_001, data: front, thumbnails: [500: front500]),
                CoverArtImage(id: 999_999_999, data: Data("back".utf8), front: false, back: true),
            ]
            fake.setRelease(mbid, CoverArtRelease(images: images, legacyShape: legacy))
            fake.setReleaseGroup(group, release: mbid)
            return fake
        }

        @Test func redirectsToTheListingThenToTheImage() throws {
            let fake = try makeFake()
            defer { fake.stop() }
            for path in ["/release/\(mbid)", "/release/\(mbid)/"] {
                let redirect = try RawHTTP.fetch(fake.baseURL + path)
                let location = "\(fake.archiveBaseURL)/download/mbid-\(mbid)/index.json"
                #expect(redirect.status == 307 && redirect.header("Location") == location)
                #expect(redirect.header("Content-Type") == "text/plain" && redirect.text == "See: \(location)\n")
                #expect(redirect.header("Access-Control-Allow-Origin") == "*")
            }
            let listing = try RawHTTP.fetch("\(fake.archiveBaseURL)/download/mbid-\(mbid)/index.json")
            let json = try #require(listing.json)
            #expect(json["release"] as? String == "https://musicbrainz.org/release/\(mbid)")
            let first = try #require((json["images"] as? [[String: Any]])?.first)
            #expect(first["id"] as? Int == 100_000_001 && first["front"] as? Bool == true)
            #expect(first["types"] as? [String] == ["Front"] && first["approved"] as? Bool == true)
            let thumbnails = try #require(first["thumbnails"] as? [String: String])
            #expect(Set(thumbnails.keys) == ["250", "500", "1200", "small", "large"])
            let url = try #require(thumbnails["500"])
            #expect(url == "\(fake.archiveBaseURL)/download/mbid-\(mbid)/mbid-\(mbid)-100000001_thumb500.jpg")
            let image = try RawHTTP.fetch(url)
            #expect(image.body == front500 && image.header("Content-Type") == "image/jpeg")
            #expect(fake.unexpectedRequests.isEmpty)
        }

        @Test(arguments: [
            ("front-500", "-100000001_thumb500.jpg"), ("front", "-100000001.jpg"), ("back-250.jpg", "-999999999_thumb250.jpg"),
            ("999999999-1200.jpg", "-999999999_thumb1200.jpg"),
        ])
        func redirectsImageRoutes(route: String, suffix: String) throws {
            let fake = try makeFake()
            defer { fake.stop() }
            let redirect = try RawHTTP.fetch("\(fake.baseURL)/release/\(mbid)/\(route)")
            #expect(redirect.status == 307)
            let location = try #require(redirect.header("Location"))
            #expect(location == "\(fake.archiveBaseURL)/download/mbid-\(mbid)/mbid-\(mbid)\(suffix)")
            #expect(try RawHTTP.fetch(location).status == 200)
        }

        @Test func resolvesReleaseGroupFronts() throws {
            let fake = try makeFake()
            defer { fake.stop() }
            let redirect = try RawHTTP.fetch("\(fake.baseURL)/release-group/\(group)/front-500")
            #expect(try RawHTTP.fetch(try #require(redirect.header("Location"))).body == front500)
            let back = try RawHTTP.fetch("\(fake.baseURL)/release-group/\(group)/back")
            #expect(back.status == 400 && back.text.contains("back not supported for release groups."))
        }

        @Test func answersUnknownAndInvalidIdsLikeTheRealServer() throws {
            let fake = try makeFake()
            defer { fake.stop() }
            let unknown = "98f08de3-c91c-4180-a961-06c205e63669"
            let missing = try RawHTTP.fetch("\(fake.baseURL)/release/\(unknown)")
            #expect(missing.status == 404 && missing.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(missing.text.contains("<p>No cover art found for release \(unknown)</p>"))
            #expect(missing.header("Access-Control-Allow-Origin") == "*")
            let invalid = try RawHTTP.fetch("\(fake.baseURL)/release/98f08de3-c91c-4180-a961-06c205e6366")
            #expect(invalid.status == 400 && invalid.text.contains("invalid MBID specified"))
            let noImage = try RawHTTP.fetch("\(fake.baseURL)/release/\(mbid)/444444444.jpg")
            #expect(noImage.status == 404 && noImage.text.contains("cover image with id 444444444 not found"))
        }

        @Test func rendersTheLegacyShapeAndCoverArtLinks() throws {
            let fake = try makeFake(.coverArtArchive, legacy: true)
            defer { fake.stop() }
            let listing = try RawHTTP.fetch("\(fake.archiveBaseURL)/download/mbid-\(mbid)/index.json")
            let first = try #require((listing.json?["images"] as? [[String: Any]])?.first)
            #expect(first["id"] as? String == "100000001")
            let thumbnails = try #require(first["thumbnails"] as? [String: String])
            #expect(Set(thumbnails.keys) == ["small", "large"])
            let large = try #require(thumbnails["large"])
            #expect(large == "\(fake.baseURL)/release/\(mbid)/100000001-500.jpg")
            let hop = try RawHTTP.fetch(large)
            #expect(try RawHTTP.fetch(try #require(hop.header("Location"))).body == front500)
        }

        @Test(.enabled(if: SampleFiles.available, "needs ../shared/reference/api-samples"))
        func servesASampleListingVerbatimAndInterceptsFaults() throws {
            let fake = try makeFake()
            defer { fake.stop() }
            let sample = try SampleFiles.data("caa_release_25fbfbb4_multi_image.json")
            let other = "25fbfbb4-b1ee-4448-aadf-ae3bc2e2dd27"
            fake.setRelease(other, .verbatim(sample))
            #expect(try RawHTTP.fetch("\(fake.archiveBaseURL)/download/mbid-\(other)/index.json").body == sample)
            fake.intercept { host, _ in host == .archive ? FakeResponse.text("busy", status: 503) : nil }
            #expect(try RawHTTP.fetch("\(fake.baseURL)/release/\(mbid)").status == 307)
            #expect(try RawHTTP.fetch("\(fake.archiveBaseURL)/download/mbid-\(mbid)/index.json").status == 503)
        }
    }
}
