import AlbumScanTestSupport
import Foundation
import Testing

/// Every service × every way it can fail: each scan ends within its time bound with the documented outcome.
/// Identification failures stop the scan (69 or 75); artwork and review failures degrade with exit 0.
@Suite struct FaultMatrixTests {
    enum Service: String, CaseIterable, Sendable {
        case callOne, callTwo, review, musicBrainz, listing, image
    }

    enum Fault: String, CaseIterable, Sendable {
        case refused, stall, trickle, serverErrors, retryAfterOverCap, malformedJSON, truncatedBody, oversizedBody,
            redirectLoop, wrongContentType, undecodableImage
    }

    static let cases: [(Service, Fault)] = Service.allCases.flatMap { service in Fault.allCases.map { (service, $0) } }

    @Test(arguments: cases)
    func endsBoundedWithTheRightOutcome(service: Service, fault: Fault) throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try fixture.run(["account", "set-tier", "ultra"])
        var environment = ["ALBUMSCAN_HTTP_TIMEOUT": "2", "ALBUMSCAN_SCAN_TIMEOUT": "30"]
        if fault == .refused {
            let closed = try LoopbackServer { _ in FakeResponse(status: 200) }
            let dead = closed.baseURL
            closed.stop()
            switch service {
            case .callOne, .callTwo, .review: environment["OPENAI_BASE_URL"] = dead + "/v1"
            case .musicBrainz: environment["ALBUMSCAN_MUSICBRAINZ_URL"] = dead + "/ws/2"
            case .listing, .image: environment["ALBUMSCAN_COVERART_URL"] = dead
            }
        } else {
            Self.inject(fault, into: service, of: fixture.services)
        }
        let cover = try fixture.cover(service == .callTwo ? "03" : "01")
        let start = Date()
        let output = try fixture.run(["scan", cover, "--json"], extraEnvironment: environment)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 30, "\(service) \(fault) took \(seconds) s")
        let line = output.jsonLines.first
        switch Self.expected(service, fault) {
        case .exit(let code):
            #expect(output.status == code, "\(service) \(fault): \(output.stderr)")
        case .degraded(let stage):
            #expect(output.status == 0, "\(service) \(fault): \(output.stderr)")
            #expect((line?[stage] as? [String: Any])?["status"] as? String == "unavailable", "\(service) \(fault)")
        }
        print(
            String(format: "fault matrix | %@ | %@ | exit %d | %.1f s", service.rawValue, fault.rawValue, output.status, seconds))
    }

    enum Outcome { case exit(Int32), degraded(String) }

    static func expected(_ service: Service, _ fault: Fault) -> Outcome {
        switch service {
        case .callOne, .callTwo:
            // Refused and OpenAI-irrelevant faults (a redirect, an image) still leave no usable answer.
            return fault == .retryAfterOverCap ? .exit(75) : .exit(69)
        // The review shares OpenAI's root with Call 1, so a refused connection already stops identification.
        case .review: return fault == .refused ? .exit(69) : .degraded("review")
        case .musicBrainz, .listing, .image: return .degraded("artwork")
        }
    }

    /// Makes one service misbehave while the others keep answering as the fixture world does.
    static func inject(_ fault: Fault, into service: Service, of services: FakeServices) {
        let response = Self.response(for: fault, service: service)
        switch service {
        case .callOne, .callTwo, .review:
            services.openAI.respond { call in
                let isCallTwo = call.userText.contains("Text read from the cover:")
                let target = call.hasImage ? Service.callOne : isCallTwo ? .callTwo : .review
                return target == service ? .raw(response) : FixtureWorld.reply(call)
            }
        case .musicBrainz:
            services.musicBrainz.respond { _, _ in response }
        case .listing:
            services.coverArt.intercept { host, request in
                host == .archive && request.path.hasSuffix("index.json") ? response : nil
            }
        case .image:
            services.coverArt.intercept { host, request in host == .archive && request.path.hasSuffix(".jpg") ? response : nil }
        }
    }

    static func response(for fault: Fault, service: Service) -> FakeResponse {
        let json = ["Content-Type": "application/json"]
        switch fault {
        case .refused, .undecodableImage:
            return FakeResponse(
                status: 200, headers: ["Content-Type": "image/jpeg"], body: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]))
        case .stall: return .stall
        case .trickle:
            return FakeResponse(status: 200, headers: json, body: Data(repeating: 0x20, count: 4096)).trickled(bytesPerSecond: 50)
        case .serverErrors: return FakeResponse(status: 503, headers: json, body: Data(#"{"error":{"message":"down"}}"#.utf8))
        case .retryAfterOverCap: return FakeResponse(status: 429, headers: ["Retry-After": "3600"], body: Data("slow down".utf8))
        case .malformedJSON: return FakeResponse(status: 200, headers: json, body: Data(#"{"choices": [ {"message": "#.utf8))
        case .truncatedBody:
            return FakeResponse(
                status: 200, headers: ["Content-Type": "application/json", "Content-Length": "5000"], body: Data("{\"a\":".utf8))
        case .oversizedBody: return FakeResponse(status: 200, headers: json, body: Data(repeating: 0x20, count: 12 << 20))
        case .redirectLoop:
            // The target matches the same interception again, so the chain never ends.
            let target = service == .image ? "/loop/a.jpg" : service == .listing ? "/loop/index.json" : "/loop"
            return FakeResponse(status: 307, headers: ["Location": target], body: Data())
        case .wrongContentType:
            return FakeResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>hello</html>".utf8))
        }
    }
}
