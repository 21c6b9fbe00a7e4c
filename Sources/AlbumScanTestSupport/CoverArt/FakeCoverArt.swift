import Foundation

/// Loopback fakes of coverartarchive.org and archive.org: CAA redirects (307) to listings and images
/// served by the second server, as the real service hops hosts.
package final class FakeCoverArt: Sendable {
    /// Which of the two fake hosts a request reached.
    package enum Host: Sendable {
        case coverArtArchive
        case archive
    }

    /// Returns a response to use instead of the routed one, or nil to route normally.
    package typealias Interceptor = @Sendable (Host, FakeRequest) -> FakeResponse?

    private struct State {
        var router: CoverArtRouter
        var interceptor: Interceptor?
        var unexpected: [FakeRequest] = []
    }

    /// The coverartarchive.org fake.
    package let coverArtServer: LoopbackServer
    /// The archive.org fake.
    package let archiveServer: LoopbackServer
    private let state: LockedValue<State>

    /// Starts both servers; `linksVia` picks the host listing URLs name.
    package init(linksVia target: CoverArtLinks.Target = .archive) throws {
        let links = CoverArtLinks(coverArtBase: "", archiveBase: "", target: target)
        let state = LockedValue(State(router: CoverArtRouter(releases: [:], groups: [:], links: links)))
        self.state = state
        archiveServer = try LoopbackServer { FakeCoverArt.handle($0, host: .archive, state: state) }
        coverArtServer = try LoopbackServer { FakeCoverArt.handle($0, host: .coverArtArchive, state: state) }
        let coverArtBase = coverArtServer.baseURL
        let archiveBase = archiveServer.baseURL
        state.withLock {
            $0.router.links.coverArtBase = coverArtBase
            $0.router.links.archiveBase = archiveBase
        }
    }

    /// The base URL for the client, `http://127.0.0.1:PORT` (the coverartarchive.org fake).
    package var baseURL: String { coverArtServer.baseURL }

    /// The archive.org fake's base URL.
    package var archiveBaseURL: String { archiveServer.baseURL }

    /// Requests no route matched, on either host.
    package var unexpectedRequests: [FakeRequest] { state.withLock { $0.unexpected } }

    /// Serves `release` for `mbid` (replacing any earlier entry).
    package func setRelease(_ mbid: String, _ release: CoverArtRelease) {
        state.withLock { $0.router.releases[mbid.lowercased()] = release }
    }

    /// Removes `mbid`, so it answers 404 again.
    package func removeRelease(_ mbid: String) {
        state.withLock { _ = $0.router.releases.removeValue(forKey: mbid.lowercased()) }
    }

    /// Makes release group `groupID` resolve to release `mbid`.
    package func setReleaseGroup(_ groupID: String, release mbid: String) {
        state.withLock { $0.router.groups[groupID.lowercased()] = mbid.lowercased() }
    }

    /// Installs a hook that may replace any response (faults, latency); nil removes it.
    package func intercept(_ interceptor: Interceptor?) {
        state.withLock { $0.interceptor = interceptor }
    }

    /// Stops both servers.
    package func stop() {
        coverArtServer.stop()
        archiveServer.stop()
    }

    private static func handle(_ request: FakeRequest, host: Host, state: LockedValue<State>) -> FakeResponse {
        let (router, interceptor) = state.withLock { ($0.router, $0.interceptor) }
        var response: FakeResponse
        if let replaced = interceptor?(host, request) {
            response = replaced
        } else if request.method == "OPTIONS" {
            response = FakeResponse(headers: ["Allow": "GET, HEAD, OPTIONS"])
        } else if request.method != "GET" && request.method != "HEAD" {
            response = CoverArtPages.error(405, "The method is not allowed for the requested URL.")
        } else if let routed = host == .archive ? router.archive(request) : router.coverArt(request) {
            response = routed
        } else {
            state.withLock { $0.unexpected.append(request) }
            response = .unexpected(request, by: host == .archive ? "FakeCoverArt(archive)" : "FakeCoverArt")
        }
        if response.header("Access-Control-Allow-Origin") == nil {
            response.headers["Access-Control-Allow-Origin"] = "*"
        }
        return response
    }
}
