import AlbumScanTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TestSupportTests {
    /// The fakes seen through a libcurl-backed client (FoundationNetworking's URLSession).
    @Suite struct URLSessionInteropTests {
        private func get(_ session: URLSession, _ url: String) async throws -> (Data, HTTPURLResponse) {
            let (data, response) = try await session.data(from: try #require(URL(string: url)))
            return (data, try #require(response as? HTTPURLResponse))
        }

        @Test func followsTheCoverArtRedirectsAcrossHosts() async throws {
            let fake = try FakeCoverArt()
            defer { fake.stop() }
            let mbid = "25fbfbb4-b1ee-4448-aadf-ae3bc2e2dd27"
            let jpeg = try SyntheticCover.seeded(1).jpeg(width: 64, height: 64)
            fake.setRelease(mbid, .front(jpeg))
            let session = URLSession(configuration: .ephemeral)
            let (listing, listingResponse) = try await get(session, "\(fake.baseURL)/release/\(mbid)")
            #expect(listingResponse.statusCode == 200)
            #expect(listingResponse.url?.absoluteString.hasPrefix(fake.archiveBaseURL) == true)
            #expect(try JSONSerialization.jsonObject(with: listing) is [String: Any])
            let (image, imageResponse) = try await get(session, "\(fake.baseURL)/release/\(mbid)/front-500")
            #expect(imageResponse.statusCode == 200 && image == jpeg)
        }

        @Test func servesRepeatedRequestsFromOneClient() async throws {
            let server = try LoopbackServer { request in .text("n=\(request.sequenceOnConnection)") }
            defer { server.stop() }
            let session = URLSession(configuration: .ephemeral)
            for _ in 0..<3 {
                let (_, response) = try await get(session, server.baseURL + "/ping")
                #expect(response.statusCode == 200)
            }
            #expect(server.requests.count == 3)
            #expect(server.connectionCount <= 3)
        }
    }
}
