import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Every service × every way it can fail: each scan ends within its time bound with the documented outcome.
/// Identification failures stop the scan (69 or 75); artwork and review failures degrade with exit 0.
/// In-process, on a clock running 20 times faster than real time: time-outs, backoff and `Retry-After` waits pass
/// in milliseconds. The cases run one at a time, since CPU time counts 20-fold on that clock.
@Suite(.serialized) struct FaultMatrixTests {
    enum Service: String, CaseIterable, Sendable {
        case callOne, callTwo, review, musicBrainz, listing, image
    }

    enum Fault: String, CaseIterable, Sendable {
        case refused, stall, trickle, serverErrors, retryAfterOverCap, malformedJSON, truncatedBody, oversizedBody,
            redirectLoop, wrongContentType, undecodableImage
    }

    static let cases: [(Service, Fault)] = Service.allCases.flatMap { service in Fault.allCases.map { (service, $0) } }

    @Test(arguments: cases)
    func endsBoundedWithTheRightOutcome(service: Service, fault: Fault) async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let deadPort = 9
        if fault != .refused { Self.inject(fault, into: service, of: services) }
        let clock = AcceleratedClock(factor: 20)
        let test = try TestEnvironment(services: services, refusing: [deadPort], clock: clock) { settings in
            settings.modelTimeout = 2
            settings.metadataTimeout = 2
            guard fault == .refused, let dead = URL(string: "http://127.0.0.1:\(deadPort)") else { return }
            switch service {
            case .callOne, .callTwo, .review: settings.openAIBaseURL = dead.appendingPathComponent("v1")
            case .musicBrainz: settings.musicBrainzURL = dead.appendingPathComponent("ws/2")
            case .listing, .image: settings.coverArtURL = dead
            }
        }
        defer { test.remove() }
        let environment = test.environment
        try environment.keyring.setTier(.ultra)
        let cover = try FixtureScans.cover(service == .callTwo ? "03" : "01", in: environment.home)
        let start = Date()
        let result = await ScanPipeline(environment: environment).scan(cover)
        // Real seconds, not the test clock's: CPU time counts 20-fold there. A case takes a few seconds at most; the
        // bound holds when the matrix runs apart from the in-process scans, as `make test` runs it (beside them a case
        // also waits for the cores). Every wait inside is a time-out or a sleep on the 20-fold clock.
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 10, "\(service) \(fault) took \(seconds) s")
        #expect(test.transport.unexpected.isEmpty, "\(test.transport.unexpected)")
        switch Self.expected(service, fault) {
        case .exit(let code):
            #expect(result.error.map(Self.exitCode) == code, "\(service) \(fault): \(String(describing: result.error))")
        case .degraded(let stage):
            #expect(result.status == .identified, "\(service) \(fault): \(String(describing: result.error))")
            let status = stage == "artwork" ? result.artwork?.status.rawValue : result.review?.status.rawValue
            #expect(status == "unavailable", "\(service) \(fault)")
        }
    }

    /// The CLI's exit code for the failures a scan can end with here.
    static func exitCode(_ error: AlbumScanError) -> Int32 {
        switch error {
        case .rateLimited: 75
        case .serviceFailed, .serviceUnreachable: 69
        default: -1
        }
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
